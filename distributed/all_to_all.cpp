#include "distributed/all_to_all.hpp"

#include <limits>
#include <stdexcept>

namespace distributed {

namespace {

int checked_int(std::uint64_t n) {
  if (n > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
    throw std::length_error("an exchange between ranks exceeds 2^31 words; start more ranks");
  return static_cast<int>(n);
}

}  // namespace

std::vector<Words> all_to_all(MPI_Comm comm, const std::vector<Words>& out) {
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  std::vector<int> send_counts(ranks), recv_counts(ranks), send_displs(ranks), recv_displs(ranks);
  std::uint64_t send_total = 0;
  for (int r = 0; r < ranks; ++r) {
    send_counts[r] = checked_int(out[r].size());
    send_displs[r] = checked_int(send_total);
    send_total += out[r].size();
  }
  checked_int(send_total);
  MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm);
  std::uint64_t recv_total = 0;
  for (int r = 0; r < ranks; ++r) {
    recv_displs[r] = checked_int(recv_total);
    recv_total += static_cast<std::uint64_t>(recv_counts[r]);
  }
  checked_int(recv_total);
  Words send;
  send.reserve(send_total);
  for (const Words& w : out) send.insert(send.end(), w.begin(), w.end());
  Words recv(recv_total);
  MPI_Alltoallv(send.data(), send_counts.data(), send_displs.data(), MPI_UINT32_T, recv.data(), recv_counts.data(),
                recv_displs.data(), MPI_UINT32_T, comm);
  std::vector<Words> in(ranks);
  for (int r = 0; r < ranks; ++r)
    in[r].assign(recv.begin() + recv_displs[r], recv.begin() + recv_displs[r] + recv_counts[r]);
  return in;
}

std::uint64_t sum_over_ranks(MPI_Comm comm, std::uint64_t value) {
  unsigned long long in = value, out = 0;
  MPI_Allreduce(&in, &out, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm);
  return out;
}

}  // namespace distributed
