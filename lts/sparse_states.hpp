#pragma once
// LTSs that number their states far more sparsely than their transitions
// need. The .aut format lets a header declare 4*10^9 states and a single
// transition use state 4*10^9 - 1; every per-state array (reachability's
// offsets, the partition's blocks) would then take gigabytes for a file of
// a few bytes. Only the states that occur (the initial state and the
// transitions' ends) can be reachable, so renumbering those densely, in
// their order, changes no result.
#include <vector>

#include "lts/lts.hpp"

namespace lts {

// True when the states are so sparse that per-state arrays would dwarf the
// transitions: more than 2^22 states and more than 8 per transition end.
bool is_sparse(const Lts& lts);
// The same test from the counts alone (for an LTS spread over MPI ranks).
bool is_sparse(std::uint64_t num_states, std::uint64_t num_transitions);

// Renumbers the states that occur densely, keeping their relative order,
// and returns the original id of each new state. Transitions keep their
// order. Costs O(m log m) time and O(m) memory, never O(num_states).
std::vector<StateId> compact_states(Lts& lts);

// An LTS as the checks want it: dense, with the original id of each state
// when compact_states renumbered it (empty when it did not).
struct DenseLts {
  Lts lts;
  std::vector<StateId> original;
};
DenseLts make_dense(Lts&& lts);

// Gives the steps of a path found on a DenseLts the state ids of the file.
void restore_states(std::vector<Transition>& path, const std::vector<StateId>& original);

}  // namespace lts
