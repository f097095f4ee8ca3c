// distributed::merge_single_tau_states against lts::merge_single_tau_states
// (the sequential merge is the reference): on many seeded random LTSs that
// every rank builds alike, each rank's share of the distributed merge must
// equal its share of the sequential merge, field by field. The random LTSs
// plant what the merge must get right: long chains of single tau-steps
// (also of consecutive ids, many pointer-jumping rounds), rings of them
// with and without feeding chains (the kept ring state is the first one on
// the walk from the basin's smallest state, which is often not the ring's
// smallest), a ring through state 1, states with one visible step, tau
// self-loops, an initial state with a single tau-step (never merged), and
// states nothing reaches. Run by tau_merge.sh under mpirun at several R.
// Usage: mpi_tau_merge_check CASES. Exit 0 when every share matched on
// every rank, 1 otherwise (the first mismatch printed by its rank).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <mpi.h>

#include "distributed/lts_part.hpp"
#include "distributed/tau_merge.hpp"
#include "lts/single_tau_merge.hpp"

namespace {

using lts::StateId;

class RandomLts {
 public:
  explicit RandomLts(std::uint64_t seed) : rng_(seed) {}

  lts::Lts make() {
    const std::uint32_t size_class = below(20);
    n_ = size_class < 14 ? 1 + below(40) : size_class < 19 ? 1 + below(400) : 1000 + below(2000);
    out_.assign(n_, {});
    l_ = lts::Lts{};
    l_.num_states = n_;
    l_.initial = below(4) == 0 ? below(n_) : 0;
    for (StateId s = 0; s < n_; ++s) random_state(s);
    plant();
    for (StateId s = 0; s < n_; ++s)
      for (const auto& [label, to] : out_[s]) l_.transitions.push_back({s, label, to});
    std::sort(l_.transitions.begin(), l_.transitions.end());
    l_.transitions.erase(std::unique(l_.transitions.begin(), l_.transitions.end()), l_.transitions.end());
    return l_;
  }

 private:
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(rng_() % n); }
  void only_tau(StateId s, StateId to) { out_[s] = {{lts::tau, to}}; }

  void random_state(StateId s) {
    switch (below(6)) {
      case 0: break;                                                         // a deadlock
      case 1: only_tau(s, below(n_)); break;                                 // one tau-step anywhere
      case 2: out_[s] = {{1 + below(3), below(n_)}}; break;                 // one visible step
      case 3:                                                                // several steps
        for (std::uint32_t k = 2 + below(3); k > 0; --k) out_[s].push_back({below(4), below(n_)});
        break;
      case 4: only_tau(s, s); break;                                         // a tau self-loop alone
      default: only_tau(s, s + 1 < n_ ? s + 1 : 0); break;                   // chains of consecutive ids
    }
  }

  // Chains and rings over distinct non-initial states, in random order.
  void plant() {
    std::vector<StateId> pool(n_);
    std::iota(pool.begin(), pool.end(), StateId{0});
    std::shuffle(pool.begin(), pool.end(), rng_);
    pool.erase(std::remove(pool.begin(), pool.end(), l_.initial), pool.end());
    // Often a ring through state 1, the first state a search finds.
    if (below(3) == 0 && l_.initial != 1 && n_ > 1) {
      pool.erase(std::remove(pool.begin(), pool.end(), StateId{1}), pool.end());
      pool.insert(pool.begin(), StateId{1});
    }
    std::size_t at = 0;
    const auto take = [&](std::size_t k) {
      k = std::min(k, pool.size() - at);
      std::vector<StateId> part(pool.begin() + static_cast<std::ptrdiff_t>(at),
                                pool.begin() + static_cast<std::ptrdiff_t>(at + k));
      at += k;
      return part;
    };
    for (std::uint32_t rings = below(4); rings > 0 && at < pool.size(); --rings) {
      const std::vector<StateId> ring = take(1 + below(std::max<std::uint32_t>(2, n_ / 4)));
      for (std::size_t k = 0; k < ring.size(); ++k) only_tau(ring[k], ring[(k + 1) % ring.size()]);
      for (std::uint32_t feeders = below(4); feeders > 0 && at < pool.size(); --feeders) {
        const std::vector<StateId> chain = take(1 + below(std::max<std::uint32_t>(2, n_ / 8)));
        for (std::size_t k = 0; k + 1 < chain.size(); ++k) only_tau(chain[k], chain[k + 1]);
        only_tau(chain.back(), ring[below(static_cast<std::uint32_t>(ring.size()))]);
      }
    }
    if (below(2) == 0 && at < pool.size()) {  // a long chain to anywhere
      const std::vector<StateId> chain = take(1 + below(std::max<std::uint32_t>(2, n_ / 2)));
      for (std::size_t k = 0; k + 1 < chain.size(); ++k) only_tau(chain[k], chain[k + 1]);
      only_tau(chain.back(), below(n_));
    }
    if (below(3) == 0) only_tau(l_.initial, below(n_));
  }

  std::mt19937_64 rng_;
  StateId n_ = 1;
  lts::Lts l_;
  std::vector<std::vector<std::pair<lts::LabelId, StateId>>> out_;
};

// Whether the sequential merge kept a ring state other than the ring's
// smallest: the case that tells the walk's choice from a simpler one.
bool keeps_a_ring_state_not_smallest(const lts::Lts& input, const lts::TauMerge& merge) {
  std::vector<StateId> next(input.num_states, lts::no_state);
  std::vector<std::uint32_t> degree(input.num_states, 0);
  for (const lts::Transition& t : input.transitions) ++degree[t.from], next[t.from] = t.to;
  for (const lts::Transition& t : input.transitions)
    if (degree[t.from] != 1 || t.label != lts::tau || t.from == input.initial) next[t.from] = lts::no_state;
  for (StateId k : merge.kept) {
    if (next[k] == lts::no_state) continue;
    StateId smallest = k;
    for (StateId s = next[k]; s != k && s != lts::no_state; s = next[s]) smallest = std::min(smallest, s);
    if (smallest != k) return true;
  }
  return false;
}

// The first field in which the shares differ, or "".
std::string difference(const distributed::LtsPart& got, const distributed::LtsPart& want) {
  if (got.rank != want.rank || got.ranks != want.ranks) return "rank or ranks";
  if (got.num_states != want.num_states)
    return "num_states " + std::to_string(got.num_states) + ", expected " + std::to_string(want.num_states);
  if (got.initial != want.initial)
    return "initial " + std::to_string(got.initial) + ", expected " + std::to_string(want.initial);
  if (got.first != want.first) return "first (the transitions per state)";
  if (got.label != want.label) return "label";
  if (got.target != want.target) return "target";
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int cases = argc == 2 ? std::atoi(argv[1]) : 0;
  int ok = cases > 0 ? 1 : 0, telling = 0;
  for (int c = 0; c < cases && ok; ++c) {
    const lts::Lts input = RandomLts(0x5eed0000u + static_cast<std::uint64_t>(c)).make();
    lts::Lts merged = input;
    const lts::TauMerge merge = lts::merge_single_tau_states(merged);
    telling += keeps_a_ring_state_not_smallest(input, merge);
    std::string why;
    try {
      const distributed::LtsPart got =
          distributed::merge_single_tau_states(MPI_COMM_WORLD, distributed::part_of(input, rank, ranks));
      why = difference(got, distributed::part_of(merged, rank, ranks));
    } catch (const std::exception& e) {
      why = std::string("threw: ") + e.what();
    }
    if (!why.empty())
      std::fprintf(stderr, "case %d (%u states, initial %u), rank %d of %d: %s\n", c, input.num_states, input.initial,
                   rank, ranks, why.c_str());
    int mine = why.empty() ? 1 : 0;
    MPI_Allreduce(&mine, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  }
  // The random LTSs must reach the choice of the kept ring state.
  if (ok && telling < cases / 20) {
    if (rank == 0) std::fprintf(stderr, "only %d of %d cases keep a ring state other than its smallest\n", telling, cases);
    ok = 0;
  }
  if (ok && rank == 0) std::printf("%d cases, %d keep a ring state other than its smallest\n", cases, telling);
  MPI_Finalize();
  return ok ? 0 : 1;
}
