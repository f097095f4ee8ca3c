#pragma once
// Strongly connected components of a sub-graph of an LTS: the states
// `keep_state` accepts and the transitions between them `keep_edge`
// accepts. Tarjan's algorithm (SIAM J. Comput. 1(2), 1972), iterative so
// that long chains do not overflow the call stack; it runs on the CSR view
// the caller already has, so several sub-graphs share one.
#include <cstdint>
#include <utility>
#include <vector>

#include "lts/adjacency.hpp"
#include "lts/lts.hpp"

namespace refine {

inline constexpr std::uint32_t no_component = static_cast<std::uint32_t>(-1);

struct Components {
  std::vector<std::uint32_t> of;  // by state; no_component for states left out
  std::uint32_t count = 0;
};

template <typename KeepState, typename KeepEdge>
Components filtered_sccs(const lts::Lts& lts, const lts::Adjacency& out, KeepState keep_state, KeepEdge keep_edge) {
  constexpr std::uint32_t unvisited = static_cast<std::uint32_t>(-1);
  Components c;
  c.of.assign(lts.num_states, no_component);
  std::vector<std::uint32_t> index(lts.num_states, unvisited), low(lts.num_states);
  std::vector<lts::StateId> stack;
  std::vector<std::pair<lts::StateId, std::uint32_t>> calls;  // state, position in its edges
  std::uint32_t next_index = 0;
  const auto enter = [&](lts::StateId s) {
    index[s] = low[s] = next_index++;
    stack.push_back(s);
    calls.emplace_back(s, 0);
  };
  for (lts::StateId root = 0; root < lts.num_states; ++root) {
    if (index[root] != unvisited || !keep_state(root)) continue;
    enter(root);
    while (!calls.empty()) {
      const lts::StateId v = calls.back().first;
      const auto edges = out.of(v);
      if (calls.back().second < edges.size()) {
        const std::uint32_t e = edges[calls.back().second++];
        const lts::Transition& t = lts.transitions[e];
        if (!keep_edge(e, t) || !keep_state(t.to)) continue;
        if (index[t.to] == unvisited)
          enter(t.to);
        else if (c.of[t.to] == no_component)  // still on the stack
          low[v] = std::min(low[v], index[t.to]);
        continue;
      }
      calls.pop_back();
      if (!calls.empty()) low[calls.back().first] = std::min(low[calls.back().first], low[v]);
      if (low[v] != index[v]) continue;
      lts::StateId w;
      do {
        w = stack.back();
        stack.pop_back();
        c.of[w] = c.count;
      } while (w != v);
      ++c.count;
    }
  }
  return c;
}

}  // namespace refine
