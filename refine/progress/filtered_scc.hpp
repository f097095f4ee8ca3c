#pragma once
// Strongly connected components of a sub-graph of a graph: the states
// `keep_state` accepts and the arcs between them `keep_arc` accepts.
// Tarjan's algorithm (SIAM J. Comput. 1(2), 1972), iterative so that long
// chains do not overflow the call stack. `graph.of(s)` lists the arcs
// leaving s, each with a field `to`; several sub-graphs share one graph.
#include <cstdint>
#include <utility>
#include <vector>

#include "lts/lts.hpp"

namespace refine {

inline constexpr std::uint32_t no_component = static_cast<std::uint32_t>(-1);

struct Components {
  std::vector<std::uint32_t> of;  // by state; no_component for states left out
  std::uint32_t count = 0;
};

namespace detail {
inline constexpr std::uint32_t unvisited = static_cast<std::uint32_t>(-1), done = unvisited - 1;
// Tarjan's index and low side by side, one cache miss per arc followed; a
// state whose component is complete has index `done` and its component in low.
struct SccMarks {
  std::uint32_t index = unvisited, low = 0;
};
}  // namespace detail

template <typename Graph, typename KeepState, typename KeepArc>
Components filtered_sccs(lts::StateId num_states, const Graph& graph, KeepState keep_state, KeepArc keep_arc) {
  using detail::unvisited, detail::done;
  std::vector<detail::SccMarks> m(num_states);
  std::vector<lts::StateId> stack;
  std::vector<std::pair<lts::StateId, std::uint32_t>> calls;  // state, position in its arcs
  std::uint32_t next_index = 0, count = 0;
  const auto enter = [&](lts::StateId s) {
    m[s].index = m[s].low = next_index++;
    stack.push_back(s);
    calls.emplace_back(s, 0);
  };
  for (lts::StateId root = 0; root < num_states; ++root) {
    if (m[root].index != unvisited || !keep_state(root)) continue;
    enter(root);
    while (!calls.empty()) {
      const lts::StateId v = calls.back().first;
      const auto arcs = graph.of(v);
      if (calls.back().second < arcs.size()) {
        const auto& t = arcs[calls.back().second++];
        if (!keep_arc(t) || !keep_state(t.to)) continue;
        const std::uint32_t index = m[t.to].index;
        if (index == unvisited) enter(t.to);
        else if (index != done)  // still on the stack
          m[v].low = std::min(m[v].low, index);
        continue;
      }
      calls.pop_back();
      if (!calls.empty()) m[calls.back().first].low = std::min(m[calls.back().first].low, m[v].low);
      if (m[v].low != m[v].index) continue;
      lts::StateId w;
      do {
        w = stack.back();
        stack.pop_back();
        m[w] = {done, count};
      } while (w != v);
      ++count;
    }
  }
  Components c;
  c.count = count;
  c.of.resize(num_states);
  for (lts::StateId s = 0; s < num_states; ++s) c.of[s] = m[s].index == done ? m[s].low : no_component;
  return c;
}

}  // namespace refine
