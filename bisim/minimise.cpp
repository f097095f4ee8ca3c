// The pipeline behind `quotient`: reachable part, tau-SCC contraction (for
// the branching equivalences), partition refinement, quotient construction.
// The quotient is built from the reachable part itself, so it sees the real
// tau self-loops and labels, not the contracted LTS's divergence marks.
#include <algorithm>
#include <utility>

#include "bisim/acyclic/acyclic_classes.hpp"
#include "bisim/bisimulation.hpp"
#include "bisim/quotient.hpp"
#include "bisim/strong/strong_bisimulation.hpp"
#include "bisim/branching/branching_bisimulation.hpp"
#include "bisim/branching/tau_contraction.hpp"
#include "lts/reachability.hpp"
#include "lts/source_order.hpp"
#include "lts/sparse_states.hpp"

namespace bisim {

namespace {

using lts::StateId;

void start(const PhaseCallback& on_phase, std::string_view phase) {
  if (on_phase) on_phase(phase);
}

// branching_partition (bisim/branching/) in its two phases, so that -v can
// time them apart: the search for cycles and tau-SCC contraction ("scc"),
// then classification or O(m log n) refinement ("refine"). Without cycles
// but self-loops, `l` stays as it is and its partition is returned. To lower
// the peak, `l` is released once contracted and replaced by the contracted
// LTS, with its label table back and its divergence marks turned into the tau
// self-loops they stand for; the classes are the same, so the quotient is.
// Returns the partition of the new `l` and composes `state_map` with the
// contraction. The contraction renumbers the states; `by_first_member`
// receives its states in the order of their smallest original member, so
// that the quotient is numbered as if built from the original states.
Partition branching_in_phases(lts::Lts& l, bool divergence_sensitive, std::vector<StateId>& state_map,
                              std::vector<StateId>& by_first_member, const PhaseCallback& on_phase) {
  // The search for cycles first: when tau self-loops are the only
  // tau-cycles and no other cycle exists (gen's models with a bounded
  // number of operations, or none that loop internally), one bottom-up pass
  // classifies the states as they are, and there is nothing to contract
  // (MS queue 3x2: half the scc phase and 40% less peak memory).
  start(on_phase, "scc");
  by_first_member.clear();
  if (const std::optional<SuccessorsFirst> order = SuccessorsFirst::of(l)) {
    start(on_phase, "refine");
    if (std::optional<Partition> p = acyclic_partition(
            l, *order, divergence_sensitive ? Equivalence::divbranching : Equivalence::branching))
      return std::move(*p);
    start(on_phase, "scc");  // too costly after all: contract and refine
  }
  // No tau-steps at all: none can be inert and nothing diverges, so both
  // branching kinds are strong bisimulation, and there is nothing to
  // contract (the scc phase of a ring disappears). The cycle search above
  // has been done.
  if (std::none_of(l.transitions.begin(), l.transitions.end(),
                   [](const lts::Transition& t) { return t.label == lts::tau; })) {
    start(on_phase, "refine");
    Partition p = strong_partition(l, StrongRoute::known_cyclic);
    p.log.insert(p.log.begin(), "no tau-step: strong bisimulation");
    return p;
  }
  const StateId contracted_from = l.num_states;
  branching::ContractedLts contracted = branching::contract_tau_sccs(l, divergence_sensitive, true);
  lts::LabelTable labels = std::move(l.labels);
  l = lts::Lts{};  // its transitions are not needed any more
  for (StateId& s : state_map)
    if (s != lts::no_state) s = contracted.component[s];
  // Without tau-cycles, and with every tau-step going to a higher number,
  // the contraction just reverses the states: then the order is made after
  // refinement, not held through its peak (4 bytes per state).
  const std::uint32_t n = contracted.lts.num_states;
  bool reversed = contracted.component.size() == n;
  for (StateId s = 0; reversed && s < n; ++s) reversed = contracted.component[s] == n - 1 - s;
  if (!reversed) {
    std::vector<bool> seen(n, false);
    by_first_member.reserve(n);
    for (const std::uint32_t c : contracted.component)
      if (!seen[c]) {
        seen[c] = true;
        by_first_member.push_back(c);
      }
  }
  std::vector<std::uint32_t>().swap(contracted.component);
  start(on_phase, "refine");
  // Contraction removes cycles only by merging states; when it merged none,
  // the cycles found above are still there.
  Partition p = branching_partition_of_contracted(contracted.lts, /*may_be_acyclic=*/n < contracted_from);
  p.log.insert(p.log.begin(), "tau-cycles and tau-only states merged: " + std::to_string(contracted_from) +
                                  " -> " + std::to_string(n) + " states");
  if (reversed)
    for (StateId c = n; c-- > 0;) by_first_member.push_back(c);
  l = std::move(contracted.lts);
  for (lts::Transition& t : l.transitions)
    if (t.label >= labels.size()) t.label = lts::tau;  // a divergence mark
  l.labels = std::move(labels);
  return p;
}

// minimise, on states numbered densely.
Minimised minimise_dense(lts::Lts&& input, Equivalence e, const PhaseCallback& on_phase, bool with_state_map) {
  Minimised result;
  start(on_phase, "reach");
  // Every phase reads a state's steps in one run (the order of the steps of
  // one state is kept, and none has the original order listed).
  if (merges_states(e)) lts::list_by_source(input);
  lts::Lts current = lts::reachable_part(std::move(input), with_state_map ? &result.state_map : nullptr);
  if (!merges_states(e)) {
    result.quotient = std::move(current);
    start(on_phase, "");
    return result;
  }
  Partition p;
  std::vector<StateId> state_order;  // empty: the states' own order
  if (hides_inert_tau(e)) {
    p = branching_in_phases(current, divergence_sensitive(e), result.state_map, state_order, on_phase);
  } else {
    start(on_phase, "refine");
    p = partition(current, e);
  }
  result.refine_log = std::move(p.log);
  start(on_phase, "build");
  std::vector<StateId> class_to_state;
  // Under the branching kinds `current` is contracted, or has no cycles
  // but self-loops: its only tau-cycles are tau self-loops, so the divergent
  // classes need no search (MS queue 3x2 under divbranching, uncontracted:
  // a quarter of the build time, 45% less peak memory). Strong ignores it.
  result.quotient = quotient(std::move(current), p, e, &class_to_state, state_order.empty() ? nullptr : &state_order,
                             /*tau_cycles_are_self_loops=*/true);
  for (StateId& s : result.state_map)
    if (s != lts::no_state) s = class_to_state[p.block[s]];
  start(on_phase, "");
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
