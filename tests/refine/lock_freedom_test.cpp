// Lock-freedom lassos: replayed, and compared with a naive search for a
// reachable state that returns to itself by tau steps.
#include <gtest/gtest.h>

#include <set>

#include "formats/aut_reader.hpp"
#include "refine/progress/lock_freedom.hpp"
#include "tests/refine/random_pairs.hpp"
#include "tests/support/random_lts.hpp"

namespace {

// Breadth-first distances from the initial state (all transitions).
std::vector<std::size_t> distances(const lts::Lts& l) {
  std::vector<std::size_t> d(l.num_states, SIZE_MAX);
  d[l.initial] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (const lts::Transition& t : l.transitions)
      if (d[t.from] != SIZE_MAX && d[t.from] + 1 < d[t.to]) d[t.to] = d[t.from] + 1, changed = true;
  }
  return d;
}

// Whether s can return to itself by one or more tau steps.
bool on_tau_cycle(const lts::Lts& l, lts::StateId s) {
  std::set<lts::StateId> seen, frontier{s};
  while (!frontier.empty()) {
    std::set<lts::StateId> next;
    for (const lts::Transition& t : l.transitions)
      if (t.label == lts::tau && frontier.count(t.from)) {
        if (t.to == s) return true;
        if (seen.insert(t.to).second) next.insert(t.to);
      }
    frontier = std::move(next);
  }
  return false;
}

void expect_valid_lasso(const lts::Lts& l, const refine::Lasso& lasso) {
  const auto exists = [&](const lts::Transition& t) {
    return std::find(l.transitions.begin(), l.transitions.end(), t) != l.transitions.end();
  };
  lts::StateId at = l.initial;
  for (const lts::Transition& t : lasso.stem) {
    EXPECT_EQ(t.from, at);
    EXPECT_TRUE(exists(t));
    at = t.to;
  }
  ASSERT_FALSE(lasso.cycle.empty());
  const lts::StateId entry = at;
  for (const lts::Transition& t : lasso.cycle) {
    EXPECT_EQ(t.from, at);
    EXPECT_EQ(t.label, lts::tau);
    EXPECT_TRUE(exists(t));
    at = t.to;
  }
  EXPECT_EQ(at, entry);
}

TEST(LockFreedom, TauSelfLoopOfAQuotient) {
  const lts::Lts l = formats::read_aut_text("des (0, 3, 3)\n(0, \"call(1,pop)\", 1)\n(1, i, 1)\n(0, a, 2)\n", "q.aut");
  const auto lasso = refine::find_tau_lasso(l);
  ASSERT_TRUE(lasso.found);
  ASSERT_EQ(lasso.stem.size(), 1u);
  ASSERT_EQ(lasso.cycle.size(), 1u);
  EXPECT_EQ(lasso.cycle[0], (lts::Transition{1, lts::tau, 1}));
}

TEST(LockFreedom, UnreachableCycleIsNoViolation) {
  const lts::Lts l = formats::read_aut_text("des (0, 3, 3)\n(0, a, 1)\n(2, i, 2)\n(1, i, 0)\n", "u.aut");
  EXPECT_FALSE(refine::find_tau_lasso(l).found);
}

TEST(LockFreedom, CycleThroughInitialState) {
  const lts::Lts l = formats::read_aut_text("des (0, 3, 3)\n(0, i, 1)\n(1, i, 2)\n(2, i, 0)\n", "c.aut");
  const auto lasso = refine::find_tau_lasso(l);
  ASSERT_TRUE(lasso.found);
  EXPECT_TRUE(lasso.stem.empty());
  EXPECT_EQ(lasso.cycle.size(), 3u);
  expect_valid_lasso(l, lasso);
}

TEST(LockFreedom, AgreesWithNaiveSearchOnRandomLts) {
  std::mt19937_64 rng(4);
  const std::uint64_t rounds = refine_test::random_rounds(1000);
  std::uint64_t found = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    SCOPED_TRACE(::testing::Message() << "round " << round);
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 12));
    const auto d = distances(l);
    std::size_t nearest = SIZE_MAX;
    for (lts::StateId s = 0; s < l.num_states; ++s)
      if (d[s] != SIZE_MAX && on_tau_cycle(l, s)) nearest = std::min(nearest, d[s]);
    const auto lasso = refine::find_tau_lasso(l);
    ASSERT_EQ(lasso.found, nearest != SIZE_MAX);
    if (!lasso.found) continue;
    ++found;
    EXPECT_EQ(lasso.stem.size(), nearest);  // the stem is a shortest path to a cycle
    expect_valid_lasso(l, lasso);
  }
  EXPECT_GT(found, rounds / 10);
  EXPECT_LT(found, rounds - rounds / 10);
}

}  // namespace
