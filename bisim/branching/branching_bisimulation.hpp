#pragma once
// Branching and divergence-sensitive branching bisimulation partitions.
#include <vector>

#include "bisim/partition.hpp"
#include "bisim/phase_callback.hpp"
#include "lts/lts.hpp"

namespace bisim {

// How the partition is computed: signature refinement, finished by partition
// refinement when it cannot prove its result final (the default);
// partition refinement alone from one block; or partition refinement from
// the classes of about one pass of signature refinement, each class a
// constellation of its own (how it starts after a refuted fixpoint); or
// about one pass of signature refinement, then, when no tau-step lies
// inside a class, worklist rounds without budget (else partition
// refinement). All give the same partition; tests run all.
enum class BranchingRoute {
  fastest,
  partition_refinement_only,
  from_classes_as_constellations,
  worklist_when_nothing_inert
};

// The coarsest branching bisimulation (divergence-sensitive when asked) of
// all states of `lts`, reachable or not.
Partition branching_partition(const lts::Lts& lts, bool divergence_sensitive,
                              BranchingRoute route = BranchingRoute::fastest);

// The branching partition of an LTS contracted by contract_tau_sccs
// (divergence, when asked, marked by a label of its own): the one-pass
// classification when its only cycles are self-loops (not tried when the
// caller knows otherwise: `may_be_acyclic` false); the strong partitioner
// when no tau-step is left; else signature and partition refinement
// (refiner.hpp). partition_refinement_only always takes the last, from one
// block.
Partition branching_partition_of_contracted(const lts::Lts& contracted, bool may_be_acyclic,
                                            BranchingRoute route = BranchingRoute::fastest);

// The route of minimise (bisim/quotient.hpp), on its reachable part `l`:
// the one-pass classification and the tau-free shortcut first on `l` as it
// is, then contraction, after which `l` is the contracted LTS with tau
// self-loops for divergence; `state_map` is composed with the contraction
// and `by_first_member` lists the contracted states in the order of their
// smallest original member (empty: their own order). Phases "scc" and
// "refine" go to `on_phase`. Returns the partition of the new `l`.
Partition branching_partition_in_place(lts::Lts& l, bool divergence_sensitive, std::vector<lts::StateId>& state_map,
                                       std::vector<lts::StateId>& by_first_member, const PhaseCallback& on_phase);

}  // namespace bisim
