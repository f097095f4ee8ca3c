#include "bisim/bisimulation.hpp"

#include <numeric>

#include "bisim/branching/branching_bisimulation.hpp"
#include "bisim/strong/strong_bisimulation.hpp"

namespace bisim {

Partition identity_partition(const lts::Lts& lts) {
  Partition p;
  p.block.resize(lts.num_states);
  std::iota(p.block.begin(), p.block.end(), 0);
  p.num_blocks = lts.num_states;
  return p;
}

Partition partition(const lts::Lts& lts, Equivalence e) {
  if (!merges_states(e)) return identity_partition(lts);
  if (hides_inert_tau(e)) return branching_partition(lts, divergence_sensitive(e));
  return strong_partition(lts);
}

}  // namespace bisim
