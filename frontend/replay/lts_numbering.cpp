#include "frontend/replay/lts_numbering.hpp"

#include "frontend/explore/explorer.hpp"

namespace frontend::replay {

LtsNumbering::LtsNumbering(const Program& p, const ExploreOptions& gen) : canon_(p) {
  ExploreOptions options;  // one worker, no bound: the same LTS (gen -j N writes the bytes of -j 1)
  options.reduce = gen.reduce;
  options.thread_steps = gen.thread_steps;
  count_ = explore(p, options, nullptr, &explored_).num_states;
  visited_ = explored_.store->size();
}

std::optional<LtsNumbering::Numbered> LtsNumbering::lookup(const std::vector<std::int32_t>& state) {
  std::vector<std::int32_t> canonical = state;
  canon_.run(canonical.data());
  const std::uint32_t id = explored_.store->insert(canonical.data()).first;
  if (id >= visited_) return std::nullopt;
  return Numbered{explored_.lts_state_of(id), !explored_.kept(id)};
}

}  // namespace frontend::replay
