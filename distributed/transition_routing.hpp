#pragma once
// Transitions read anywhere, sent to the rank that owns their source
// (LtsPart::owner: s mod R) in one all-to-all exchange, and made into that
// rank's share. Received in rank order, each rank's in file order, so the
// transitions of a state keep the order of the file, as part_of keeps them.
#include <vector>

#include <mpi.h>

#include "distributed/lts_part.hpp"
#include "lts/lts.hpp"

namespace distributed {

// Collective; `transitions` is emptied.
LtsPart route_to_owners(MPI_Comm comm, std::vector<lts::Transition>& transitions, lts::StateId num_states,
                        lts::StateId initial);

}  // namespace distributed
