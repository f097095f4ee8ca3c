// lts/sparse_states: dense renumbering of the states that occur.
#include "lts/sparse_states.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

lts::Lts spread_lts() {
  lts::Lts l;
  l.num_states = 4294967295u;
  l.initial = 7;
  const auto a = l.labels.intern("a");
  l.transitions = {{4294967294u, a, 7}, {7, lts::tau, 1000}, {1000, a, 4294967294u}};
  return l;
}

TEST(SparseStates, KeepsTheOrderOfTheStatesThatOccur) {
  lts::Lts l = spread_lts();
  ASSERT_TRUE(lts::is_sparse(l));
  const std::vector<lts::StateId> original = lts::compact_states(l);
  EXPECT_EQ(original, (std::vector<lts::StateId>{7, 1000, 4294967294u}));
  EXPECT_EQ(l.num_states, 3u);
  EXPECT_EQ(l.initial, 0u);
  ASSERT_EQ(l.transitions.size(), 3u);  // in their order, ends renumbered
  EXPECT_EQ(l.transitions[0].from, 2u);
  EXPECT_EQ(l.transitions[0].to, 0u);
  EXPECT_EQ(l.transitions[1].from, 0u);
  EXPECT_EQ(l.transitions[1].label, lts::tau);
  EXPECT_EQ(l.transitions[1].to, 1u);
  EXPECT_EQ(l.transitions[2].from, 1u);
  EXPECT_EQ(l.transitions[2].to, 2u);
}

TEST(SparseStates, OnlyFarSparserThanTheTransitionsCounts) {
  lts::Lts l;
  l.num_states = 1u << 22;  // not above 2^22
  EXPECT_FALSE(lts::is_sparse(l));
  l.num_states = (1u << 22) + 1;
  EXPECT_TRUE(lts::is_sparse(l));  // one end (the initial state) for 2^22 states
  const auto a = l.labels.intern("a");
  l.transitions.assign(1u << 18, lts::Transition{0, a, 1});  // 2^19 + 1 ends: 8 per end is 2^22 + 8
  EXPECT_FALSE(lts::is_sparse(l));
}

TEST(SparseStates, PathsGetTheFileIdsBack) {
  lts::DenseLts in = lts::make_dense(spread_lts());
  ASSERT_EQ(in.lts.num_states, 3u);
  std::vector<lts::Transition> path = {in.lts.transitions[1], in.lts.transitions[2]};
  lts::restore_states(path, in.original);
  EXPECT_EQ(path[0].from, 7u);
  EXPECT_EQ(path[0].to, 1000u);
  EXPECT_EQ(path[1].from, 1000u);
  EXPECT_EQ(path[1].to, 4294967294u);
  // A dense LTS is left alone, and so are its paths.
  lts::Lts small;
  small.num_states = 2;
  small.transitions = {{0, lts::tau, 1}};
  lts::DenseLts same = lts::make_dense(std::move(small));
  EXPECT_TRUE(same.original.empty());
  std::vector<lts::Transition> steps = same.lts.transitions;
  lts::restore_states(steps, same.original);
  EXPECT_EQ(steps[0].to, 1u);
}

}  // namespace
