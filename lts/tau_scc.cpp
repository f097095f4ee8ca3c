#include "lts/tau_scc.hpp"

#include "lts/adjacency.hpp"

namespace lts {

namespace {
constexpr std::uint32_t unvisited = static_cast<std::uint32_t>(-1);
}

TauSccs tau_sccs(const Lts& lts) {
  const Successors tau_out(lts, Which::tau_only);
  const StateId n = lts.num_states;

  TauSccs result;
  result.component.assign(n, unvisited);
  std::vector<std::uint32_t> index(n, unvisited), low(n, 0);
  std::vector<StateId> scc_stack;
  // The explicit DFS stack: a state and how many of its edges it has tried.
  struct Frame {
    StateId state;
    std::uint32_t next_edge;
  };
  std::vector<Frame> dfs;
  std::uint32_t counter = 0;

  // Roots from the last state down: in LTSs numbered breadth-first most
  // tau-steps go up, so most searches stop at once and the components come
  // out nearly in descending state order (ascending roots went deep first
  // and scattered them).
  for (StateId root = n; root-- > 0;) {
    if (index[root] != unvisited) continue;
    dfs.push_back({root, 0});
    index[root] = low[root] = counter++;
    scc_stack.push_back(root);
    while (!dfs.empty()) {
      Frame& f = dfs.back();
      const auto edges = tau_out.of(f.state);
      if (f.next_edge < edges.size()) {
        const StateId t = edges[f.next_edge++];
        if (index[t] == unvisited) {
          index[t] = low[t] = counter++;
          scc_stack.push_back(t);
          dfs.push_back({t, 0});
        } else if (result.component[t] == unvisited && index[t] < low[f.state]) {
          low[f.state] = index[t];  // t is on the SCC stack
        }
        continue;
      }
      const StateId s = f.state;
      dfs.pop_back();
      if (!dfs.empty() && low[s] < low[dfs.back().state]) low[dfs.back().state] = low[s];
      if (low[s] != index[s]) continue;
      // s is the root of an SCC: pop it.
      const std::uint32_t c = result.count++;
      std::size_t size = 0;
      StateId member;
      do {
        member = scc_stack.back();
        scc_stack.pop_back();
        result.component[member] = c;
        ++size;
      } while (member != s);
      result.divergent.push_back(size > 1);
    }
  }
  for (const Transition& t : lts.transitions)
    if (t.label == tau && t.from == t.to) result.divergent[result.component[t.from]] = true;
  return result;
}

}  // namespace lts
