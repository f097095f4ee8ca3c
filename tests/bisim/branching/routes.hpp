#pragma once
// Every route of branching_partition (bisim/branching/branching_bisimulation.hpp):
// the tests run them all, since each reaches the same partition by other parts.
#include "bisim/branching/branching_bisimulation.hpp"

namespace testing_support {

inline constexpr bisim::BranchingRoute all_branching_routes[] = {
    bisim::BranchingRoute::fastest, bisim::BranchingRoute::partition_refinement_only,
    bisim::BranchingRoute::from_classes_as_constellations, bisim::BranchingRoute::worklist_when_nothing_inert};

}  // namespace testing_support
