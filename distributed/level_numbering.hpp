#pragma once
// The global ids of the states first found in one breadth-first level, as
// the single-process gen gives them (docs/scaling.md, "Deterministic state
// ids"): a new state's key is its first discovery (source id << 32 |
// successor index), and the ids of the level are the consecutive numbers
// from `first_new` in key order. Keys go to the rank that owns their
// source's share of the level's id range [a, b) (MPI_Alltoallv), which
// sorts them; an MPI_Exscan of the counts gives its first id, and the ids
// travel back in a second MPI_Alltoallv.
#include <cstdint>
#include <vector>

#include <mpi.h>

namespace distributed {

// keys: this rank's new states of the level; returns their ids, in order.
// Also sets *total to the number of new states over all ranks.
std::vector<std::uint32_t> number_level(MPI_Comm comm, const std::vector<std::uint64_t>& keys, std::uint32_t a,
                                        std::uint32_t b, std::uint64_t* total);

}  // namespace distributed
