// Hand-made cases for the strong partitioner, each a known trap.
#include <gtest/gtest.h>

#include "bisim/strong/strong_bisimulation.hpp"
#include "lts/source_order.hpp"
#include "tests/bisim/reference/small_lts.hpp"

namespace {

using testing_support::small_lts;

TEST(StrongCases, BranchingTimeMatters) {
  // 0 = a.(b + c), 4 = a.b + a.c: trace equivalent, not bisimilar.
  const lts::Lts l =
      small_lts(10, {{0, "a", 1}, {1, "b", 2}, {1, "c", 3}, {4, "a", 5}, {4, "a", 6}, {5, "b", 7}, {6, "c", 8}});
  const bisim::Partition p = bisim::strong_partition(l);
  EXPECT_NE(p.block[0], p.block[4]);
  EXPECT_EQ(p.block[2], p.block[3]);  // deadlocks
  EXPECT_EQ(p.block[2], p.block[7]);
}

TEST(StrongCases, SplitterPartlyScanned) {
  // p -a-> x1, p -a-> x2, q -a-> x1, with x1 -b-> and x2 deadlocked: p and q
  // differ through x2, the part of the compound splitter that is not scanned
  // when x1 is the smaller half (the random comparison is what catches a
  // missing three-way split; here a later splitter may repair it).
  const lts::Lts l = small_lts(
      9, {{0, "a", 2}, {0, "a", 3}, {1, "a", 2}, {2, "b", 4}, {5, "a", 3}, {6, "a", 3}, {7, "a", 3}, {8, "a", 3}});
  const bisim::Partition p = bisim::strong_partition(l);
  EXPECT_NE(p.block[0], p.block[1]);
  EXPECT_EQ(p.block[5], p.block[6]);
  EXPECT_NE(p.block[0], p.block[5]);
  EXPECT_NE(p.block[1], p.block[5]);
}

TEST(StrongCases, TauIsAnOrdinaryLabel) {
  // 0 -i-> 1 -a-> 2 and 3 -a-> 4: branching bisimilar, not strongly.
  const lts::Lts l = small_lts(5, {{0, "i", 1}, {1, "a", 2}, {3, "a", 4}});
  const bisim::Partition p = bisim::strong_partition(l);
  EXPECT_NE(p.block[0], p.block[3]);
  EXPECT_EQ(p.block[1], p.block[3]);
}

TEST(StrongCases, CyclesOfDifferentLengthsAreBisimilar) {
  // A 2-cycle and a 3-cycle of a-steps: all five states are bisimilar.
  const lts::Lts l = small_lts(5, {{0, "a", 1}, {1, "a", 0}, {2, "a", 3}, {3, "a", 4}, {4, "a", 2}});
  const bisim::Partition p = bisim::strong_partition(l);
  EXPECT_EQ(p.num_blocks, 1u);
}

TEST(StrongCases, BlocksNumberedBySmallestState) {
  const lts::Lts l = small_lts(4, {{3, "a", 2}, {1, "a", 0}});
  const bisim::Partition p = bisim::strong_partition(l);
  EXPECT_EQ(p.num_blocks, 2u);
  EXPECT_EQ(p.block[0], 0u);  // 0 and 2 deadlock
  EXPECT_EQ(p.block[2], 0u);
  EXPECT_EQ(p.block[1], 1u);
  EXPECT_EQ(p.block[3], 1u);
}

TEST(StrongCases, ManyLabels) {
  // 1000 labels, one transition each: every state with its own label differs.
  lts::Lts l;
  l.num_states = 1001;
  for (lts::StateId s = 0; s < 1000; ++s) {
    std::string name = "l";
    name += std::to_string(s);
    l.transitions.push_back({s, l.labels.intern(name), 1000});
  }
  EXPECT_EQ(bisim::strong_partition(l).num_blocks, 1001u);
}

TEST(StrongCases, BlocksNumberedBySmallestStateOnBothRoutes) {
  // 0 -a-> 1, 2 -a-> 3, 4 -b-> 4: blocks {0, 2}, {1, 3}, {4} numbered 0, 1, 2.
  lts::Lts l;
  l.num_states = 5;
  const auto a = l.labels.intern("a"), b = l.labels.intern("b");
  l.transitions = {{4, b, 4}, {2, a, 3}, {0, a, 1}};
  for (const auto route : {bisim::StrongRoute::fastest, bisim::StrongRoute::known_cyclic,
                           bisim::StrongRoute::paige_tarjan_only, bisim::StrongRoute::worklist_first}) {
    const bisim::Partition p = bisim::strong_partition(l, route);
    EXPECT_EQ(p.block, (std::vector<std::uint32_t>{0, 1, 0, 1, 2})) << static_cast<int>(route);
    EXPECT_EQ(p.num_blocks, 3u);
  }
}

// Rings large enough for the default route to see a chain of splits after
// its hashed rounds (nearly every state in one class, one split off per
// round) and take worklist rounds: 0 -a-> 1 -a-> ... -a-> 0, with a b
// self-loop on every state that is a multiple of `period` (a divisor of
// n): as many classes as the period (one per distance to the next b).
TEST(StrongCases, LongRingsPeeledOneStateARound) {
  constexpr lts::StateId n = 120000;
  for (const lts::StateId period : {n, lts::StateId{1000}, lts::StateId{8}}) {
    lts::Lts l;
    l.num_states = n;
    const auto a = l.labels.intern("a"), b = l.labels.intern("b");
    for (lts::StateId s = 0; s < n; ++s) {
      l.transitions.push_back({s, a, (s + 1) % n});
      if (s % period == 0) l.transitions.push_back({s, b, s});
    }
    lts::list_by_source(l);
    const bisim::Partition fast = bisim::strong_partition(l, bisim::StrongRoute::fastest);
    const bisim::Partition alone = bisim::strong_partition(l, bisim::StrongRoute::paige_tarjan_only);
    EXPECT_EQ(fast.num_blocks, period);
    EXPECT_EQ(fast.block, alone.block) << "period " << period;  // both numbered by smallest state
    for (lts::StateId s = 0; s + period < n; s += 9973) EXPECT_EQ(fast.block[s], fast.block[s + period]);
  }
}

}  // namespace
