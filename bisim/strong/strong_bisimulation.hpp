#pragma once
// Strong bisimulation partition.
#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace bisim {

// How the partition is computed: signature refinement when it can prove its
// answer, else Paige & Tarjan (the default); or Paige & Tarjan alone. Both
// give the same partition; tests run both.
// `known_cyclic` is `fastest` for a caller that knows the LTS has a cycle
// through two or more states: the one-pass classification of acyclic LTSs
// is not tried (its search for cycles would be wasted).
// `worklist_first` (tests) takes the worklist rounds of
// worklist_signatures.hpp, whatever the LTS, then Paige & Tarjan when
// their answer is refuted.
enum class StrongRoute { fastest, known_cyclic, paige_tarjan_only, worklist_first };

// The coarsest strong bisimulation of all states of `lts` (tau is an ordinary
// label here). Blocks are numbered by their smallest state.
Partition strong_partition(const lts::Lts& lts, StrongRoute route = StrongRoute::fastest);

}  // namespace bisim
