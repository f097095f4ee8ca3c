#include "lts/single_tau_merge.hpp"

#include <algorithm>
#include <cstdint>

namespace lts {

namespace {

// The tau target of each state whose only transition is a tau-step, no_state
// for the others. The initial state is never merged.
std::vector<StateId> single_tau_targets(const Lts& l) {
  std::vector<StateId> single(l.num_states, no_state);
  std::vector<std::uint8_t> degree(l.num_states, 0);  // 0, 1 or "2 or more": a byte a state
  for (const Transition& t : l.transitions) {
    if (degree[t.from] == 0 && t.label == tau) single[t.from] = t.to;
    if (degree[t.from] < 2) ++degree[t.from];
  }
  for (StateId s = 0; s < l.num_states; ++s)
    if (degree[s] != 1 || s == l.initial) single[s] = no_state;
  return single;
}

// Turns the single tau targets into, for each state, the kept state it
// merges into: follow single tau targets until a state that is kept. A ring
// of mergeable states keeps the state at which the walk first closes it.
// In place, with a bit a state for "resolved" (gen merges 10^8 states), and
// iterative, so chains of 10^7 states need no call stack.
void resolve_merge_targets(std::vector<StateId>& target) {
  constexpr StateId on_path = no_state - 1;
  const auto n = static_cast<StateId>(target.size());
  std::vector<bool> resolved(n, false);
  std::vector<StateId> path;
  for (StateId s = 0; s < n; ++s) {
    if (resolved[s]) continue;
    path.clear();
    StateId at = s;
    StateId end;
    for (;;) {
      if (resolved[at]) {
        end = target[at];
        break;
      }
      if (target[at] == on_path || target[at] == no_state) {  // a ring closes at `at`, or `at` is kept
        end = at;
        break;
      }
      const StateId next = target[at];
      target[at] = on_path;
      path.push_back(at);
      at = next;
    }
    for (StateId p : path) target[p] = end, resolved[p] = true;
    target[end] = end, resolved[end] = true;
  }
}

}  // namespace

TauMerge merge_single_tau_states(Lts& l) {
  TauMerge c;
  c.into = single_tau_targets(l);
  resolve_merge_targets(c.into);
  // Renumbered in place, one array of the input's size (gen merges 10^8
  // states): first each kept state gets its number, in order, so number 0
  // stays the initial state when it was; then every merged state the number
  // of the state it went into, which that state already holds.
  std::vector<StateId>& into = c.into;
  std::size_t kept_states = 0;
  for (StateId s = 0; s < l.num_states; ++s) kept_states += into[s] == s;
  c.kept.reserve(kept_states);
  for (StateId s = 0; s < l.num_states; ++s)
    if (into[s] == s) {
      into[s] = static_cast<StateId>(c.kept.size());
      c.kept.push_back(s);
    }
  for (StateId s = 0, next_kept = 0; s < l.num_states; ++s) {
    if (next_kept < c.kept.size() && c.kept[next_kept] == s) {
      ++next_kept;
      continue;
    }
    into[s] = into[into[s]];
  }
  const auto kept = [&](StateId s) { return c.kept[into[s]] == s; };

  std::size_t w = 0;
  for (const Transition& t : l.transitions)
    if (kept(t.from)) l.transitions[w++] = {into[t.from], t.label, into[t.to]};
  l.transitions.resize(w);
  // Each state's transitions are one run when the input lists them by
  // source, as LtsBuilder does; otherwise sort them all.
  const auto by_source = [](const Transition& a, const Transition& b) { return a.from < b.from; };
  if (std::is_sorted(l.transitions.begin(), l.transitions.end(), by_source)) {
    for (auto first = l.transitions.begin(); first != l.transitions.end();) {
      const auto last =
          std::find_if(first, l.transitions.end(), [&](const Transition& t) { return t.from != first->from; });
      std::sort(first, last);
      first = last;
    }
  } else {
    std::sort(l.transitions.begin(), l.transitions.end());
  }
  l.transitions.erase(std::unique(l.transitions.begin(), l.transitions.end()), l.transitions.end());
  l.initial = c.into[l.initial];
  l.num_states = static_cast<StateId>(c.kept.size());
  return c;
}

}  // namespace lts
