#pragma once
// The quotient of an LTS by a bisimulation partition over all blocks,
// reachable or not (bisim::quotient keeps only what the initial state
// reaches; a witness for two systems needs both sides). Transitions follow
// the seed paper's Definition 3.3: inert tau steps vanish under branching
// equivalences, and under divbranching a block whose states can run a
// tau-cycle inside it gets a tau self-loop. State b is block b.
#include "bisim/equivalence.hpp"
#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace refine {

lts::Lts block_graph(const lts::Lts& lts, const bisim::Partition& partition, bisim::Equivalence e);

}  // namespace refine
