#include "frontend/replay/lts_numbering.hpp"

#include "frontend/interpreter.hpp"
#include "frontend/labels.hpp"
#include "lts/builder.hpp"

namespace frontend::replay {

LtsNumbering::LtsNumbering(const Program& p) : p_(p), store_(p), canon_(p) {
  lts::LtsBuilder builder;
  Labels labels(p, builder);
  Interpreter interpreter(p, labels);
  std::vector<std::int32_t> state = p.initial;
  interpreter.initialize(state);
  store_.insert(state.data());
  Successors next;
  std::vector<std::pair<std::uint32_t, bool>> inserted;
  for (std::uint32_t id = 0; id < store_.size(); ++id) {
    store_.get(id, state.data());
    next.clear();
    for (int t = 0; t < p.threads; ++t) interpreter.successors(state.data(), t, next);
    store_.insert_many(next.states.data(), next.labels.size(), p.state_size, inserted);
  }
  count_ = store_.size();
}

std::optional<std::uint32_t> LtsNumbering::number(const std::vector<std::int32_t>& state) {
  std::vector<std::int32_t> canonical = state;
  canon_.run(canonical.data());
  const std::uint32_t id = store_.insert(canonical.data()).first;
  if (id < count_) return id;
  return std::nullopt;
}

}  // namespace frontend::replay
