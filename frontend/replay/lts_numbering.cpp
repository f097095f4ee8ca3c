#include "frontend/replay/lts_numbering.hpp"

#include "frontend/explorer.hpp"

namespace frontend::replay {

LtsNumbering::LtsNumbering(const Program& p, bool reduced) : p_(p), canon_(p) {
  ExploreOptions options;
  options.reduce = reduced;
  explore(p, options, nullptr, &store_);
  count_ = store_->size();
}

std::optional<std::uint32_t> LtsNumbering::number(const std::vector<std::int32_t>& state) {
  std::vector<std::int32_t> canonical = state;
  canon_.run(canonical.data());
  const std::uint32_t id = store_->insert(canonical.data()).first;
  if (id < count_) return id;
  return std::nullopt;
}

}  // namespace frontend::replay
