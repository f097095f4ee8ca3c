#pragma once
// Branching and divergence-sensitive branching bisimulation partitions.
#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace bisim {

// How the partition is computed: signature refinement, finished by partition
// refinement when it cannot prove its result final (the default), or
// partition refinement alone from one block. Both give the same partition;
// tests run both.
enum class BranchingRoute { fastest, partition_refinement_only };

// The coarsest branching bisimulation (divergence-sensitive when asked) of
// all states of `lts`, reachable or not.
Partition branching_partition(const lts::Lts& lts, bool divergence_sensitive,
                              BranchingRoute route = BranchingRoute::fastest);

}  // namespace bisim
