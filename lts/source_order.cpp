#include "lts/source_order.hpp"

#include <algorithm>
#include <numeric>

namespace lts {

bool listed_by_source(const std::vector<Transition>& transitions) {
  return std::is_sorted(transitions.begin(), transitions.end(),
                        [](const Transition& a, const Transition& b) { return a.from < b.from; });
}

void list_by_source(Lts& lts) {
  if (listed_by_source(lts.transitions)) return;
  std::vector<std::size_t> next(std::size_t{lts.num_states} + 1, 0);
  for (const Transition& t : lts.transitions) ++next[t.from + 1];
  std::partial_sum(next.begin(), next.end(), next.begin());
  std::vector<Transition> sorted(lts.transitions.size());
  for (const Transition& t : lts.transitions) sorted[next[t.from]++] = t;
  lts.transitions = std::move(sorted);
}

SourceRuns::SourceRuns(const Lts& lts) : first_(std::size_t{lts.num_states} + 1, 0) {
  for (const Transition& t : lts.transitions) ++first_[t.from + 1];
  std::partial_sum(first_.begin(), first_.end(), first_.begin());
}

}  // namespace lts
