// The counts of bench/scale/partition_stats on a hand-made LTS, where every
// figure follows from the owners of four states, and the owner hash on many
// ids, where balance and the cross share follow from uniformity.
#include "bench/scale/partition_stats.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "formats/aut_reader.hpp"

namespace {

// 0 -a-> 1 -tau-> 2 -b-> 0 is a cycle of three edges; 2 -b-> 2 and 3 -c-> 3
// are self-loops (never cross); state 3 is unreachable. Breadth-first from 0:
// level 1 {0}, level 2 {1}, level 3 {2}: three levels.
const char* const kAut =
    "des (0, 5, 4)\n"
    "(0, \"a\", 1)\n"
    "(1, i, 2)\n"
    "(2, \"b\", 0)\n"
    "(2, \"b\", 2)\n"
    "(3, \"c\", 3)\n";

lts::Lts hand_made() { return formats::read_aut_text(kAut, "hand.aut"); }

TEST(PartitionStats, OneRankHasNoCrossTransitions) {
  const auto s = bench_scale::partition(hand_made(), 1);
  EXPECT_EQ(s.states, 4u);
  EXPECT_EQ(s.transitions, 5u);
  EXPECT_EQ(s.self_loops, 2u);
  EXPECT_EQ(s.cross, 0u);
  EXPECT_EQ(s.max_rank_states, 4u);
  EXPECT_DOUBLE_EQ(s.imbalance(), 1.0);
}

// For each R, the cycle's edges cross exactly where their ends' owners
// differ; a cycle of three edges crosses 0 times (all on one rank) or at
// least twice (leaving a rank means coming back), never once.
TEST(PartitionStats, CrossTransitionsAreTheCycleEdgesBetweenOwners) {
  const auto lts = hand_made();
  for (unsigned r : {2u, 3u, 4u, 64u, 1u << 20}) {
    unsigned o[4];
    for (unsigned q = 0; q < 4; ++q) o[q] = bench_scale::owner(q, r);
    const unsigned want = (o[0] != o[1]) + (o[1] != o[2]) + (o[2] != o[0]);
    const auto s = bench_scale::partition(lts, r);
    EXPECT_EQ(s.cross, want) << "R = " << r;
    EXPECT_NE(s.cross, 1u);
    unsigned held[4] = {0, 0, 0, 0};  // the fullest rank, by counting owners pairwise
    for (unsigned q = 0; q < 4; ++q)
      for (unsigned p = 0; p < 4; ++p) held[q] += o[p] == o[q];
    EXPECT_EQ(s.max_rank_states, *std::max_element(held, held + 4)) << "R = " << r;
    EXPECT_LE(s.max_rank_cross_out, s.cross);
    EXPECT_LE(s.max_rank_cross_in, s.cross);
  }
}

TEST(PartitionStats, BreadthFirstLevels) {
  EXPECT_EQ(bench_scale::bfs_levels(hand_made()), 3u);
  EXPECT_EQ(bench_scale::bfs_levels(formats::read_aut_text("des (0, 0, 1)\n", "one.aut")), 1u);
}

// A uniform owner puts N/R states on each rank (here within 2 % at 12,500
// per rank, about 8 standard deviations of a binomial count) and makes an
// edge between distinct states cross with probability 1 - 1/R.
TEST(PartitionStats, OwnersAreBalancedAndCrossAsUniformDrawsWould) {
  lts::Lts ring;
  ring.num_states = 100000;
  for (lts::StateId q = 0; q < ring.num_states; ++q)
    ring.transitions.push_back({q, lts::tau, (q + 1) % ring.num_states});
  for (unsigned r : {2u, 8u}) {
    const auto s = bench_scale::partition(ring, r);
    EXPECT_LT(s.imbalance(), 1.02) << "R = " << r;
    EXPECT_NEAR(s.cross_share(), 1.0 - 1.0 / r, 0.01) << "R = " << r;
  }
}

}  // namespace
