// The classic traps of branching bisimulation, and large chains.
#include <gtest/gtest.h>

#include <vector>

#include "bisim/branching/branching_bisimulation.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/bisim/reference/classic_traps.hpp"

namespace {

// Each trap's partitions, worked out by hand in tests/bisim/reference/classic_traps.hpp.
TEST(BranchingTraps, ClassicTraps) {
  for (const auto& trap : testing_support::classic_traps()) {
    SCOPED_TRACE(trap.name);
    for (bool div : {false, true}) {
      const bisim::Partition got = bisim::branching_partition(trap.lts, div);
      const bisim::Partition want = testing_support::blocks(div ? trap.divbranching : trap.branching);
      EXPECT_TRUE(bisim::same_partition(got, want)) << (div ? "divbranching" : "branching");
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
