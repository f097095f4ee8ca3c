#include "lts/reachability.hpp"

#include <gtest/gtest.h>

#include <random>

#include "lts/adjacency.hpp"
#include "tests/support/random_lts.hpp"

namespace {
lts::Lts chain_with_islands() {
  lts::Lts l;
  l.num_states = 6;
  l.initial = 1;
  const auto a = l.labels.intern("a");
  l.transitions = {{1, a, 3}, {3, lts::tau, 5}, {0, a, 1}, {2, a, 4}, {5, a, 1}};
  return l;
}
}  // namespace

TEST(Reachability, KeepsOnlyReachableStatesInTheirOrder) {
  std::vector<lts::StateId> map;
  const lts::Lts r = lts::reachable_part(chain_with_islands(), &map);
  EXPECT_EQ(r.num_states, 3u);
  EXPECT_EQ(r.initial, 0u);
  const std::vector<lts::StateId> expected_map{lts::no_state, 0, lts::no_state, 1, lts::no_state, 2};
  EXPECT_EQ(map, expected_map);
  ASSERT_EQ(r.transitions.size(), 3u);
  EXPECT_EQ(r.transitions[0], (lts::Transition{0, 1, 1}));
  EXPECT_EQ(r.transitions[1], (lts::Transition{1, lts::tau, 2}));
  EXPECT_EQ(r.transitions[2], (lts::Transition{2, 1, 0}));
}

TEST(Reachability, IsIdempotent) {
  const lts::Lts once = lts::reachable_part(chain_with_islands());
  const lts::Lts twice = lts::reachable_part(once);
  EXPECT_EQ(once.transitions, twice.transitions);
  EXPECT_EQ(once.num_states, twice.num_states);
}

// Against an independent fixpoint: s is reachable iff it is the initial
// state or the target of a transition from a reachable state.
TEST(Reachability, AgreesWithFixpointOnRandomLtss) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 300; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 40));
    std::vector<bool> fix(l.num_states, false);
    fix[l.initial] = true;
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto& t : l.transitions)
        if (fix[t.from] && !fix[t.to]) changed = fix[t.to] = true;
    }
    EXPECT_EQ(lts::reachable_states(l), fix);
  }
}

TEST(Adjacency, ListsTransitionsBySourceAndTarget) {
  const lts::Lts l = chain_with_islands();
  const lts::Adjacency out(l, lts::Direction::forward), in(l, lts::Direction::backward);
  const lts::Adjacency tau_out(l, lts::Direction::forward, lts::Which::tau_only);
  EXPECT_EQ(out.degree(1), 1u);
  EXPECT_EQ(in.degree(1), 2u);
  EXPECT_EQ(tau_out.degree(3), 1u);
  EXPECT_EQ(tau_out.degree(1), 0u);
  for (lts::StateId s = 0; s < l.num_states; ++s)
    for (auto i : in.of(s)) EXPECT_EQ(l.transitions[i].to, s);
}

TEST(Reachability, MovingOverloadAgreesAndKeepsAFullyReachableLts) {
  std::mt19937_64 rng(9);
  for (int round = 0; round < 200; ++round) {
    lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 30));
    std::vector<lts::StateId> map_copy, map_move;
    const lts::Lts by_copy = lts::reachable_part(l, &map_copy);
    lts::Lts input = l;
    const lts::Lts by_move = lts::reachable_part(std::move(input), &map_move);
    ASSERT_EQ(by_move.transitions, by_copy.transitions);
    ASSERT_EQ(by_move.num_states, by_copy.num_states);
    ASSERT_EQ(by_move.initial, by_copy.initial);
    ASSERT_EQ(map_move, map_copy);
    ASSERT_TRUE(input.transitions.empty());  // released, as documented  // NOLINT(bugprone-use-after-move)
  }
}

TEST(Adjacency, SuccessorsListTargetsInTransitionOrder) {
  std::mt19937_64 rng(13);
  for (int round = 0; round < 100; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 30));
    for (auto which : {lts::Which::all, lts::Which::tau_only}) {
      const lts::Successors succ(l, which);
      const lts::Adjacency out(l, lts::Direction::forward, which);
      for (lts::StateId s = 0; s < l.num_states; ++s) {
        std::vector<lts::StateId> want, got(succ.of(s).begin(), succ.of(s).end());
        for (auto i : out.of(s)) want.push_back(l.transitions[i].to);
        ASSERT_EQ(got, want);
      }
    }
  }
}
