// acyclic_partition (bisim/acyclic/acyclic_classes.hpp) must give exactly the
// reference partitioner's partition on random LTSs whose only cycles are
// self-loops, for strong bisimulation, and after tau-SCC contraction for
// branching and divergence-sensitive branching bisimulation (with tau-cycles
// planted that contraction turns into single states); and it must refuse
// other cycles.
#include "bisim/acyclic/acyclic_classes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bisim/branching/tau_contraction.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/bisim/strong/random_rounds.hpp"
#include "tests/support/random_lts.hpp"

namespace {

TEST(AcyclicPartition, StrongSameAsReference) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(500);
  std::mt19937_64 rng(20261122);
  std::uint64_t merged = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_acyclic_lts(rng, false, round % 10 == 0 ? 400 : 40);
    const std::optional<bisim::Partition> fast = bisim::acyclic_partition(l, bisim::Equivalence::strong);
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
    const lts::Lts l = testing_support::random_acyclic_lts(rng, true, round % 10 == 0 ? 400 : 40);
    const bisim::branching::ContractedLts contracted = bisim::branching::contract_tau_sccs(l, divergence_sensitive);
    const std::optional<bisim::Partition> classes =
        bisim::acyclic_partition(contracted.lts, bisim::Equivalence::branching);
    ASSERT_TRUE(classes.has_value()) << "round " << round;
    bisim::Partition fast{contracted.component, classes->num_blocks, {}};
    for (std::uint32_t& b : fast.block) b = classes->block[b];
    const bisim::Partition reference = bisim::reference_partition(l, e);
    ASSERT_TRUE(bisim::same_partition(fast, reference))
        << "round " << round << ": " << fast.num_blocks << " blocks, reference " << reference.num_blocks;
    merged += reference.num_blocks < l.num_states;
  }
  EXPECT_GT(merged, rounds / 2);
}

TEST(AcyclicPartition, BranchingSameAsReference) { branching_same_as_reference(false, 11); }

// Straight on the LTS, without contraction: tau self-loops are its only
// tau-cycles, inert under branching and the divergences under divbranching.
TEST(AcyclicPartition, BranchingWithoutContractionSameAsReference) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(500);
  std::mt19937_64 rng(13);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_acyclic_lts(rng, false, round % 10 == 0 ? 400 : 40);
    for (const auto e : {bisim::Equivalence::branching, bisim::Equivalence::divbranching}) {
      const std::optional<bisim::Partition> fast = bisim::acyclic_partition(l, e);
      ASSERT_TRUE(fast.has_value()) << "round " << round;
      const bisim::Partition reference = bisim::reference_partition(l, e);
      ASSERT_TRUE(bisim::same_partition(*fast, reference))
          << "round " << round << ", " << bisim::name(e) << ": " << fast->num_blocks << " blocks, reference "
          << reference.num_blocks;
    }
  }
}
TEST(AcyclicPartition, DivergenceSensitiveBranchingSameAsReference) { branching_same_as_reference(true, 12); }

TEST(AcyclicPartition, RefusesCyclesOfTwoOrMoreStates) {
  lts::Lts l;
  l.num_states = 3;
  const lts::LabelId a = l.labels.intern("a");
  l.transitions = {{0, a, 1}, {1, a, 2}, {2, a, 1}};
  EXPECT_FALSE(bisim::acyclic_partition(l, bisim::Equivalence::strong).has_value());
  EXPECT_FALSE(bisim::acyclic_partition(l, bisim::Equivalence::branching).has_value());
  l.transitions = {{0, a, 1}, {1, a, 1}, {2, a, 2}};  // self-loops only
  EXPECT_TRUE(bisim::acyclic_partition(l, bisim::Equivalence::strong).has_value());
}

// Searches deeper than 2^16 states: a ring (every state has a
// predecessor, which the search asks once it is that deep) and a ring with
// a tail into it are refused; a line is classified, one class a state. The
// states are numbered out of order, so that the steps neither all go up
// nor all go down.
TEST(AcyclicPartition, DeepSearches) {
  constexpr lts::StateId n = 70001;
  auto state = [](std::uint64_t i) { return static_cast<lts::StateId>(i * 7919 % n); };
  auto make = [&](bool ring, bool tail) {
    lts::Lts l;
    l.num_states = n + (tail ? 1 : 0);
    const lts::LabelId a = l.labels.intern("a"), b = l.labels.intern("b");
    for (lts::StateId i = 0; i + 1 < n; ++i) l.transitions.push_back({state(i), a, state(i + 1)});
    l.transitions.push_back({state(n - 1), b, state(n - 1)});
    if (ring) l.transitions.push_back({state(n - 1), a, state(0)});
    if (tail) l.transitions.push_back({n, a, state(n / 2)});
    std::sort(l.transitions.begin(), l.transitions.end());
    return l;
  };
  EXPECT_FALSE(bisim::acyclic_partition(make(true, false), bisim::Equivalence::strong).has_value());
  EXPECT_FALSE(bisim::acyclic_partition(make(true, true), bisim::Equivalence::strong).has_value());
  const std::optional<bisim::Partition> line = bisim::acyclic_partition(make(false, false), bisim::Equivalence::strong);
  ASSERT_TRUE(line.has_value());
  EXPECT_EQ(line->num_blocks, n);
}

TEST(AcyclicPartition, RefusesTransitionsNotListedBySource) {
  lts::Lts l;
  l.num_states = 2;
  const lts::LabelId a = l.labels.intern("a");
  l.transitions = {{1, a, 0}, {0, a, 1}};
  EXPECT_FALSE(bisim::acyclic_partition(l, bisim::Equivalence::strong).has_value());
}

// A self-loop state and a state stepping into it are strongly bisimilar
// (both do a forever): the key of the first says (a, self), the second
// reaches it only by trying the substitution.
TEST(AcyclicPartition, AStepIntoALoopingClassJoinsIt) {
  lts::Lts l;
  l.num_states = 3;
  const lts::LabelId a = l.labels.intern("a");
  l.transitions = {{0, a, 1}, {1, a, 2}, {2, a, 2}};
  const std::optional<bisim::Partition> p = bisim::acyclic_partition(l, bisim::Equivalence::strong);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->num_blocks, 1u);
}

}  // namespace
