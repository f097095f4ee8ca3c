#include "lts/reachability.hpp"

#include "lts/adjacency.hpp"

namespace lts {

std::vector<bool> reachable_states(const Lts& lts) {
  const Adjacency out(lts, Direction::forward);
  std::vector<bool> seen(lts.num_states, false);
  std::vector<StateId> stack{lts.initial};
  seen[lts.initial] = true;
  while (!stack.empty()) {
    const StateId s = stack.back();
    stack.pop_back();
    for (auto i : out.of(s)) {
      const StateId t = lts.transitions[i].to;
      if (!seen[t]) {
        seen[t] = true;
        stack.push_back(t);
      }
    }
  }
  return seen;
}

Lts reachable_part(const Lts& lts, std::vector<StateId>* old_to_new) {
  const std::vector<bool> seen = reachable_states(lts);
  std::vector<StateId> renumber(lts.num_states, no_state);
  StateId next = 0;
  for (StateId s = 0; s < lts.num_states; ++s)
    if (seen[s]) renumber[s] = next++;

  Lts result;
  result.labels = lts.labels;
  result.num_states = next;
  result.initial = renumber[lts.initial];
  std::size_t kept = 0;
  for (const Transition& t : lts.transitions) kept += seen[t.from];
  result.transitions.reserve(kept);
  for (const Transition& t : lts.transitions)
    if (seen[t.from]) result.transitions.push_back({renumber[t.from], t.label, renumber[t.to]});
  if (old_to_new) *old_to_new = std::move(renumber);
  return result;
}

}  // namespace lts
