#pragma once
// One personalised all-to-all exchange of 32-bit words: out[r] goes to rank
// r, and the result's [r] is what rank r sent here. MPI_Alltoall of the
// counts, then MPI_Alltoallv of the words (the refinement rounds of
// signature_refinement.hpp and the reachability of distributed_quotient.hpp
// move a level's or a round's records in one such step).
#include <cstdint>
#include <vector>

#include <mpi.h>

namespace distributed {

using Words = std::vector<std::uint32_t>;

// Collective. Throws std::length_error when a rank would send or receive
// 2^31 words or more in one step (MPI's counts are int).
std::vector<Words> all_to_all(MPI_Comm comm, const std::vector<Words>& out);

// The sum of `value` over all ranks (collective).
std::uint64_t sum_over_ranks(MPI_Comm comm, std::uint64_t value);

}  // namespace distributed
