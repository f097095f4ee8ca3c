#include "lts/tau_scc.hpp"

#include <gtest/gtest.h>

#include <random>

#include "tests/support/random_lts.hpp"

namespace {
// Reference: s and t share an SCC iff each reaches the other by tau steps.
std::vector<std::vector<bool>> tau_reach(const lts::Lts& l) {
  const auto n = l.num_states;
  std::vector<std::vector<bool>> r(n, std::vector<bool>(n, false));
  for (lts::StateId s = 0; s < n; ++s) r[s][s] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& t : l.transitions)
      if (t.label == lts::tau)
        for (lts::StateId s = 0; s < n; ++s)
          if (r[s][t.from] && !r[s][t.to]) changed = r[s][t.to] = true;
  }
  return r;
}

lts::Lts tau_chain(lts::StateId n, bool close_cycle) {
  lts::Lts l;
  l.num_states = n;
  for (lts::StateId s = 0; s + 1 < n; ++s) l.transitions.push_back({s, lts::tau, s + 1});
  if (close_cycle) l.transitions.push_back({n - 1, lts::tau, 0});
  return l;
}
}  // namespace

TEST(TauScc, LongChainDoesNotOverflowTheStack) {
  const lts::StateId n = 2'000'000;
  const lts::TauSccs sccs = lts::tau_sccs(tau_chain(n, false));
  EXPECT_EQ(sccs.count, n);
  for (lts::StateId s = 0; s + 1 < n; ++s) ASSERT_GT(sccs.component[s], sccs.component[s + 1]);
  for (bool d : sccs.divergent) ASSERT_FALSE(d);
}

TEST(TauScc, LargeCycleIsOneDivergentComponent) {
  const lts::StateId n = 1'000'000;
  const lts::TauSccs sccs = lts::tau_sccs(tau_chain(n, true));
  EXPECT_EQ(sccs.count, 1u);
  EXPECT_TRUE(sccs.divergent[0]);
}

TEST(TauScc, SelfLoopIsDivergentAndVisibleLoopIsNot) {
  lts::Lts l;
  l.num_states = 2;
  const auto a = l.labels.intern("a");
  l.transitions = {{0, lts::tau, 0}, {1, a, 1}};
  const lts::TauSccs sccs = lts::tau_sccs(l);
  EXPECT_EQ(sccs.count, 2u);
  EXPECT_TRUE(sccs.divergent[sccs.component[0]]);
  EXPECT_FALSE(sccs.divergent[sccs.component[1]]);
}

TEST(TauScc, AgreesWithMutualReachabilityOnRandomLtss) {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 300; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 25));
    const lts::TauSccs sccs = lts::tau_sccs(l);
    const auto r = tau_reach(l);
    // Same component exactly when mutually tau-reachable; numbering is
    // reverse topological along every tau step.
    for (lts::StateId s = 0; s < l.num_states; ++s) {
      for (lts::StateId t = 0; t < l.num_states; ++t) {
        ASSERT_EQ(sccs.component[s] == sccs.component[t], r[s][t] && r[t][s]);
      }
    }
    for (const auto& t : l.transitions) {
      if (t.label == lts::tau) {
        ASSERT_GE(sccs.component[t.from], sccs.component[t.to]);
      }
    }
    // Divergent: some member has a tau step to a member of the same SCC.
    std::vector<bool> div(sccs.count, false);
    for (const auto& t : l.transitions)
      if (t.label == lts::tau && sccs.component[t.from] == sccs.component[t.to]) div[sccs.component[t.from]] = true;
    ASSERT_EQ(div, sccs.divergent);
  }
}
