// The classic traps of branching bisimulation, and large chains.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "bisim/branching/branching_bisimulation.hpp"
#include "tests/bisim/branching/routes.hpp"
#include "tests/bisim/reference/classic_traps.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/support/random_lts.hpp"

namespace {

// Each trap's partitions, worked out by hand in tests/bisim/reference/classic_traps.hpp.
TEST(BranchingTraps, ClassicTraps) {
  for (const auto& trap : testing_support::classic_traps()) {
    SCOPED_TRACE(trap.name);
    for (bool div : {false, true})
      for (const auto route : testing_support::all_branching_routes) {
        const bisim::Partition got = bisim::branching_partition(trap.lts, div, route);
        const bisim::Partition want = testing_support::blocks(div ? trap.divbranching : trap.branching);
        EXPECT_TRUE(bisim::same_partition(got, want))
            << (div ? "divbranching" : "branching") << ", route " << static_cast<int>(route);
        EXPECT_EQ(got.num_blocks, want.num_blocks);
      }
  }
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
  for (bool div : {false, true})
    for (const auto route : testing_support::all_branching_routes) {
      const bisim::Partition p = bisim::branching_partition(l, div, route);
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
  for (const auto route : testing_support::all_branching_routes)
    EXPECT_EQ(bisim::branching_partition(l, false, route).num_blocks, n + 1);
}

// States and classes with more than 128 distinct steps, where signature
// refinement can no longer number steps exactly and hashes them instead (a
// state that wide sends the whole LTS to partition refinement; a class that
// wide only hashes its own signatures): still the reference partition.
TEST(BranchingTraps, WideStatesAndClasses) {
  std::mt19937_64 rng(7);
  for (unsigned round = 0; round < 40; ++round) {
    testing_support::RandomLtsShape shape;
    shape.states = 20 + round % 40;
    shape.visible_labels = 150 + round * 10;
    // Many steps per state in odd rounds (one state past 128), fewer in
    // even rounds (only a class together past 128).
    shape.transitions = shape.states * (round % 2 ? 140 : 40);
    shape.tau_fraction = 0.1 + 0.02 * (round % 10);
    shape.tau_cycles = round % 3;
    const lts::Lts l = testing_support::random_lts(rng, shape);
    for (bool div : {false, true}) {
      const bisim::Partition want =
          bisim::reference_partition(l, div ? bisim::Equivalence::divbranching : bisim::Equivalence::branching);
      for (const auto route : testing_support::all_branching_routes) {
        const bisim::Partition got = bisim::branching_partition(l, div, route);
        EXPECT_TRUE(bisim::same_partition(got, want)) << "round " << round << ", route " << static_cast<int>(route);
      }
    }
  }
}

// A tau-chain s0 -> s1 -> ... -> s19 where each s_i has 120 steps of its own
// (labels of its own, into a sink): s_i can do, inertly, every step of
// s_i+1, ..., s9, so no two are bisimilar. The hashed 64-bit signatures of
// the first ones fill up and collide, and the class they share has hundreds
// of distinct steps, more than signature refinement numbers exactly, while
// no state has more than 121: the path where a class hashes.
TEST(BranchingTraps, WideClassOfNarrowStates) {
  lts::Lts l;
  const lts::StateId chain = 20, sink = chain;
  l.num_states = chain + 1;
  for (lts::StateId i = 0; i < chain; ++i) {
    if (i + 1 < chain) l.transitions.push_back({i, lts::tau, i + 1});
    for (int j = 0; j < 120; ++j) l.transitions.push_back({i, l.labels.intern(fmt::format("a{}_{}", i, j)), sink});
  }
  for (bool div : {false, true})
    for (const auto route : testing_support::all_branching_routes) {
      const bisim::Partition got = bisim::branching_partition(l, div, route);
      EXPECT_EQ(got.num_blocks, chain + 1) << "route " << static_cast<int>(route);
    }
}

}  // namespace
