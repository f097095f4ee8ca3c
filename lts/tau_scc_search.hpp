#pragma once
// The search behind tau_sccs (tau_scc.hpp), on any graph of tau-steps: a
// `graph` with `of(s)`, the tau-successors of s as a random-access range
// of StateId (size() and operator[]), and `prefetch(s)`. The orbit LTS's
// contraction runs it on its transitions where they lie, without a copy.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "lts/tau_scc.hpp"

namespace lts {

// Pearce's variant of Tarjan's algorithm ("A space-efficient algorithm for
// finding strongly connected components", Inf. Process. Lett. 116(1), 2016,
// Algorithm 3, iterative): one array, rindex, serves as Tarjan's index and
// lowlink while a state is open and holds its component once closed, and
// a bit marks the roots. Against Tarjan's three per-state arrays (index,
// lowlink, component), a third of the memory touched at random.
//
// Open states get numbers 1, 2, ... from `next` (given back when their
// component closes); closed components take numbers from n down, which are
// larger than any open number, so an edge into a closed component never
// lowers a lowlink. Components close in Tarjan's order; at the end they are
// renumbered 0, 1, ... in that order.
template <typename TauGraph>
TauSccs tau_sccs_of(StateId n, const TauGraph& graph) {
  TauSccs result;
  std::vector<std::uint32_t>& rindex = result.component;  // becomes the component
  rindex.assign(n, 0);
  std::vector<bool> root(n, false);
  std::vector<StateId> scc_stack;
  // The explicit DFS stack: a state and how many of its edges it has tried.
  struct Frame {
    StateId state;
    std::uint32_t next_edge;
  };
  std::vector<Frame> dfs;
  std::uint32_t next = 1;           // the next open number
  std::uint64_t closed_id = n;      // the last closed component's number (counts down)
  std::vector<std::uint32_t> size;  // per closed component, in closing order

  auto open = [&](StateId s) {
    rindex[s] = next++;
    root[s] = true;
    dfs.push_back({s, 0});
  };
  // Roots from the last state down: in LTSs numbered breadth-first most
  // tau-steps go up, so most searches stop at once and the components come
  // out nearly in descending state order (ascending roots went deep first
  // and scattered them).
  for (StateId start = n; start-- > 0;) {
    if (rindex[start] != 0) continue;
    open(start);
    while (!dfs.empty()) {
      Frame& f = dfs.back();
      const StateId v = f.state;
      const auto edges = graph.of(v);
      // On the first visit of v, fetch what its edges will read: the misses
      // of its children overlap, where the search alone takes them one by
      // one (a sixth off the search on a random LTS with 30% tau).
      if (f.next_edge == 0)
        for (std::size_t i = 0; i < edges.size(); ++i) {
          const StateId w = edges[i];
          __builtin_prefetch(&rindex[w]);
          graph.prefetch(w);
        }
      if (f.next_edge < edges.size()) {
        const StateId w = edges[f.next_edge];
        if (rindex[w] == 0) {
          open(w);  // f.next_edge stays: the edge is finished on return
          continue;
        }
        ++f.next_edge;
        if (rindex[w] < rindex[v]) {
          rindex[v] = rindex[w];
          root[v] = false;
        }
        continue;
      }
      dfs.pop_back();
      if (root[v]) {
        // v closes its component: v and the states above it on the stack.
        --closed_id;
        const auto id = static_cast<std::uint32_t>(closed_id);
        std::uint32_t members = 1;
        --next;
        while (!scc_stack.empty() && rindex[v] <= rindex[scc_stack.back()]) {
          rindex[scc_stack.back()] = id;
          scc_stack.pop_back();
          --next;
          ++members;
        }
        rindex[v] = id;
        size.push_back(members);
      } else {
        scc_stack.push_back(v);
      }
      // Finish the parent's edge into v.
      if (!dfs.empty()) {
        Frame& parent = dfs.back();
        ++parent.next_edge;
        const StateId u = parent.state;
        if (rindex[v] < rindex[u]) {
          rindex[u] = rindex[v];
          root[u] = false;
        }
      }
    }
  }
  // Closing order from 0: the first closed (number n - 1) becomes 0.
  result.count = static_cast<std::uint32_t>(size.size());
  for (std::uint32_t& c : rindex) c = n - 1 - c;
  result.divergent.resize(result.count);
  for (std::uint32_t c = 0; c < result.count; ++c) result.divergent[c] = size[c] > 1;
  for (StateId s = 0; s < n; ++s) {
    const auto edges = graph.of(s);
    for (std::size_t i = 0; i < edges.size(); ++i)
      if (edges[i] == s) result.divergent[result.component[s]] = true;
  }
  return result;
}

}  // namespace lts
