#pragma once
// The quotient of a distributed LTS by a distributed partition, assembled
// on rank 0 with the canonical numbering of bisim/quotient.hpp, so that it
// is byte for byte the quotient the single-process `quotient` writes
// (docs/scaling.md, "Reduction"). Only reachable states count: the ranks
// find them by a level-synchronous breadth-first search, then send rank 0
// each reachable block's smallest reachable member and its block-level
// transitions (inert tau-steps dropped under the branching kinds, one tau
// self-loop per divergent block under divbranching). Rank 0 orders the
// blocks by smallest member, the order bisim::quotient breaks ties by, and
// builds the quotient of that block LTS under the identity partition.
#include <mpi.h>

#include "bisim/equivalence.hpp"
#include "distributed/lts_part.hpp"
#include "distributed/signature_refinement.hpp"
#include "lts/label_table.hpp"

namespace distributed {

// Whether each local state is reachable from the initial state (collective).
std::vector<bool> reachable_states(MPI_Comm comm, const LtsPart& part);

// Collective. On rank 0 the quotient (its label table `labels`), elsewhere
// an empty LTS.
lts::Lts gather_quotient(MPI_Comm comm, const LtsPart& part, const DistributedPartition& partition,
                         bisim::Equivalence e, const lts::LabelTable& labels);

}  // namespace distributed
