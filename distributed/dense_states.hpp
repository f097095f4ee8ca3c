#pragma once
// lts::make_dense for an LTS whose transitions are spread over MPI ranks
// (lts/sparse_states.hpp): when the header declares far more states than
// the transitions use, the states that occur (the initial state and the
// transitions' ends) are renumbered densely in their order, as make_dense
// does on one machine, so the quotient's bytes agree. Each state value has
// an owner by range (value * R / states); owners sort the values they are
// sent, an MPI_Exscan of their counts gives each its first new id, and the
// new ids go back the way the values came. Memory per rank: O(its ends).
#include <cstdint>
#include <vector>

#include <mpi.h>

#include "lts/lts.hpp"

namespace distributed {

struct DenseStates {
  lts::StateId num_states = 0, initial = 0;
};

// Collective. Renumbers `transitions` (this rank's) in place when
// lts::is_sparse(num_states, total_transitions); `initial` must be alike
// on every rank.
DenseStates make_dense(MPI_Comm comm, std::vector<lts::Transition>& transitions, std::uint64_t num_states,
                       std::uint64_t total_transitions, lts::StateId initial);

}  // namespace distributed
