#pragma once
// Strongly connected components of the tau-transitions (Tarjan, SIAM J.
// Comput. 1(2), 1972, in Pearce's space-efficient form, Inf. Process. Lett.
// 2016), computed iteratively so that a tau-chain of 10^7 states does not
// overflow the call stack.
//
// Hand-written rather than Boost.Graph's strong_components: Boost would need
// the graph copied into an adjacency_list (about 40 bytes per edge), while
// this works on the 4-byte-per-edge CSR view we already build.
#include <cstdint>
#include <vector>

#include "lts/lts.hpp"

namespace lts {

struct TauSccs {
  // component[s] is the SCC of state s. Components are numbered in the order
  // Tarjan completes them: every tau-successor of a state lies in a
  // component with a number no larger than its own (reverse topological).
  // The searches start from the last state down, so on LTSs whose tau-steps
  // mostly go to higher numbers the components keep the states' order,
  // reversed.
  std::vector<std::uint32_t> component;
  std::uint32_t count = 0;
  // divergent[c]: component c holds a tau-cycle (two or more states, or a
  // tau self-loop), so its states can do tau steps forever inside it.
  std::vector<bool> divergent;
};

TauSccs tau_sccs(const Lts& lts);

}  // namespace lts
