#include "lts/builder.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

// The builder against a plain array of the same transitions: every way of
// filling it (several chunks, one chunk, a reserve that is too small or too
// large, nothing at all; sources in order, so the builder keeps arcs, with
// states of more than 255 transitions, and sources that fall out of order
// after a while) gives the transitions in the order added. The last rounds
// use the default chunks, which grow from 1024 elements.
TEST(LtsBuilder, ChunksKeepEveryTransitionInOrder) {
  std::mt19937 rng(7);
  for (int round = 0; round < 640; ++round) {
    const bool small = round % 320 < 300, in_order = round >= 320;
    const std::size_t chunk = 1 + rng() % 5, count = small ? rng() % 40 : rng() % 20000;
    // With sources in order: each source has up to `fan` transitions, and
    // after `unordered_after` of them the sources go random.
    const std::size_t fan = rng() % 3 == 0 ? 600 : 1 + rng() % 4;
    const std::size_t unordered_after = rng() % 2 ? count : rng() % (count + 1);
    lts::LtsBuilder b = small ? lts::LtsBuilder(chunk) : lts::LtsBuilder();
    if (round % 3 == 1) b.reserve(rng() % (small ? 50 : 20000));
    const lts::LabelId x = b.label("x"), y = b.label("y");
    std::vector<lts::Transition> expected;
    lts::StateId source = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (in_order && rng() % fan == 0) source += rng() % 3;
      const lts::StateId from = in_order && i < unordered_after ? source : static_cast<lts::StateId>(rng() % 9);
      const lts::Transition t{from, rng() % 2 ? x : y, static_cast<lts::StateId>(rng() % 9)};
      b.add_transition(t.from, t.label, t.to);
      expected.push_back(t);
    }
    ASSERT_EQ(b.num_transitions(), count);
    const lts::Lts l = std::move(b).finish();
    EXPECT_EQ(l.transitions, expected) << "chunk " << chunk << ", " << count << " transitions, round " << round;
  }
}

// The arcs take two thirds of the memory of full transitions, plus a byte
// per source.
TEST(LtsBuilder, TransitionsInSourceOrderTakeEightBytes) {
  lts::LtsBuilder in_order, unordered;
  for (lts::StateId s = 0; s < 100000; ++s) {
    in_order.add_transition(s, lts::tau, s + 1);
    unordered.add_transition(s % 2 ? s : 100000 - s, lts::tau, s + 1);
  }
  EXPECT_EQ(unordered.memory(), 100000 * sizeof(lts::Transition));
  EXPECT_EQ(in_order.memory(), 100000 * 9);
}

TEST(LtsBuilder, AFinishedBuilderHandsOverItsLabels) {
  lts::LtsBuilder b(2);
  for (lts::StateId s = 0; s < 5; ++s) b.add_transition(s, b.label("a"), s + 1);
  const lts::Lts l = std::move(b).finish();
  EXPECT_EQ(l.num_states, 6u);
  ASSERT_EQ(l.transitions.size(), 5u);
  EXPECT_EQ(l.labels.name(l.transitions[4].label), "a");
}
