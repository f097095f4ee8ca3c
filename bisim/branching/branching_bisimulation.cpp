// The entry point: contract tau-SCCs (with divergence marks when asked),
// classify the contracted LTS in one pass when its only cycles are
// self-loops (acyclic_classes.hpp), else refine it in O(m log n)
// (refiner.hpp), and map the blocks back to the input states.
#include "bisim/branching/branching_bisimulation.hpp"

#include "bisim/acyclic_classes.hpp"
#include "bisim/branching/refiner.hpp"
#include "bisim/branching/tau_contraction.hpp"

namespace bisim {

Partition branching_partition(const lts::Lts& lts, bool divergence_sensitive, BranchingRoute route) {
  branching::ContractedLts contracted = branching::contract_tau_sccs(lts, divergence_sensitive, true);
  Partition p;
  std::vector<std::uint32_t> blocks;
  std::optional<Partition> acyclic;
  // (Equivalence::branching: divergence is a label of its own here.)
  if (route == BranchingRoute::fastest) acyclic = acyclic_partition(contracted.lts, Equivalence::branching);
  if (acyclic) {
    blocks = std::move(acyclic->block);
    p.num_blocks = acyclic->num_blocks;
  } else {
    branching::Refiner refiner(contracted.lts, route == BranchingRoute::partition_refinement_only
                                                   ? 0
                                                   : branching::Refiner::default_budget);
    blocks = refiner.run(p.num_blocks);
  }
  p.block = std::move(contracted.component);
  for (auto& b : p.block) b = blocks[b];
  return p;
}

}  // namespace bisim
