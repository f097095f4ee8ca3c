#pragma once
// Strong bisimulation partition.
#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace bisim {

// The coarsest strong bisimulation of all states of `lts` (tau is an ordinary
// label here). Blocks are numbered deterministically.
Partition strong_partition(const lts::Lts& lts);

}  // namespace bisim
