#pragma once
// gen's merge of the states whose only transition is an internal step
// (lts/single_tau_merge.hpp) on an LTS spread over the ranks (lts_part.hpp),
// which no rank holds whole (docs/scaling.md, "The single-step merge on
// ranks"). The merge targets are found by pointer jumping over the single
// tau-steps, as the distributed reduction of Blom and Orzan follows
// tau-paths ("Distributed branching bisimulation reduction of state
// spaces", PDMC 2003, ENTCS 89(1)); the rings of such steps (a divergence
// with no exit) keep the state the sequential walk keeps.
#include <mpi.h>

#include "distributed/lts_part.hpp"

namespace distributed {

// Collective. `part` is this rank's share of an LTS L whose states'
// transitions are sorted by (label, target) without repeats (as share_lts
// makes them). Returns this rank's share of L after
// lts::merge_single_tau_states: the same numbering of the kept states, the
// same transitions, num_states and initial, equal to
// part_of(merged L, rank, ranks). Throws std::logic_error (on every rank)
// if the pointer jumping does not converge in its bounded rounds.
LtsPart merge_single_tau_states(MPI_Comm comm, LtsPart&& part);

}  // namespace distributed
