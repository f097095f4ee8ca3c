#pragma once
// Strong bisimulation partition.
#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace bisim {

// How the partition is computed: signature refinement when it can prove its
// answer, else Paige & Tarjan (the default); or Paige & Tarjan alone. Both
// give the same partition; tests run both.
enum class StrongRoute { fastest, paige_tarjan_only };

// The coarsest strong bisimulation of all states of `lts` (tau is an ordinary
// label here). Blocks are numbered by their smallest state.
Partition strong_partition(const lts::Lts& lts, StrongRoute route = StrongRoute::fastest);

}  // namespace bisim
