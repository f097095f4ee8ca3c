// The comparisons the random-model tests rely on, on hand-made pairs: each
// must be able to say "different".
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "lts/builder.hpp"
#include "tests/support/lts_isomorphism.hpp"

namespace frontend::test {

using testing_support::identical_lts;
using testing_support::isomorphic_minimal_lts;
namespace {

using Edge = std::tuple<lts::StateId, std::string, lts::StateId>;  // "" is tau

// An LTS with `labels` interned first, in that order, then the edges.
lts::Lts make(lts::StateId states, const std::vector<Edge>& edges, const std::vector<std::string>& labels = {}) {
  lts::LtsBuilder b;
  for (const std::string& l : labels) b.label(l);
  for (const auto& [from, label, to] : edges) b.add_transition(from, label.empty() ? lts::tau : b.label(label), to);
  b.ensure_states(states);
  b.set_initial(0);
  return std::move(b).finish();
}

TEST(LtsIsomorphism, RenumberedStatesAndLabelsAreIsomorphic) {
  // 0 -a-> 1 -b-> 2 -tau-> 0, and the same with states 1, 2 swapped and b interned first.
  const lts::Lts a = make(3, {{0, "a", 1}, {1, "b", 2}, {2, "", 0}});
  const lts::Lts b = make(3, {{0, "a", 2}, {2, "b", 1}, {1, "", 0}}, {"b", "a"});
  std::string why;
  EXPECT_TRUE(isomorphic_minimal_lts(a, b, &why)) << why;
  EXPECT_TRUE(isomorphic_minimal_lts(a, a, &why)) << why;
  EXPECT_FALSE(identical_lts(a, b, &why));
}

TEST(LtsIsomorphism, SameCountsDifferentOrderOfActions) {
  const lts::Lts a = make(3, {{0, "a", 1}, {1, "b", 2}});
  const lts::Lts b = make(3, {{0, "b", 1}, {1, "a", 2}});
  std::string why;
  EXPECT_FALSE(isomorphic_minimal_lts(a, b, &why));
  EXPECT_NE(why.find("initial states are not strongly bisimilar"), std::string::npos) << why;
}

TEST(LtsIsomorphism, TauIsNotAVisibleAction) {
  const lts::Lts a = make(2, {{0, "", 1}});
  const lts::Lts b = make(2, {{0, "i", 1}});
  EXPECT_FALSE(isomorphic_minimal_lts(a, b));
}

TEST(LtsIsomorphism, BisimilarButNotIsomorphic) {
  // Both do a for ever with 2 states and 2 transitions: a self-loop against
  // a cycle. Strongly bisimilar, equal counts, not isomorphic (nor minimal).
  const lts::Lts loop = make(2, {{0, "a", 1}, {1, "a", 1}});
  const lts::Lts cycle = make(2, {{0, "a", 1}, {1, "a", 0}});
  std::string why;
  EXPECT_FALSE(isomorphic_minimal_lts(loop, cycle, &why));
  EXPECT_NE(why.find("not minimal"), std::string::npos) << why;
}

TEST(LtsIsomorphism, DivergenceAndStateCountsCount) {
  const lts::Lts plain = make(2, {{0, "a", 1}});
  const lts::Lts divergent = make(2, {{0, "a", 1}, {1, "", 1}});
  const lts::Lts bigger = make(3, {{0, "a", 1}, {1, "b", 2}});
  std::string why;
  EXPECT_FALSE(isomorphic_minimal_lts(plain, divergent, &why));
  EXPECT_FALSE(isomorphic_minimal_lts(plain, bigger, &why));
  EXPECT_NE(why.find("2 states against 3"), std::string::npos) << why;
}

TEST(LtsIdentity, EveryPartCounts) {
  const lts::Lts a = make(3, {{0, "a", 1}, {1, "b", 2}});
  std::string why;
  EXPECT_TRUE(identical_lts(a, make(3, {{0, "a", 1}, {1, "b", 2}}), &why)) << why;
  EXPECT_FALSE(identical_lts(a, make(3, {{0, "a", 1}, {1, "b", 2}}, {"b"}), &why));  // label order
  EXPECT_NE(why.find("label 1"), std::string::npos) << why;
  EXPECT_FALSE(identical_lts(a, make(4, {{0, "a", 1}, {1, "b", 2}})));              // state count
  EXPECT_FALSE(identical_lts(a, make(3, {{0, "a", 2}, {2, "b", 1}})));              // transitions
  EXPECT_FALSE(identical_lts(a, make(3, {{0, "a", 1}, {1, "b", 2}, {2, "", 2}})));  // one more
  lts::Lts moved = a;
  moved.initial = 1;
  EXPECT_FALSE(identical_lts(a, moved));
}

}  // namespace
}  // namespace frontend::test
