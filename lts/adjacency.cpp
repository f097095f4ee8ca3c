#include "lts/adjacency.hpp"

namespace lts {

// A stable counting sort by source (or target): O(n + m), no comparisons.
Adjacency::Adjacency(const Lts& lts, Direction direction, Which which)
    : offsets_(static_cast<std::size_t>(lts.num_states) + 1, 0) {
  const auto key = [direction](const Transition& t) {
    return direction == Direction::forward ? t.from : t.to;
  };
  const auto wanted = [which](const Transition& t) { return which == Which::all || t.label == tau; };
  for (const Transition& t : lts.transitions)
    if (wanted(t)) ++offsets_[key(t) + 1];
  for (std::size_t s = 0; s + 1 < offsets_.size(); ++s) offsets_[s + 1] += offsets_[s];
  edges_.resize(offsets_.back());
  std::vector<std::uint32_t> next(offsets_.begin(), offsets_.end() - 1);
  for (std::uint32_t i = 0; i < lts.transitions.size(); ++i) {
    const Transition& t = lts.transitions[i];
    if (wanted(t)) edges_[next[key(t)]++] = i;
  }
}

}  // namespace lts
