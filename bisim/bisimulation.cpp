#include "bisim/bisimulation.hpp"

#include <numeric>

#include "bisim/branching/branching_bisimulation.hpp"
#include "bisim/strong_bisimulation.hpp"

namespace bisim {

Partition identity_partition(const lts::Lts& lts) {
  Partition p;
  p.block.resize(lts.num_states);
  std::iota(p.block.begin(), p.block.end(), 0);
  p.num_blocks = lts.num_states;
  return p;
}

Partition partition(const lts::Lts& lts, Equivalence e) {
  switch (e) {
    case Equivalence::none: return identity_partition(lts);
    case Equivalence::strong: return strong_partition(lts);
    case Equivalence::branching: return branching_partition(lts, false);
    case Equivalence::divbranching: return branching_partition(lts, true);
  }
  return identity_partition(lts);
}

}  // namespace bisim
