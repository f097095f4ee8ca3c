#include "distributed/level_numbering.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace distributed {

namespace {

std::vector<int> displacements(const std::vector<int>& counts) {
  std::vector<int> d(counts.size(), 0);
  std::partial_sum(counts.begin(), counts.end() - 1, d.begin() + 1);
  return d;
}

}  // namespace

std::vector<std::uint32_t> number_level(MPI_Comm comm, const std::vector<std::uint64_t>& keys, std::uint32_t a,
                                        std::uint32_t b, std::uint64_t* total) {
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  const auto R = static_cast<std::size_t>(ranks);
  const std::uint64_t span = std::max<std::uint64_t>(b - a, 1);
  const auto part = [&](std::uint64_t key) {
    const std::uint64_t source = key >> 32;
    return static_cast<std::size_t>((source - a) * R / span);
  };
  // Keys grouped by destination; `order` says where each key came from.
  std::vector<int> send_counts(R, 0);
  for (std::uint64_t k : keys) ++send_counts[part(k)];
  std::vector<int> send_at = displacements(send_counts), fill = send_at;
  std::vector<std::uint64_t> out(keys.size());
  std::vector<std::size_t> order(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const auto at = static_cast<std::size_t>(fill[part(keys[i])]++);
    out[at] = keys[i];
    order[at] = i;
  }
  std::vector<int> receive_counts(R, 0);
  MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, comm);
  const std::vector<int> receive_at = displacements(receive_counts);
  const std::size_t n = static_cast<std::size_t>(std::accumulate(receive_counts.begin(), receive_counts.end(), 0LL));
  std::vector<std::uint64_t> in(n);
  MPI_Alltoallv(out.data(), send_counts.data(), send_at.data(), MPI_UINT64_T, in.data(), receive_counts.data(),
                receive_at.data(), MPI_UINT64_T, comm);
  // Keys are distinct (one successor index of one source each), so their
  // rank in the sorted slice is the id's offset.
  std::vector<std::uint32_t> by_key(n);
  std::iota(by_key.begin(), by_key.end(), 0u);
  std::sort(by_key.begin(), by_key.end(), [&](std::uint32_t x, std::uint32_t y) { return in[x] < in[y]; });
  unsigned long long count = n, before = 0, all = 0;
  MPI_Exscan(&count, &before, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm);
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) before = 0;  // MPI_Exscan leaves rank 0's result undefined
  MPI_Allreduce(&count, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm);
  if (static_cast<std::uint64_t>(b) + all > UINT32_MAX)
    throw std::length_error("more than 4294967295 states: .aut state ids are 32-bit");
  std::vector<std::uint32_t> ids_in(n);
  for (std::size_t j = 0; j < n; ++j) ids_in[by_key[j]] = static_cast<std::uint32_t>(b + before + j);
  std::vector<std::uint32_t> ids_out(keys.size());
  MPI_Alltoallv(ids_in.data(), receive_counts.data(), receive_at.data(), MPI_UINT32_T, ids_out.data(),
                send_counts.data(), send_at.data(), MPI_UINT32_T, comm);
  std::vector<std::uint32_t> ids(keys.size());
  for (std::size_t at = 0; at < keys.size(); ++at) ids[order[at]] = ids_out[at];
  *total = all;
  return ids;
}

}  // namespace distributed
