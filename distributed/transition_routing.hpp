#pragma once
// Transitions read anywhere, sent to the rank that owns their source
// (LtsPart::owner: s mod R) in one all-to-all exchange, and made into that
// rank's share. Received in rank order, each rank's in file order, so the
// transitions of a state keep the order of the file, as part_of keeps them.
#include <vector>

#include <mpi.h>

#include "distributed/all_to_all.hpp"
#include "distributed/lts_part.hpp"
#include "lts/lts.hpp"

namespace distributed {

// The part made of the (source, label, target) word triples of out[r],
// each sent to rank r, the owner of its source: one all-to-all, then each
// state's transitions sorted, repeats removed. Collective; out is emptied.
LtsPart receive_sorted_part(MPI_Comm comm, std::vector<Words>&& out, lts::StateId num_states, lts::StateId initial);

// Collective; `transitions` is emptied.
LtsPart route_to_owners(MPI_Comm comm, std::vector<lts::Transition>& transitions, lts::StateId num_states,
                        lts::StateId initial);

}  // namespace distributed
