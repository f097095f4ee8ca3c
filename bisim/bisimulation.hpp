#pragma once
// The one entry point to partition refinement: the coarsest partition of an
// LTS's states under an equivalence. `quotient` and `refines` both call this.
#include "bisim/equivalence.hpp"
#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace bisim {

// The coarsest partition of all states of `lts` (reachable or not) under `e`:
//   none          the identity (block[s] == s),
//   strong        strong bisimulation (bisim/strong/strong_bisimulation.hpp),
//   branching     branching bisimulation (bisim/branching/),
//   divbranching  divergence-sensitive branching bisimulation (bisim/branching/).
// Deterministic: the same LTS always gives the same block numbers.
Partition partition(const lts::Lts& lts, Equivalence e);

// The identity partition of `lts`: every state alone in its block.
Partition identity_partition(const lts::Lts& lts);

}  // namespace bisim
