// Hand-made LTSs whose partitions are worked out by hand in the comments.
#include "tests/bisim/reference/reference_partition.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "tests/bisim/reference/classic_traps.hpp"

namespace {

using bisim::Equivalence;
using bisim::Partition;
using bisim::reference_partition;

using testing_support::blocks;
using testing_support::small_lts;

void expect_partition(const lts::Lts& l, Equivalence e, std::vector<std::uint32_t> expected) {
  const Partition got = reference_partition(l, e);
  const Partition want = blocks(std::move(expected));
  EXPECT_TRUE(bisim::same_partition(got, want)) << "equivalence " << static_cast<int>(e);
  EXPECT_EQ(got.num_blocks, want.num_blocks);
}

TEST(SamePartition, ComparesRelationsNotNumbers) {
  EXPECT_TRUE(bisim::same_partition(blocks({0, 0, 1}), blocks({1, 1, 0})));
  EXPECT_FALSE(bisim::same_partition(blocks({0, 0, 1}), blocks({0, 1, 1})));
  EXPECT_FALSE(bisim::same_partition(blocks({0, 0, 0}), blocks({0, 0, 1})));
  EXPECT_FALSE(bisim::same_partition(blocks({0, 1, 2}), blocks({0, 1, 1})));
  EXPECT_FALSE(bisim::same_partition(blocks({0, 1}), blocks({0, 1, 2})));
}

TEST(ReferencePartition, NoneKeepsEveryStateApart) {
  const auto l = small_lts(3, {{0, "a", 1}, {0, "a", 2}});
  expect_partition(l, Equivalence::none, {0, 1, 2});
}

// 0 -a-> 1 -b-> 3, 0 -a-> 2 -c-> 4   versus   5 -a-> 6, 6 -b-> 7, 6 -c-> 8.
// Strong: the deadlocks 3,4,7,8 are one block; 1 ~ b-only, 2 ~ c-only, 6 ~
// both; 0 and 5 differ (0 commits to b or c when doing a).
TEST(ReferencePartition, StrongDistinguishesTheMomentOfChoice) {
  const auto l =
      small_lts(9, {{0, "a", 1}, {0, "a", 2}, {1, "b", 3}, {2, "c", 4}, {5, "a", 6}, {6, "b", 7}, {6, "c", 8}});
  //                                    0  1  2  3  4  5  6  7  8
  expect_partition(l, Equivalence::strong, {0, 1, 2, 3, 3, 4, 5, 3, 3});
  expect_partition(l, Equivalence::branching, {0, 1, 2, 3, 3, 4, 5, 3, 3});
}

// Strong bisimulation treats tau like any label: 0 -tau-> 1 -a-> 2 and
// 3 -a-> 4 differ strongly but are branching bisimilar (0 ~ 1 ~ 3).
TEST(ReferencePartition, TauIsVisibleToStrongOnly) {
  const auto l = small_lts(5, {{0, "i", 1}, {1, "a", 2}, {3, "a", 4}});
  expect_partition(l, Equivalence::strong, {0, 1, 2, 1, 2});
  expect_partition(l, Equivalence::branching, {0, 0, 1, 0, 1});
  expect_partition(l, Equivalence::divbranching, {0, 0, 1, 0, 1});
}

// The trap of a visible action and a tau to the same target:
// 0 -a-> 1 and 0 -tau-> 1, 1 -a-> 2. After a, state 0 can still do a
// (it is in 1) while 1 after a is stuck (in 2), so 0 and 1 differ and the
// tau step from 0 to 1 is not inert.
TEST(ReferencePartition, VisibleAndTauToTheSameTarget) {
  const auto l = small_lts(3, {{0, "a", 1}, {0, "i", 1}, {1, "a", 2}});
  expect_partition(l, Equivalence::branching, {0, 1, 2});
  // 3 -a-> 4, 3 -tau-> 4, 4 -a-> 4: here 3 ~ 4, the tau is inert (both can
  // do a forever), and a state doing only a-loops is the same class.
  const auto m = small_lts(6, {{0, "a", 1}, {0, "i", 1}, {1, "a", 1}, {2, "a", 2}, {3, "a", 4}, {4, "b", 5}});
  expect_partition(m, Equivalence::branching, {0, 0, 0, 1, 2, 3});
}

// A tau-cycle 0 -> 1 -> 2 -> 0 whose states each have one visible exit:
// 0 -a-> 3, 1 -a-> 3, 2 -b-> 4. All of 0,1,2 can reach every exit through
// inert taus, so they are one class (they all may do a or b); a plain tau
// cycle without exits is the same as a deadlock for branching only.
TEST(ReferencePartition, TauCycles) {
  const auto l = small_lts(5, {{0, "i", 1}, {1, "i", 2}, {2, "i", 0}, {0, "a", 3}, {1, "a", 3}, {2, "b", 4}});
  expect_partition(l, Equivalence::branching, {0, 0, 0, 1, 1});
  expect_partition(l, Equivalence::divbranching, {0, 0, 0, 1, 1});
  expect_partition(l, Equivalence::strong, {0, 1, 2, 3, 3});
  // 0 <-tau-> 1 with no exits versus the deadlock 2.
  const auto d = small_lts(3, {{0, "i", 1}, {1, "i", 0}});
  expect_partition(d, Equivalence::branching, {0, 0, 0});
  expect_partition(d, Equivalence::divbranching, {0, 0, 1});
  expect_partition(d, Equivalence::strong, {0, 0, 1});
}

// The classic traps shared with the fast partitioner's tests.
TEST(ReferencePartition, ClassicTraps) {
  for (const auto& trap : testing_support::classic_traps()) {
    SCOPED_TRACE(trap.name);
    expect_partition(trap.lts, Equivalence::branching, trap.branching);
    expect_partition(trap.lts, Equivalence::divbranching, trap.divbranching);
  }
}

// A long tau-chain 0 -> 1 -> ... -> n-1 -a-> n: branching collapses the chain;
// strong keeps every state. The reference is quadratic in the chain's length
// for strong, so the chain is short here (the fast code's tests go to 10^6).
TEST(ReferencePartition, TauChain) {
  lts::Lts l;
  const lts::StateId n = 2000;
  l.num_states = n + 1;
  const auto a = l.labels.intern("a");
  for (lts::StateId s = 0; s + 1 < n; ++s) l.transitions.push_back({s, lts::tau, s + 1});
  l.transitions.push_back({n - 1, a, n});
  EXPECT_EQ(reference_partition(l, Equivalence::branching).num_blocks, 2u);
  EXPECT_EQ(reference_partition(l, Equivalence::divbranching).num_blocks, 2u);
  EXPECT_EQ(reference_partition(l, Equivalence::strong).num_blocks, n + 1);
}

}  // namespace
