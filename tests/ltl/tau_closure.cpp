#include "tests/ltl/tau_closure.hpp"

#include <algorithm>

namespace ltl_test {

std::vector<ClosedState> close_tau(const lts::Lts& l) {
  const lts::StateId n = l.num_states;
  std::vector<std::vector<lts::StateId>> tau(n);
  std::vector<std::vector<std::pair<lts::LabelId, lts::StateId>>> visible(n);
  for (const auto& t : l.transitions) {
    if (t.label == lts::tau) tau[t.from].push_back(t.to);
    else visible[t.from].push_back({t.label, t.to});
  }
  // The states reached from s by tau*; `again`: s itself by one or more steps.
  std::vector<lts::StateId> mark(n, static_cast<lts::StateId>(-1));
  auto reach = [&](lts::StateId s, bool& again) {
    std::vector<lts::StateId> seen{s}, todo{s};
    mark[s] = s;
    again = false;
    while (!todo.empty()) {
      const lts::StateId x = todo.back();
      todo.pop_back();
      for (lts::StateId y : tau[x]) {
        again = again || y == s;
        if (mark[y] != s) mark[y] = s, seen.push_back(y), todo.push_back(y);
      }
    }
    return seen;
  };
  std::vector<bool> on_cycle(n);
  for (lts::StateId s = 0; s < n; ++s) {
    bool again = false;
    reach(s, again);
    on_cycle[s] = again;
  }
  std::fill(mark.begin(), mark.end(), static_cast<lts::StateId>(-1));
  std::vector<ClosedState> out(n);
  for (lts::StateId s = 0; s < n; ++s) {
    bool again = false;
    for (lts::StateId x : reach(s, again)) {
      out[s].ends = out[s].ends || on_cycle[x] || (tau[x].empty() && visible[x].empty());
      out[s].steps.insert(out[s].steps.end(), visible[x].begin(), visible[x].end());
    }
    std::sort(out[s].steps.begin(), out[s].steps.end());
    out[s].steps.erase(std::unique(out[s].steps.begin(), out[s].steps.end()), out[s].steps.end());
  }
  return out;
}

}  // namespace ltl_test
