#pragma once
// Branching and divergence-sensitive branching bisimulation partitions.
#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace bisim {

// The coarsest branching bisimulation (divergence-sensitive when asked) of
// all states of `lts`, reachable or not.
Partition branching_partition(const lts::Lts& lts, bool divergence_sensitive);

}  // namespace bisim
