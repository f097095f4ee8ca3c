// Bisimilarity of two LTSs against the reference partitioner on their
// disjoint union, with every witness checked; and the two-route checks on
// quotients: for an LTS L and its quotient Q, `refines L Q`, `refines Q L`
// and `refines --equiv E L Q` hold, and lock-freedom agrees.
#include <gtest/gtest.h>

#include <stdexcept>

#include "bisim/bisimulation.hpp"
#include "bisim/quotient.hpp"
#include "formats/aut_reader.hpp"
#include "refine/equivalence/bisimilarity.hpp"
#include "refine/equivalence/block_graph.hpp"
#include "refine/equivalence/disjoint_union.hpp"
#include "refine/equivalence/distinguishing_play.hpp"
#include "refine/inclusion/trace_inclusion.hpp"
#include "refine/progress/lock_freedom.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/refine/random_pairs.hpp"
#include "tests/refine/reference_traces.hpp"
#include "tests/support/random_lts.hpp"

namespace {

using bisim::Equivalence;
constexpr Equivalence all_equivalences[] = {Equivalence::strong, Equivalence::branching, Equivalence::divbranching};

// Whether `to` is reachable from `from` by tau steps, then `label` (tau: at least one step).
bool weak_step(const lts::Lts& g, lts::StateId from, lts::LabelId label, lts::StateId to, bool strong) {
  std::set<lts::StateId> before{from};
  if (!strong) before = refine_test::after_trace(lts::Lts{from, g.num_states, g.labels, g.transitions}, {});
  for (const lts::Transition& t : g.transitions)
    if (t.label == label && t.to == to && before.count(t.from)) return true;
  return false;
}

// The play must end with an unanswered move, and every answered move must
// be a real step of both sides that leaves them inequivalent.
void expect_valid_play(const lts::Lts& g, lts::StateId a, lts::StateId b, Equivalence e,
                       const std::vector<refine::PlayMove>& play) {
  const bisim::Partition ref = bisim::reference_partition(g, e);
  ASSERT_FALSE(play.empty());
  lts::StateId x = a, y = b;
  for (std::size_t i = 0; i < play.size(); ++i) {
    const refine::PlayMove& m = play[i];
    EXPECT_NE(ref.block[x], ref.block[y]);
    const bool last = i + 1 == play.size();
    EXPECT_EQ(last, m.diverges || m.answer == refine::PlayMove::Answer::cannot);
    if (m.diverges) {
      EXPECT_EQ(e, Equivalence::divbranching);
    }
    if (last) break;
    const bool strong = e == Equivalence::strong;
    const lts::StateId from_attacker = m.attacker_is_a ? x : y, from_defender = m.attacker_is_a ? y : x;
    const lts::StateId to_attacker = m.attacker_is_a ? m.a_to : m.b_to, to_defender = m.attacker_is_a ? m.b_to : m.a_to;
    EXPECT_TRUE(weak_step(g, from_attacker, m.label, to_attacker, strong));
    if (m.answer == refine::PlayMove::Answer::stays) {
      EXPECT_EQ(m.label, lts::tau);
      EXPECT_EQ(to_defender, from_defender);
    } else {
      EXPECT_TRUE(weak_step(g, from_defender, m.label, to_defender, strong));
    }
    x = m.a_to;
    y = m.b_to;
  }
}

void expect_valid_witness(const lts::Lts& a, const lts::Lts& b, Equivalence e, const refine::BisimilarityResult& r) {
  if (r.traces_differ) {
    const lts::Lts& mine = r.trace_of_a ? a : b;
    const lts::Lts& other = r.trace_of_a ? b : a;
    EXPECT_TRUE(refine_test::is_weak_trace(mine, r.trace));
    EXPECT_FALSE(refine_test::is_weak_trace(other, r.trace));
    const refine_test::Trace prefix(r.trace.begin(), r.trace.end() - 1);
    EXPECT_TRUE(refine_test::is_weak_trace(other, prefix));
  } else if (e != Equivalence::strong) {
    EXPECT_FALSE(refine_test::reference_shortest_counterexample(a, b, 6));
    EXPECT_FALSE(refine_test::reference_shortest_counterexample(b, a, 6));
  }
  EXPECT_EQ(r.play.empty(), r.traces_differ);
}

TEST(Bisimilarity, TraceEquivalentButNotBisimilar) {
  const lts::Lts p = formats::read_aut_text("des (0, 3, 4)\n(0, a, 1)\n(1, b, 2)\n(1, c, 3)\n", "p.aut");
  const lts::Lts q = formats::read_aut_text("des (0, 4, 5)\n(0, a, 1)\n(0, a, 2)\n(1, b, 3)\n(2, c, 4)\n", "q.aut");
  for (const Equivalence e : all_equivalences) {
    const auto r = refine::check_bisimilarity(p, q, e);
    ASSERT_FALSE(r.holds);
    EXPECT_FALSE(r.traces_differ);
    ASSERT_EQ(r.play.size(), 2u);
    EXPECT_EQ(r.play[0].label, "a");
    EXPECT_TRUE(r.play[1].attacker_is_a);
    EXPECT_EQ(r.play[1].answer, refine::PlayMove::Answer::cannot);
  }
}

TEST(Bisimilarity, DivergenceSeparatesOnlyDivbranching) {
  const lts::Lts p = formats::read_aut_text("des (0, 3, 3)\n(0, a, 1)\n(1, i, 1)\n(1, b, 2)\n", "p.aut");
  const lts::Lts q = formats::read_aut_text("des (0, 2, 3)\n(0, a, 1)\n(1, b, 2)\n", "q.aut");
  EXPECT_TRUE(refine::check_bisimilarity(p, q, Equivalence::branching).holds);
  EXPECT_FALSE(refine::check_bisimilarity(p, q, Equivalence::strong).holds);
  const auto r = refine::check_bisimilarity(p, q, Equivalence::divbranching);
  ASSERT_FALSE(r.holds);
  ASSERT_EQ(r.play.size(), 2u);
  EXPECT_TRUE(r.play[1].diverges);
  EXPECT_TRUE(r.play[1].attacker_is_a);
}

TEST(Bisimilarity, AgreesWithReferenceOnRandomPairs) {
  std::mt19937_64 rng(77);
  const std::uint64_t rounds = refine_test::random_rounds(150);
  std::uint64_t equal = 0, different = 0, play_only = 0, long_plays = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const auto [a, b] = refine_test::random_pair(rng, 6);
    for (const Equivalence e : all_equivalences) {
      SCOPED_TRACE(::testing::Message() << "round " << round << ", " << bisim::name(e));
      const refine::DisjointUnion u = refine::disjoint_union(a, b);
      const bisim::Partition ref = bisim::reference_partition(u.lts, e);
      const bool expected = ref.block[u.a_initial()] == ref.block[u.b_initial];
      const refine::BisimilarityResult r = refine::check_bisimilarity(a, b, e);
      ASSERT_EQ(r.holds, expected);
      (r.holds ? equal : different)++;
      if (r.holds) continue;
      expect_valid_witness(a, b, e, r);
      if (!r.traces_differ) ++play_only;
      if (r.play.size() >= 2) ++long_plays;
      const bisim::Partition p = bisim::partition(u.lts, e);
      const lts::Lts g = refine::block_graph(u.lts, p, e);
      expect_valid_play(g, p.block[u.a_initial()], p.block[u.b_initial], e,
                        refine::distinguishing_play(g, p.block[u.a_initial()], p.block[u.b_initial], e));
    }
    if (::testing::Test::HasFailure()) break;
  }
  std::printf("bisimilar %llu, not bisimilar %llu (same traces %llu, plays of 2+ moves %llu)\n",
              static_cast<unsigned long long>(equal), static_cast<unsigned long long>(different),
              static_cast<unsigned long long>(play_only), static_cast<unsigned long long>(long_plays));
  EXPECT_GT(play_only, rounds / 50);
  EXPECT_GT(long_plays, rounds / 50);
  EXPECT_GT(equal, rounds / 10);
  EXPECT_GT(different, rounds / 10);
}

// Seed paper, Theorem 3.4 (traces) and 4.4 (divergence): an LTS and its
// quotient refine each other, are bisimilar, and agree on lock-freedom.
TEST(Bisimilarity, LtsAndItsQuotientRefineEachOther) {
  std::mt19937_64 rng(5);
  const std::uint64_t rounds = refine_test::random_rounds(200);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 14));
    for (const Equivalence e : all_equivalences) {
      SCOPED_TRACE(::testing::Message() << "round " << round << ", " << bisim::name(e));
      const lts::Lts q = bisim::minimise(l, e).quotient;
      EXPECT_TRUE(refine::check_trace_inclusion(l, q).holds);
      EXPECT_TRUE(refine::check_trace_inclusion(q, l).holds);
      EXPECT_TRUE(refine::check_bisimilarity(l, q, e).holds);
      if (e == Equivalence::divbranching) {
        const refine::Lasso lasso = refine::find_tau_lasso(q);
        EXPECT_EQ(refine::find_tau_lasso(l).found, lasso.found);
        if (lasso.found) {
          EXPECT_EQ(lasso.cycle.size(), 1u);  // a tau self-loop
        }
      }
    }
    if (::testing::Test::HasFailure()) break;
  }
}

}  // namespace
