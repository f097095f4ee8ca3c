#include "refine/equivalence/block_graph.hpp"

#include <algorithm>

#include "lts/tau_scc.hpp"

namespace refine {

lts::Lts block_graph(const lts::Lts& lts, const bisim::Partition& partition, bisim::Equivalence e) {
  const bool branching = bisim::hides_inert_tau(e);
  lts::Lts g;
  g.labels = lts.labels;
  g.num_states = std::max<lts::StateId>(1, partition.num_blocks);
  g.initial = partition.block[lts.initial];
  lts::Lts inert;  // the inert tau steps alone, to find divergent blocks
  inert.num_states = lts.num_states;
  for (const lts::Transition& t : lts.transitions) {
    const lts::StateId from = partition.block[t.from], to = partition.block[t.to];
    if (branching && t.label == lts::tau && from == to) {
      inert.transitions.push_back(t);
      continue;
    }
    g.transitions.push_back({from, t.label, to});
  }
  if (bisim::divergence_sensitive(e)) {
    const lts::TauSccs sccs = lts::tau_sccs(inert);
    for (lts::StateId s = 0; s < lts.num_states; ++s)
      if (sccs.divergent[sccs.component[s]])
        g.transitions.push_back({partition.block[s], lts::tau, partition.block[s]});
  }
  std::sort(g.transitions.begin(), g.transitions.end());
  g.transitions.erase(std::unique(g.transitions.begin(), g.transitions.end()), g.transitions.end());
  return g;
}

}  // namespace refine
