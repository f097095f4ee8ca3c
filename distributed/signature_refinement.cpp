#include "distributed/signature_refinement.hpp"

#include "distributed/inert_closure.hpp"

#include <algorithm>
#include <chrono>
#include <unordered_map>
#include <utility>

namespace distributed {

namespace {

using Clock = std::chrono::steady_clock;

struct WordsHash {
  std::size_t operator()(const Words& w) const {
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a over the words, then a final mix
    for (std::uint32_t x : w) h = (h ^ x) * 0x100000001b3ull;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    return static_cast<std::size_t>(h ^ (h >> 33));
  }
};

// Where each transition's target is read: in the block values (every
// target) and in the signature values (tau targets only).
struct Slots {
  Ghosts all, tau;
  std::vector<std::uint32_t> of_all, of_tau;
  Slots(MPI_Comm comm, const LtsPart& part)
      : all(comm, part, [](std::uint64_t) { return true; }),
        tau(comm, part, [&part](std::uint64_t k) { return part.label[k] == lts::tau; }) {
    of_all.resize(part.target.size());
    of_tau.assign(part.target.size(), 0);
    for (std::uint64_t k = 0; k < part.target.size(); ++k) {
      of_all[k] = all.slot(part.target[k]);
      if (part.label[k] == lts::tau) of_tau[k] = tau.slot(part.target[k]);
    }
  }
};

class Refiner {
 public:
  Refiner(MPI_Comm comm, const LtsPart& part, bisim::Equivalence e)
      : comm_(comm), part_(part), slots_(comm, part), hide_(bisim::hides_inert_tau(e)),
        divergence_(bisim::divergence_sensitive(e)) {}

  // One round on `blocks` (local, and then ghosts): the new numbering and its count.
  std::uint64_t round(std::vector<std::uint32_t>& blocks, std::vector<std::uint8_t>& divergent) {
    slots_.all.exchange(blocks);
    std::vector<Words> sigs = own_steps(blocks);
    divergent.assign(part_.local_count(), 0);
    if (hide_) {
      const InertSteps steps(part_, part_.local_count() + slots_.tau.ghost_count(),
                             [&](std::uint64_t k, std::uint32_t i) { return inert(k, i, blocks); },
                             [&](std::uint64_t k) { return slots_.of_tau[k]; });
      close_over_inert_steps(comm_, slots_.tau, steps, sigs);
      if (divergence_) divergent = inert_divergence(comm_, slots_.tau, steps, part_.local_count());
    }
    return renumber(blocks, divergent, sigs);
  }

 private:
  bool inert(std::uint64_t k, std::uint32_t i, const std::vector<std::uint32_t>& blocks) const {
    return hide_ && part_.label[k] == lts::tau && blocks[slots_.of_all[k]] == blocks[i];
  }

  std::vector<Words> own_steps(const std::vector<std::uint32_t>& blocks) const {
    std::vector<Words> sigs(part_.local_count());
    for (std::uint32_t i = 0; i < part_.local_count(); ++i) {
      for (std::uint64_t k = part_.first[i]; k < part_.first[i + 1]; ++k)
        if (!inert(k, i, blocks)) sigs[i].insert(sigs[i].end(), {part_.label[k], blocks[slots_.of_all[k]]});
      normalise_pairs(sigs[i]);
    }
    return sigs;
  }

  // New block of s: the global number of (B(s), bit, sig(s)), given at the
  // rank the key's hash names.
  std::uint64_t renumber(std::vector<std::uint32_t>& blocks, const std::vector<std::uint8_t>& divergent,
                         const std::vector<Words>& sigs) const {
    const int ranks = part_.ranks;
    std::vector<Words> out(ranks), sent(ranks);
    Words key;
    for (std::uint32_t i = 0; i < part_.local_count(); ++i) {
      key.assign({blocks[i], divergent[i]});
      key.insert(key.end(), sigs[i].begin(), sigs[i].end());
      const int to = static_cast<int>(WordsHash{}(key) % static_cast<std::size_t>(ranks));
      out[to].push_back(static_cast<std::uint32_t>(key.size()));
      out[to].insert(out[to].end(), key.begin(), key.end());
      sent[to].push_back(i);
    }
    const std::vector<Words> in = all_to_all(comm_, out);
    std::unordered_map<Words, std::uint32_t, WordsHash> numbers;
    std::vector<Words> reply(ranks);
    for (int r = 0; r < ranks; ++r)
      for (std::size_t k = 0; k < in[r].size();) {
        const std::uint32_t len = in[r][k++];
        Words record(in[r].begin() + k, in[r].begin() + k + len);
        k += len;
        reply[r].push_back(numbers.emplace(std::move(record), static_cast<std::uint32_t>(numbers.size())).first->second);
      }
    unsigned long long count = numbers.size(), offset = 0;
    MPI_Exscan(&count, &offset, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm_);
    if (part_.rank == 0) offset = 0;  // MPI_Exscan leaves rank 0's result undefined
    for (Words& w : reply)
      for (std::uint32_t& id : w) id += static_cast<std::uint32_t>(offset);
    const std::vector<Words> back = all_to_all(comm_, reply);
    blocks.resize(part_.local_count());
    for (int r = 0; r < ranks; ++r)
      for (std::size_t j = 0; j < sent[r].size(); ++j) blocks[sent[r][j]] = back[r][j];
    return sum_over_ranks(comm_, count);
  }

  MPI_Comm comm_;
  const LtsPart& part_;
  Slots slots_;
  bool hide_, divergence_;
};

}  // namespace

DistributedPartition refine(MPI_Comm comm, const LtsPart& part, bisim::Equivalence e,
                            const std::function<void(const RoundProgress&)>& on_round) {
  const auto start = Clock::now();
  Refiner refiner(comm, part, e);
  DistributedPartition p;
  p.block.assign(part.local_count(), 0);
  p.num_blocks = 1;
  for (;;) {
    const std::uint64_t blocks = refiner.round(p.block, p.divergent);
    ++p.rounds;
    if (on_round)
      on_round({p.rounds, blocks, std::chrono::duration<double>(Clock::now() - start).count()});
    const bool stable = blocks == p.num_blocks;
    p.num_blocks = blocks;
    if (stable) break;
  }
  return p;
}

}  // namespace distributed
