// lts::merge_single_tau_states: every state of the input is
// divergence-sensitive branching bisimilar to the state of the output it
// is merged into (the reference partitioner on the disjoint union of both),
// and the output keeps no state whose only step is a tau-step to another
// state, except the initial one.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "lts/single_tau_merge.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/support/random_lts.hpp"

namespace {

using lts::StateId;
using lts::tau;

// `a` and `b` side by side: b's states numbered after a's, its labels
// interned into a's table.
lts::Lts disjoint_union(const lts::Lts& a, const lts::Lts& b) {
  lts::Lts u = a;
  u.num_states = a.num_states + b.num_states;
  for (const lts::Transition& t : b.transitions) {
    const lts::LabelId label = t.label == tau ? tau : u.labels.intern(b.labels.name(t.label));
    u.transitions.push_back({a.num_states + t.from, label, a.num_states + t.to});
  }
  return u;
}

lts::Lts with(StateId states, std::vector<std::tuple<StateId, const char*, StateId>> steps) {
  lts::Lts l;
  l.num_states = states;
  for (const auto& [from, label, to] : steps)
    l.transitions.push_back({from, std::string(label) == "tau" ? tau : l.labels.intern(label), to});
  return l;
}

TEST(SingleTauMerge, AChainEndsInItsLastState) {
  // 0 -a-> 1 -tau-> 2 -tau-> 3 -b-> 0: states 1 and 2 go into 3.
  lts::Lts l = with(4, {{0, "a", 1}, {1, "tau", 2}, {2, "tau", 3}, {3, "b", 0}});
  const lts::TauMerge c = lts::merge_single_tau_states(l);
  EXPECT_EQ(l.num_states, 2u);
  EXPECT_EQ(c.into, (std::vector<StateId>{0, 1, 1, 1}));
  EXPECT_EQ(c.kept, (std::vector<StateId>{0, 3}));
  ASSERT_EQ(l.transitions.size(), 2u);
  EXPECT_EQ(l.transitions[0], (lts::Transition{0, l.labels.intern("a"), 1}));
  EXPECT_EQ(l.transitions[1], (lts::Transition{1, l.labels.intern("b"), 0}));
}

TEST(SingleTauMerge, ARingKeepsOneStateWithASelfLoop) {
  // 0 -a-> 1 -tau-> 2 -tau-> 3 -tau-> 1: a divergence with no exit. Merging
  // all three would lose it; one stays, with a tau self-loop.
  lts::Lts l = with(4, {{0, "a", 1}, {1, "tau", 2}, {2, "tau", 3}, {3, "tau", 1}});
  lts::merge_single_tau_states(l);
  EXPECT_EQ(l.num_states, 2u);
  ASSERT_EQ(l.transitions.size(), 2u);
  EXPECT_EQ(l.transitions[1], (lts::Transition{1, tau, 1}));
}

TEST(SingleTauMerge, TheInitialStateStays) {
  lts::Lts l = with(3, {{0, "tau", 1}, {1, "a", 2}});
  const lts::TauMerge c = lts::merge_single_tau_states(l);
  EXPECT_EQ(l.num_states, 3u);
  EXPECT_EQ(l.initial, 0u);
  EXPECT_EQ(c.into, (std::vector<StateId>{0, 1, 2}));
}

TEST(SingleTauMerge, ParallelStepsBecomeOne) {
  // 0 -a-> 1 -tau-> 3 and 0 -a-> 2 -tau-> 3: both a-steps lead to 3 now.
  lts::Lts l = with(4, {{0, "a", 1}, {0, "a", 2}, {1, "tau", 3}, {2, "tau", 3}});
  lts::merge_single_tau_states(l);
  EXPECT_EQ(l.num_states, 2u);
  ASSERT_EQ(l.transitions.size(), 1u);
  EXPECT_EQ(l.transitions[0], (lts::Transition{0, l.labels.intern("a"), 1}));
}

TEST(SingleTauMerge, EveryStateIsBisimilarToWhereItGoesOnRandomLtss) {
  std::mt19937_64 rng(2611);
  int merged = 0, rings = 0;
  for (int round = 0; round < 2000; ++round) {
    testing_support::RandomLtsShape shape = testing_support::random_shape(rng, 14);
    if (round % 2) {  // sparse and mostly tau: many single-step states, chains and rings
      shape.transitions = shape.states + static_cast<std::uint32_t>(rng() % 3);
      shape.tau_fraction = 0.7;
    }
    const lts::Lts before = testing_support::random_lts(rng, shape);
    lts::Lts after = before;
    const lts::TauMerge c = lts::merge_single_tau_states(after);
    SCOPED_TRACE(round);
    ASSERT_EQ(c.into.size(), before.num_states);
    ASSERT_EQ(c.kept.size(), after.num_states);
    EXPECT_EQ(after.initial, c.into[before.initial]);
    EXPECT_EQ(c.kept[after.initial], before.initial);
    for (StateId k = 0; k < after.num_states; ++k) {
      EXPECT_EQ(c.into[c.kept[k]], k);
      if (k > 0) {
        EXPECT_LT(c.kept[k - 1], c.kept[k]);  // the kept states keep their order
      }
    }
    EXPECT_TRUE(std::is_sorted(after.transitions.begin(), after.transitions.end()));
    EXPECT_EQ(std::adjacent_find(after.transitions.begin(), after.transitions.end()), after.transitions.end());
    // Every state of the input whose only step is a tau-step is merged,
    // but the initial state and the state kept on each ring (a self-loop now).
    std::vector<int> degree(before.num_states, 0);
    for (const lts::Transition& t : before.transitions) ++degree[t.from];
    for (const lts::Transition& t : before.transitions) {
      if (degree[t.from] != 1 || t.label != tau || t.from == before.initial || c.kept[c.into[t.from]] != t.from)
        continue;
      const StateId k = c.into[t.from];
      EXPECT_NE(std::find(after.transitions.begin(), after.transitions.end(), lts::Transition{k, tau, k}),
                after.transitions.end())
          << "state " << t.from << " was not merged";
      ++rings;
    }
    merged += after.num_states < before.num_states;
    for (const bisim::Equivalence e : {bisim::Equivalence::branching, bisim::Equivalence::divbranching}) {
      const bisim::Partition p = bisim::reference_partition(disjoint_union(before, after), e);
      for (StateId s = 0; s < before.num_states; ++s)
        ASSERT_EQ(p.block[s], p.block[before.num_states + c.into[s]])
            << "state " << s << " merged into " << c.into[s] << ", e=" << static_cast<int>(e);
    }
  }
  // The rounds reach what they are meant to test.
  EXPECT_GT(merged, 800);
  EXPECT_GT(rings, 50);
}

}  // namespace
