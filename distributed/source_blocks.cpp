#include "distributed/source_blocks.hpp"

#include <limits>
#include <stdexcept>

namespace distributed {

lts::StateId block_begin(lts::StateId states, int k, int ranks) {
  return static_cast<lts::StateId>(static_cast<std::uint64_t>(states) * static_cast<std::uint64_t>(k) /
                                   static_cast<std::uint64_t>(ranks));
}

SourceBlock source_block(MPI_Comm comm, const LtsPart& part) {
  const int ranks = part.ranks;
  // What goes to each block's rank, in the order of this rank's states
  // (ascending ids, so the blocks come one after the other).
  Words send;
  send.reserve(part.local_count() + 2 * part.target.size());
  std::vector<std::uint64_t> send_counts(ranks, 0), recv_counts(ranks, 0);
  int block = 0;
  for (std::uint32_t i = 0; i < part.local_count(); ++i) {
    const lts::StateId s = part.global(i);
    while (block + 1 < ranks && block_begin(part.num_states, block + 1, ranks) <= s) ++block;
    const std::uint64_t first = part.first[i], last = part.first[i + 1];
    send.push_back(static_cast<std::uint32_t>(last - first));
    for (std::uint64_t k = first; k < last; ++k) send.insert(send.end(), {part.label[k], part.target[k]});
    send_counts[block] += 1 + 2 * (last - first);
  }
  MPI_Alltoall(send_counts.data(), 1, MPI_UINT64_T, recv_counts.data(), 1, MPI_UINT64_T, comm);
  std::uint64_t recv_total = 0;
  for (const std::uint64_t c : recv_counts) recv_total += c;
  // MPI's counts and displacements are int: every rank learns whether any
  // exceeds them before the exchange, so all throw or none.
  const std::uint64_t int_max = static_cast<std::uint64_t>(std::numeric_limits<int>::max());
  int too_large = send.size() > int_max || recv_total > int_max ? 1 : 0, any_too_large = 0;
  MPI_Allreduce(&too_large, &any_too_large, 1, MPI_INT, MPI_MAX, comm);
  if (any_too_large) throw std::length_error("the exchange of the output's blocks exceeds 2^31 words; start more ranks");
  std::vector<int> sc(ranks), sd(ranks), rc(ranks), rd(ranks);
  SourceBlock result;
  result.from_.assign(ranks + 1, 0);
  for (int r = 0, s_at = 0, r_at = 0; r < ranks; ++r) {
    sc[r] = static_cast<int>(send_counts[r]);
    rc[r] = static_cast<int>(recv_counts[r]);
    sd[r] = s_at;
    rd[r] = r_at;
    s_at += sc[r];
    r_at += rc[r];
    result.from_[r + 1] = static_cast<std::size_t>(r_at);
  }
  result.words_.resize(recv_total);
  MPI_Alltoallv(send.data(), sc.data(), sd.data(), MPI_UINT32_T, result.words_.data(), rc.data(), rd.data(),
                MPI_UINT32_T, comm);
  result.begin_ = block_begin(part.num_states, part.rank, ranks);
  result.end_ = block_begin(part.num_states, part.rank + 1, ranks);
  result.ranks_ = static_cast<std::uint32_t>(ranks);
  return result;
}

}  // namespace distributed
