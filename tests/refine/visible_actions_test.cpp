// The visible actions that make a check meaningful: only reachable ones count.
#include <gtest/gtest.h>

#include "formats/aut_reader.hpp"
#include "refine/visible_actions.hpp"

namespace {

using Names = std::vector<std::string>;

TEST(VisibleActions, OnlyReachableVisibleLabelsCount) {
  // 'b' is on a transition from unreachable state 3; 'i' and 'tau' are internal.
  const lts::Lts l = formats::read_aut_text("des (0,5,4)\n(0,i,1)\n(1,a,2)\n(2,tau,0)\n(3,b,0)\n(1,a,0)\n", "t");
  EXPECT_EQ(refine::reachable_visible_labels(l), Names{"a"});
}

TEST(VisibleActions, InternalStepsOnlyHaveNone) {
  const lts::Lts l = formats::read_aut_text("des (0,2,2)\n(0,i,1)\n(1,i,0)\n", "t");
  EXPECT_TRUE(refine::reachable_visible_labels(l).empty());
  formats::AutReadOptions hide;
  hide.hidden = {"call"};
  const lts::Lts hidden = formats::read_aut_text("des (0,1,2)\n(0,\"call(1,m)\",1)\n", "t", hide);
  EXPECT_TRUE(refine::reachable_visible_labels(hidden).empty());
}

TEST(VisibleActions, SharedLabelsKeepTheFirstListsOrder) {
  EXPECT_EQ(refine::shared_labels({"c", "a", "b"}, {"b", "c"}), (Names{"c", "b"}));
  EXPECT_TRUE(refine::shared_labels({"a"}, {"b"}).empty());
  EXPECT_TRUE(refine::shared_labels({}, {"b"}).empty());
}

}  // namespace
