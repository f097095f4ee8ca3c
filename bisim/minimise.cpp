// The pipeline behind `quotient`: reachable part, tau-SCC contraction (for
// the branching equivalences), partition refinement, quotient construction.
// The quotient is built from the reachable part itself, so it sees the real
// tau self-loops and labels, not the contracted LTS's divergence marks.
#include <utility>

#include "bisim/bisimulation.hpp"
#include "bisim/branching/branching_bisimulation.hpp"
#include "bisim/quotient.hpp"
#include "lts/reachability.hpp"
#include "lts/source_order.hpp"
#include "lts/sparse_states.hpp"

namespace bisim {

namespace {

using lts::StateId;

// minimise, on states numbered densely.
Minimised minimise_dense(lts::Lts&& input, Equivalence e, const PhaseCallback& on_phase, bool with_state_map) {
  Minimised result;
  start_phase(on_phase, "reach");
  // Every phase reads a state's steps in one run (the order of the steps of
  // one state is kept, and none has the original order listed).
  if (merges_states(e)) lts::list_by_source(input);
  lts::Lts current = lts::reachable_part(std::move(input), with_state_map ? &result.state_map : nullptr);
  if (!merges_states(e)) {
    result.quotient = std::move(current);
    start_phase(on_phase, "");
    return result;
  }
  Partition p;
  std::vector<StateId> state_order;  // empty: the states' own order
  if (hides_inert_tau(e)) {
    p = branching_partition_in_place(current, divergence_sensitive(e), result.state_map, state_order, on_phase);
  } else {
    start_phase(on_phase, "refine");
    p = partition(current, e);
  }
  result.refine_log = std::move(p.log);
  start_phase(on_phase, "build");
  std::vector<StateId> class_to_state;
  // Under the branching kinds `current` is contracted, or has no cycles
  // but self-loops: its only tau-cycles are tau self-loops, so the divergent
  // classes need no search (MS queue 3x2 under divbranching, uncontracted:
  // a quarter of the build time, 45% less peak memory). Strong ignores it.
  result.quotient = quotient(std::move(current), p, e, &class_to_state, state_order.empty() ? nullptr : &state_order,
                             /*tau_cycles_are_self_loops=*/true);
  for (StateId& s : result.state_map)
    if (s != lts::no_state) s = class_to_state[p.block[s]];
  start_phase(on_phase, "");
  return result;
}

}  // namespace

// Sparse numbering (lts/sparse_states.hpp) is made dense first, and the
// state map speaks of the original ids of the states that occur:
// `des (0,1,4294967295)` with one transition to state 4294967294 takes 3 MB,
// not 17 GB, and its map two lines, not 4*10^9.
Minimised minimise(lts::Lts&& input, Equivalence e, const PhaseCallback& on_phase, bool with_state_map) {
  lts::DenseLts dense = lts::make_dense(std::move(input));
  Minimised result = minimise_dense(std::move(dense.lts), e, on_phase, with_state_map);
  if (with_state_map) result.mapped_states = std::move(dense.original);  // empty unless sparse
  return result;
}

Minimised minimise(const lts::Lts& lts, Equivalence e) { return minimise(lts::Lts(lts), e, {}); }

}  // namespace bisim
