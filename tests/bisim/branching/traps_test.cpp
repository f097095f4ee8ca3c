// The classic traps of branching bisimulation, each a hand-built LTS with
// the partition worked out by hand (the comments say why).
#include <gtest/gtest.h>

#include <vector>

#include "bisim/branching/branching_bisimulation.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/bisim/reference/small_lts.hpp"

namespace {

using testing_support::small_lts;

bisim::Partition blocks(std::vector<std::uint32_t> b) {
  bisim::Partition p;
  for (auto x : b) p.num_blocks = std::max(p.num_blocks, x + 1);
  p.block = std::move(b);
  return p;
}

void expect_partition(const lts::Lts& l, bool divergence_sensitive, std::vector<std::uint32_t> expected) {
  const bisim::Partition got = bisim::branching_partition(l, divergence_sensitive);
  const bisim::Partition want = blocks(std::move(expected));
  EXPECT_TRUE(bisim::same_partition(got, want)) << (divergence_sensitive ? "divbranching" : "branching");
  EXPECT_EQ(got.num_blocks, want.num_blocks);
}

// 0 -a-> 1 and 0 -tau-> 1, 1 -a-> 2: after a, 0 can still do a, 1 cannot,
// so the tau from 0 to 1 is not inert and all three states differ.
// 3 -a-> 4, 3 -tau-> 4, 4 -a-> 4, 5 -a-> 5: here the tau is inert, 3 ~ 4 ~ 5.
TEST(BranchingTraps, VisibleActionAndTauToTheSameTarget) {
  const auto l = small_lts(
      6, {{0, "a", 1}, {0, "i", 1}, {1, "a", 2}, {3, "a", 4}, {3, "i", 4}, {4, "a", 4}, {5, "a", 5}});
  expect_partition(l, false, {0, 1, 2, 3, 3, 3});
  expect_partition(l, true, {0, 1, 2, 3, 3, 3});
}

// A tau-cycle 0 -> 1 -> 2 -> 0 with exits 0 -a-> 3, 1 -a-> 3, 2 -b-> 4:
// one class (each reaches both exits inertly); it diverges, and 5, with the
// same exits but no cycle (5 -a-> 3, 5 -b-> 4), joins it only without
// divergence sensitivity.
TEST(BranchingTraps, TauCycles) {
  const auto l = small_lts(6, {{0, "i", 1},
                               {1, "i", 2},
                               {2, "i", 0},
                               {0, "a", 3},
                               {1, "a", 3},
                               {2, "b", 4},
                               {5, "a", 3},
                               {5, "b", 4}});
  expect_partition(l, false, {0, 0, 0, 1, 1, 0});
  expect_partition(l, true, {0, 0, 0, 1, 1, 2});
}

// Two tau-cycles joined by a tau step: 0 <-> 1 -tau-> 2 <-> 3, with 3 -a-> 4
// and 0 -b-> 4. The upper cycle can do b, the lower cannot: two classes plus
// the deadlock, for both equivalences (both cycles diverge).
TEST(BranchingTraps, ChainedTauCycles) {
  const auto l = small_lts(
      5, {{0, "i", 1}, {1, "i", 0}, {1, "i", 2}, {2, "i", 3}, {3, "i", 2}, {3, "a", 4}, {0, "b", 4}});
  expect_partition(l, false, {0, 0, 1, 1, 2});
  expect_partition(l, true, {0, 0, 1, 1, 2});
}

// Divergence only inside a class: 0 -tau-> 0 -a-> 2 and 1 -a-> 2. Branching
// merges 0 and 1 (the loop is inert); divergence-sensitive branching
// separates them. A divergence reached inertly counts as well: 3 -tau-> 4,
// 4 <-tau-> 5, all with a to 2, are divergent like 0.
TEST(BranchingTraps, DivergenceOnlyInsideAClass) {
  const auto l = small_lts(6, {{0, "i", 0},
                               {0, "a", 2},
                               {1, "a", 2},
                               {3, "i", 4},
                               {4, "i", 5},
                               {5, "i", 4},
                               {3, "a", 2},
                               {4, "a", 2},
                               {5, "a", 2}});
  expect_partition(l, false, {0, 0, 1, 0, 0, 0});
  expect_partition(l, true, {0, 1, 2, 0, 0, 0});
}

// 0 -tau-> 1 -a-> 2 with a tau-loop on 1, and 3 -tau-> 4 -a-> 2 without one.
// Branching: 0, 1, 3, 4 are one class. Divergence-sensitive: 1 diverges and
// 0 reaches 1 inertly, so 0 and 1 are divergent while 3 and 4 are not.
TEST(BranchingTraps, DivergenceReachedByInertSteps) {
  const auto l = small_lts(5, {{0, "i", 1}, {1, "a", 2}, {1, "i", 1}, {4, "a", 2}, {3, "i", 4}});
  expect_partition(l, false, {0, 0, 1, 0, 0});
  expect_partition(l, true, {0, 0, 1, 2, 2});
}

// The shape of the MS-queue states of the seed paper's Appendix A (Fig. 6):
// s1 -tau-> s2 and s3 -tau-> s4 -tau-> s5 with s2 ~ s5 but s4 not ~ s2. Here
// s1 = d + tau.c + tau.s4 and s3 = d + tau.s4 with s4 = b + tau.c: weakly
// bisimilar (Milner's third tau-law) but not branching bisimilar, since s3
// can answer s1 -tau-> s2 only through s4, which is like neither s1 nor s2.
//   0 = s1, 1 = s2, 2 = s3, 3 = s4, 4 = s5, 5 = deadlock.
TEST(BranchingTraps, WeaklyButNotBranchingBisimilar) {
  const auto l = small_lts(6, {{0, "d", 5},
                               {0, "i", 1},
                               {0, "i", 3},
                               {1, "c", 5},
                               {2, "d", 5},
                               {2, "i", 3},
                               {3, "b", 5},
                               {3, "i", 4},
                               {4, "c", 5}});
  expect_partition(l, false, {0, 1, 2, 3, 1, 4});
  expect_partition(l, true, {0, 1, 2, 3, 1, 4});
}

// A tau-chain of 10^6 states ending in a: the whole chain is one class. The
// same chain closed into a cycle is one state that diverges. No recursion
// may follow the chain (the call stack would overflow).
TEST(BranchingTraps, MillionStateTauChain) {
  const lts::StateId n = 1'000'000;
  lts::Lts l;
  l.num_states = n + 1;
  const auto a = l.labels.intern("a");
  for (lts::StateId s = 0; s + 1 < n; ++s) l.transitions.push_back({s, lts::tau, s + 1});
  l.transitions.push_back({n - 1, a, n});
  for (bool div : {false, true}) {
    const bisim::Partition p = bisim::branching_partition(l, div);
    EXPECT_EQ(p.num_blocks, 2u);
    EXPECT_EQ(p.block[0], p.block[n - 1]);
    EXPECT_NE(p.block[0], p.block[n]);
  }
  l.transitions.push_back({n - 1, lts::tau, 0});  // now a cycle: divergent
  const bisim::Partition p = bisim::branching_partition(l, true);
  EXPECT_EQ(p.num_blocks, 2u);
}

// A chain of visible steps a, b, a, b, ... needs many refinement rounds: every
// state is its own class.
TEST(BranchingTraps, LongVisibleChain) {
  const lts::StateId n = 2000;
  lts::Lts l;
  l.num_states = n + 1;
  const auto a = l.labels.intern("a"), b = l.labels.intern("b");
  for (lts::StateId s = 0; s < n; ++s) l.transitions.push_back({s, s % 3 == 0 ? a : b, s + 1});
  EXPECT_EQ(bisim::branching_partition(l, false).num_blocks, n + 1);
}

}  // namespace
