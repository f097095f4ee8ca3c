#include "lts/label_table.hpp"

#include <gtest/gtest.h>

#include "lts/builder.hpp"

TEST(LabelTable, TauIsIdZeroAndNamesAreInterned) {
  lts::LabelTable t;
  EXPECT_EQ(t.size(), 1u);
  const auto a = t.intern("a");
  const auto b = t.intern("call(1,push,2)");
  EXPECT_NE(a, lts::tau);
  EXPECT_NE(a, b);
  EXPECT_EQ(t.intern("a"), a);
  EXPECT_EQ(t.name(b), "call(1,push,2)");
  lts::LabelId found = 99;
  EXPECT_TRUE(t.find("a", found));
  EXPECT_EQ(found, a);
  EXPECT_FALSE(t.find("missing", found));
}

TEST(LtsBuilder, GrowsStatesToCoverEveryTransition) {
  lts::LtsBuilder b;
  b.set_initial(2);
  b.add_transition(0, b.label("x"), 7);
  const lts::Lts l = std::move(b).finish();
  EXPECT_EQ(l.num_states, 8u);
  EXPECT_EQ(l.initial, 2u);
  ASSERT_EQ(l.transitions.size(), 1u);
  EXPECT_EQ(l.labels.name(l.transitions[0].label), "x");
}
