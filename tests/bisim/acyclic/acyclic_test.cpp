// acyclic_partition (bisim/acyclic_classes.hpp) must give exactly the
// reference partitioner's partition on random LTSs whose only cycles are
// self-loops, for strong bisimulation, and after tau-SCC contraction for
// branching and divergence-sensitive branching bisimulation (with tau-cycles
// planted that contraction turns into single states); and it must refuse
// other cycles.
#include "bisim/acyclic_classes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "bisim/branching/tau_contraction.hpp"
#include "lts/source_order.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/bisim/strong/random_rounds.hpp"

namespace {

using lts::StateId;

// A random LTS whose steps go from lower to higher rank (ranks are a random
// permutation of the states, so the numbering tells nothing), with some
// self-loops, few labels and small fan-out so that many states merge. When
// `tau_groups`, some runs of consecutive ranks also get a tau-cycle through
// them: after contraction each run is one state, and the graph stays
// acyclic but for self-loops.
lts::Lts random_acyclic(std::mt19937_64& rng, bool tau_groups, std::uint64_t round) {
  lts::Lts l;
  // Now and then a larger one, where many classes share their newest
  // target (more than ClassKeys lists at one class).
  const StateId n = 1 + rng() % (round % 10 == 0 ? 400 : 40);
  l.num_states = n;
  const std::uint32_t labels = 1 + rng() % 3;
  for (std::uint32_t a = 0; a < labels; ++a) l.labels.intern(std::string(1, static_cast<char>('a' + a)));
  std::vector<StateId> state_of_rank(n);
  std::iota(state_of_rank.begin(), state_of_rank.end(), 0);
  std::shuffle(state_of_rank.begin(), state_of_rank.end(), rng);
  const double tau_share = (rng() % 5) / 5.0;
  std::bernoulli_distribution is_tau(tau_share);
  const std::uint32_t max_reach = 1 + rng() % 6;  // short hops: deep chains, much sharing
  for (StateId r = 0; r + 1 < n; ++r) {
    const std::uint32_t out = rng() % 4;
    for (std::uint32_t k = 0; k < out; ++k) {
      const StateId target = std::min<StateId>(n - 1, r + 1 + rng() % max_reach);
      const lts::LabelId a = is_tau(rng) ? lts::tau : static_cast<lts::LabelId>(1 + rng() % labels);
      l.transitions.push_back({state_of_rank[r], a, state_of_rank[target]});
    }
  }
  const std::uint32_t loops = rng() % 4;
  for (std::uint32_t k = 0; k < loops; ++k) {
    const StateId s = static_cast<StateId>(rng() % n);
    const lts::LabelId a = rng() % 3 == 0 ? lts::tau : static_cast<lts::LabelId>(1 + rng() % labels);
    l.transitions.push_back({s, a, s});
  }
  if (tau_groups) {
    for (StateId r = 0; r + 1 < n; r += 2 + rng() % 6) {
      if (rng() % 2) continue;
      const StateId last = std::min<StateId>(n - 1, r + 1 + rng() % 3);
      for (StateId q = r; q < last; ++q) l.transitions.push_back({state_of_rank[q], lts::tau, state_of_rank[q + 1]});
      l.transitions.push_back({state_of_rank[last], lts::tau, state_of_rank[r]});
    }
  }
  std::sort(l.transitions.begin(), l.transitions.end());
  l.transitions.erase(std::unique(l.transitions.begin(), l.transitions.end()), l.transitions.end());
  std::shuffle(l.transitions.begin(), l.transitions.end(), rng);
  lts::list_by_source(l);
  return l;
}

TEST(AcyclicPartition, StrongSameAsReference) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(500);
  std::mt19937_64 rng(20261122);
  std::uint64_t merged = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = random_acyclic(rng, false, round);
    const std::optional<bisim::Partition> fast = bisim::acyclic_partition(l, false);
    ASSERT_TRUE(fast.has_value()) << "round " << round;
    const bisim::Partition reference = bisim::reference_partition(l, bisim::Equivalence::strong);
    ASSERT_TRUE(bisim::same_partition(*fast, reference))
        << "round " << round << ": " << fast->num_blocks << " blocks, reference " << reference.num_blocks;
    ASSERT_EQ(fast->block, bisim::numbered_by_smallest_state(reference.block, reference.num_blocks).block)
        << "round " << round;  // numbered by smallest state
    merged += reference.num_blocks < l.num_states;
  }
  EXPECT_GT(merged, rounds / 2);  // the generator must make states merge
}

void branching_same_as_reference(bool divergence_sensitive, std::uint64_t seed) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(500);
  std::mt19937_64 rng(seed);
  std::uint64_t merged = 0;
  const auto e = divergence_sensitive ? bisim::Equivalence::divbranching : bisim::Equivalence::branching;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = random_acyclic(rng, true, round);
    const bisim::branching::ContractedLts contracted = bisim::branching::contract_tau_sccs(l, divergence_sensitive);
    const std::optional<bisim::Partition> classes = bisim::acyclic_partition(contracted.lts, true);
    ASSERT_TRUE(classes.has_value()) << "round " << round;
    bisim::Partition fast{contracted.component, classes->num_blocks};
    for (std::uint32_t& b : fast.block) b = classes->block[b];
    const bisim::Partition reference = bisim::reference_partition(l, e);
    ASSERT_TRUE(bisim::same_partition(fast, reference))
        << "round " << round << ": " << fast.num_blocks << " blocks, reference " << reference.num_blocks;
    merged += reference.num_blocks < l.num_states;
  }
  EXPECT_GT(merged, rounds / 2);
}

TEST(AcyclicPartition, BranchingSameAsReference) { branching_same_as_reference(false, 11); }
TEST(AcyclicPartition, DivergenceSensitiveBranchingSameAsReference) { branching_same_as_reference(true, 12); }

TEST(AcyclicPartition, RefusesCyclesOfTwoOrMoreStates) {
  lts::Lts l;
  l.num_states = 3;
  const lts::LabelId a = l.labels.intern("a");
  l.transitions = {{0, a, 1}, {1, a, 2}, {2, a, 1}};
  EXPECT_FALSE(bisim::acyclic_partition(l, false).has_value());
  EXPECT_FALSE(bisim::acyclic_partition(l, true).has_value());
  l.transitions = {{0, a, 1}, {1, a, 1}, {2, a, 2}};  // self-loops only
  EXPECT_TRUE(bisim::acyclic_partition(l, false).has_value());
}

TEST(AcyclicPartition, RefusesTransitionsNotListedBySource) {
  lts::Lts l;
  l.num_states = 2;
  const lts::LabelId a = l.labels.intern("a");
  l.transitions = {{1, a, 0}, {0, a, 1}};
  EXPECT_FALSE(bisim::acyclic_partition(l, false).has_value());
}

// A self-loop state and a state stepping into it are strongly bisimilar
// (both do a forever): the key of the first says (a, self), the second
// reaches it only by trying the substitution.
TEST(AcyclicPartition, AStepIntoALoopingClassJoinsIt) {
  lts::Lts l;
  l.num_states = 3;
  const lts::LabelId a = l.labels.intern("a");
  l.transitions = {{0, a, 1}, {1, a, 2}, {2, a, 2}};
  const std::optional<bisim::Partition> p = bisim::acyclic_partition(l, false);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->num_blocks, 1u);
}

}  // namespace
