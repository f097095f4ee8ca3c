#include "lts/builder.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

// The builder's chunks against a plain array of the same transitions: every
// way of filling them (several chunks, one chunk, a reserve that is too small
// or too large, nothing at all) gives the transitions in the order added.
// The last rounds use the default chunks, which grow from 1024 transitions.
TEST(LtsBuilder, ChunksKeepEveryTransitionInOrder) {
  std::mt19937 rng(7);
  for (int round = 0; round < 320; ++round) {
    const bool small = round < 300;
    const std::size_t chunk = 1 + rng() % 5, count = small ? rng() % 40 : rng() % 20000;
    lts::LtsBuilder b = small ? lts::LtsBuilder(chunk) : lts::LtsBuilder();
    if (round % 3 == 1) b.reserve(rng() % (small ? 50 : 20000));
    const lts::LabelId x = b.label("x"), y = b.label("y");
    std::vector<lts::Transition> expected;
    for (std::size_t i = 0; i < count; ++i) {
      const lts::Transition t{static_cast<lts::StateId>(rng() % 9), rng() % 2 ? x : y,
                              static_cast<lts::StateId>(rng() % 9)};
      b.add_transition(t.from, t.label, t.to);
      expected.push_back(t);
    }
    ASSERT_EQ(b.num_transitions(), count);
    const lts::Lts l = std::move(b).finish();
    EXPECT_EQ(l.transitions, expected) << "chunk " << chunk << ", " << count << " transitions, round " << round;
  }
}

TEST(LtsBuilder, AFinishedBuilderHandsOverItsLabels) {
  lts::LtsBuilder b(2);
  for (lts::StateId s = 0; s < 5; ++s) b.add_transition(s, b.label("a"), s + 1);
  const lts::Lts l = std::move(b).finish();
  EXPECT_EQ(l.num_states, 6u);
  ASSERT_EQ(l.transitions.size(), 5u);
  EXPECT_EQ(l.labels.name(l.transitions[4].label), "a");
}
