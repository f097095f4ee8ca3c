// The O(m log n) strong partitioner must give exactly the reference
// partitioner's partition (naive signature refinement) on random LTSs:
// BB_RANDOM_ROUNDS rounds (run 10000 or more on demand), 300 in CI.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bisim/strong/strong_bisimulation.hpp"
#include "lts/source_order.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/bisim/strong/random_rounds.hpp"
#include "tests/support/random_lts.hpp"

namespace {

// Shuffles the transitions and sometimes repeats a few, so the partitioner
// sees any order and duplicate transitions too.
void scramble(lts::Lts& l, std::mt19937_64& rng) {
  if (!l.transitions.empty() && rng() % 4 == 0) {
    const std::size_t copies = 1 + rng() % 3;
    for (std::size_t i = 0; i < copies; ++i) l.transitions.push_back(l.transitions[rng() % l.transitions.size()]);
  }
  std::shuffle(l.transitions.begin(), l.transitions.end(), rng);
}

TEST(StrongRandom, SameAsReference) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(300);
  std::mt19937_64 rng(20260422);
  std::uint64_t nontrivial = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const auto shape = testing_support::random_shape(rng, round % 50 == 0 ? 400 : round % 10 == 0 ? 120 : 25);
    lts::Lts l = testing_support::random_lts(rng, shape);
    scramble(l, rng);
    const bisim::Partition reference = bisim::reference_partition(l, bisim::Equivalence::strong);
    // All routes: signature refinement first (finished by Paige & Tarjan
    // when it cannot prove its answer), Paige & Tarjan alone, and worklist
    // rounds first.
    for (const auto route : {bisim::StrongRoute::fastest, bisim::StrongRoute::known_cyclic,
                             bisim::StrongRoute::paige_tarjan_only, bisim::StrongRoute::worklist_first}) {
      const bisim::Partition fast = bisim::strong_partition(l, route);
      ASSERT_EQ(fast.block.size(), l.num_states) << "round " << round;
      ASSERT_TRUE(bisim::same_partition(fast, reference))
          << "route " << static_cast<int>(route) << ", round " << round << ": fast has " << fast.num_blocks
          << " blocks, reference " << reference.num_blocks;
      ASSERT_EQ(fast.num_blocks, reference.num_blocks);
    }
    nontrivial += reference.num_blocks > 1 && reference.num_blocks < l.num_states;
  }
  // The generator must exercise real merging, not only trivial partitions.
  EXPECT_GT(nontrivial, rounds / 4);
}

// The same on transitions listed by source, as minimise passes them: Paige
// & Tarjan then make their first records in source order when the states of
// each starting block enable the same labels, and fall back to grouping by
// label otherwise. The copy with a single label, which every state enables
// (a self-loop where it had no step), makes that so even from one block.
TEST(StrongRandom, ListedBySourceSameAsReference) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(300);
  std::mt19937_64 rng(20261124);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const auto shape = testing_support::random_shape(rng, round % 10 == 0 ? 120 : 25);
    lts::Lts l = testing_support::random_lts(rng, shape);
    lts::Lts one_label = l;
    const lts::LabelId a = one_label.labels.intern("a");
    std::vector<bool> has_step(l.num_states, false);
    for (lts::Transition& t : one_label.transitions) {
      t.label = a;
      has_step[t.from] = true;
    }
    for (lts::StateId x = 0; x < l.num_states; ++x)
      if (!has_step[x]) one_label.transitions.push_back({x, a, x});
    for (lts::Lts* g : {&l, &one_label}) {
      lts::list_by_source(*g);
      const bisim::Partition reference = bisim::reference_partition(*g, bisim::Equivalence::strong);
      for (const auto route :
           {bisim::StrongRoute::fastest, bisim::StrongRoute::paige_tarjan_only, bisim::StrongRoute::worklist_first}) {
        const bisim::Partition fast = bisim::strong_partition(*g, route);
        ASSERT_TRUE(bisim::same_partition(fast, reference))
            << "route " << static_cast<int>(route) << ", round " << round << (g == &l ? "" : ", one label");
        ASSERT_EQ(fast.num_blocks, reference.num_blocks);
      }
    }
  }
}

}  // namespace
