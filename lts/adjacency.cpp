#include "lts/adjacency.hpp"

namespace lts {

// A stable counting sort by source (or target): O(n + m), no comparisons.
Adjacency::Adjacency(const Lts& lts, Direction direction, Which which)
    : offsets_(static_cast<std::size_t>(lts.num_states) + 1, 0) {
  const auto key = [direction](const Transition& t) { return direction == Direction::forward ? t.from : t.to; };
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

Successors::Successors(const Lts& lts, Which which) : offsets_(static_cast<std::size_t>(lts.num_states) + 1, 0) {
  const bool all = which == Which::all;
  for (const Transition& t : lts.transitions)
    if (all || t.label == tau) ++offsets_[t.from + 1];
  for (std::size_t s = 0; s + 1 < offsets_.size(); ++s) offsets_[s + 1] += offsets_[s];
  targets_.resize(offsets_.back());
  // Fill back to front, so that offsets_ ends up where it started.
  for (auto it = lts.transitions.rbegin(); it != lts.transitions.rend(); ++it)
    if (all || it->label == tau) targets_[--offsets_[it->from + 1]] = it->to;
  // Now offsets_[s+1] holds the start of s; shift back by one.
  for (std::size_t s = 0; s + 1 < offsets_.size(); ++s) offsets_[s] = offsets_[s + 1];
  offsets_.back() = static_cast<std::uint32_t>(targets_.size());
}

}  // namespace lts
