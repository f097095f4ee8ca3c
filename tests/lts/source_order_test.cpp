#include "lts/source_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/support/random_lts.hpp"

namespace {

// What list_by_source must give: a stable sort by source.
std::vector<lts::Transition> stably_by_source(std::vector<lts::Transition> ts) {
  std::stable_sort(ts.begin(), ts.end(),
                   [](const lts::Transition& a, const lts::Transition& b) { return a.from < b.from; });
  return ts;
}

// On random LTSs with shuffled transitions, sort(l, round) must list them
// stably by source.
template <typename Sort>
void sorts_stably_by_source(std::uint64_t seed, std::uint32_t max_states, Sort sort) {
  std::mt19937_64 rng(seed);
  for (int round = 0; round < 200; ++round) {
    lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, max_states));
    std::shuffle(l.transitions.begin(), l.transitions.end(), rng);
    const std::vector<lts::Transition> expected = stably_by_source(l.transitions);
    sort(l, round);
    EXPECT_TRUE(lts::listed_by_source(l.transitions));
    EXPECT_EQ(l.transitions, expected) << "round " << round;
  }
}

}  // namespace

TEST(SourceOrder, SortsBySourceKeepingEachStatesOrder) {
  sorts_stably_by_source(7, 30, [](lts::Lts& l, int) { lts::list_by_source(l); });
}

// Buckets of 1, 2, 4 and 8 states: the first pass splits the states over
// many buckets, some of them empty.
TEST(SourceOrder, SortsBySourceThroughManyBuckets) {
  sorts_stably_by_source(11, 40,
                         [](lts::Lts& l, int round) { lts::list_by_source(l, static_cast<unsigned>(round % 4)); });
}

TEST(SourceOrder, RecognisesOrderAndDisorder) {
  EXPECT_TRUE(lts::listed_by_source({}));
  EXPECT_TRUE(lts::listed_by_source({{0, 1, 5}, {0, 0, 2}, {2, 0, 0}}));
  EXPECT_FALSE(lts::listed_by_source({{1, 0, 0}, {0, 0, 1}}));
}

// The runs of transitions listed by source are where each state's
// transitions start and end, states without any included (also after the
// last source, and before the first).
TEST(SourceOrder, RunsOfEachState) {
  std::mt19937_64 rng(13);
  for (int round = 0; round < 200; ++round) {
    lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 30));
    lts::list_by_source(l);
    const lts::SourceRuns runs(l);
    std::uint32_t at = 0;
    for (lts::StateId s = 0; s < l.num_states; ++s) {
      ASSERT_EQ(runs.first(s), at) << "round " << round << ", state " << s;
      while (at < l.transitions.size() && l.transitions[at].from == s) ++at;
      ASSERT_EQ(runs.end(s), at) << "round " << round << ", state " << s;
    }
    EXPECT_EQ(at, l.transitions.size());
  }
}
