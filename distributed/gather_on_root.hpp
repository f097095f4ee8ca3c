#pragma once
// Every rank's vector of trivially copyable records gathered on rank 0, in
// rank order (MPI_Gather of the byte counts, then MPI_Gatherv): how the LTS,
// its labels and the orbit LTS reach rank 0 at the end of gen-mpi's search.
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <mpi.h>

namespace distributed {

// Collective. On rank 0 the records of every rank, rank 0's first, and
// counts[r] the number rank r sent; elsewhere an empty vector. Throws
// std::length_error when a rank's part is over 2 GiB (MPI's counts are int).
template <typename T>
std::vector<T> gather_on_root(MPI_Comm comm, const std::vector<T>& mine, std::vector<int>& counts) {
  static_assert(std::is_trivially_copyable_v<T>);
  int ranks = 1, rank = 0;
  MPI_Comm_size(comm, &ranks);
  MPI_Comm_rank(comm, &rank);
  if (mine.size() * sizeof(T) > static_cast<std::size_t>(INT32_MAX))
    throw std::length_error("a rank's part of the LTS is over 2 GiB: gen-mpi gathers it on rank 0 in one message");
  const int bytes = static_cast<int>(mine.size() * sizeof(T));
  counts.assign(static_cast<std::size_t>(ranks), 0);
  MPI_Gather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  std::vector<int> at(counts.size(), 0);
  std::partial_sum(counts.begin(), counts.end() - 1, at.begin() + 1);
  const std::size_t total = rank == 0 ? static_cast<std::size_t>(at.back()) + counts.back() : 0;
  std::vector<T> all(total / sizeof(T));
  MPI_Gatherv(mine.data(), bytes, MPI_BYTE, all.data(), counts.data(), at.data(), MPI_BYTE, 0, comm);
  for (int& c : counts) c /= static_cast<int>(sizeof(T));
  return all;
}

}  // namespace distributed
