#pragma once
// The reference partitioner: naive signature refinement to a fixpoint, the
// small, obviously correct twin of the fast partitioners in bisim/, which
// the tests compare them with on many random LTSs. Quadratic or worse; for
// tests only.
#include "bisim/equivalence.hpp"
#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace bisim {

// The coarsest partition of all states of `lts` (reachable or not) for the
// equivalence `e`: strong, branching or divergence-sensitive branching
// bisimulation; for Equivalence::none every state is its own block.
//
// Block numbers are an implementation detail: compare partitions as
// equivalence relations (same_partition below), not by their numbers.
Partition reference_partition(const lts::Lts& lts, Equivalence e);

// True when a and b, over the same states, relate the same pairs of states.
bool same_partition(const Partition& a, const Partition& b);

// True when `coarse` never separates two states that `fine` relates (over
// the same states): what any partition a refiner reaches on its way must be
// to the answer, coarse >= reference.
bool never_finer(const Partition& coarse, const Partition& fine);

}  // namespace bisim
