// The fast trace-inclusion checker against the explicit enumeration of
// traces (reference_traces.hpp), on hand-made and random pairs; every
// counterexample is replayed.
#include <gtest/gtest.h>

#include "formats/aut_reader.hpp"
#include "refine/inclusion/trace_inclusion.hpp"
#include "refine/text/trace_report.hpp"
#include "tests/refine/random_pairs.hpp"
#include "tests/refine/reference_traces.hpp"

namespace {

using refine_test::Trace;

lts::Lts aut(const char* text) { return formats::read_aut_text(text, "test.aut"); }

// A counterexample must be an IMPL path from the initial state whose visible
// trace IMPL can do and SPEC cannot, though SPEC can do all but its last
// action; and spec_enabled must be what SPEC can do after that prefix.
void expect_valid_counterexample(const lts::Lts& impl, const lts::Lts& spec, const refine::InclusionResult& r) {
  ASSERT_FALSE(r.path.empty());
  lts::StateId at = impl.initial;
  for (const lts::Transition& t : r.path) {
    EXPECT_EQ(t.from, at);
    EXPECT_NE(std::find(impl.transitions.begin(), impl.transitions.end(), t), impl.transitions.end());
    at = t.to;
  }
  EXPECT_NE(r.path.back().label, lts::tau);
  const Trace trace = refine::visible_labels(impl, r.path);
  EXPECT_TRUE(refine_test::is_weak_trace(impl, trace));
  EXPECT_FALSE(refine_test::is_weak_trace(spec, trace));
  const Trace prefix(trace.begin(), trace.end() - 1);
  const auto spec_states = refine_test::after_trace(spec, prefix);
  EXPECT_FALSE(spec_states.empty());
  const auto enabled = refine_test::weakly_enabled(spec, spec_states);
  EXPECT_EQ(std::vector<std::string>(enabled.begin(), enabled.end()), r.spec_enabled);
}

TEST(TraceInclusion, FindsTheShortestRefusedTrace) {
  const lts::Lts impl = aut("des (0, 5, 5)\n(0, a, 1)\n(1, i, 2)\n(2, b, 3)\n(0, i, 4)\n(4, c, 0)\n");
  const lts::Lts spec = aut("des (0, 3, 3)\n(0, a, 1)\n(0, c, 0)\n(1, c, 2)\n");
  const auto r = refine::check_trace_inclusion(impl, spec);
  ASSERT_FALSE(r.holds);
  EXPECT_EQ(refine::visible_labels(impl, r.path), (Trace{"a", "b"}));
  EXPECT_EQ(r.spec_enabled, (std::vector<std::string>{"c"}));
  expect_valid_counterexample(impl, spec, r);
}

TEST(TraceInclusion, TauIsAbstractedOnBothSides) {
  const lts::Lts impl = aut("des (0, 2, 3)\n(0, a, 1)\n(1, b, 2)\n");
  const lts::Lts spec = aut("des (0, 5, 5)\n(0, i, 1)\n(1, a, 2)\n(2, i, 3)\n(3, i, 4)\n(4, b, 4)\n");
  EXPECT_TRUE(refine::check_trace_inclusion(impl, spec).holds);
  EXPECT_FALSE(refine::check_trace_inclusion(spec, impl).holds);  // b b
}

TEST(TraceInclusion, LabelsMatchByNameNotId) {
  const lts::Lts impl = aut("des (0, 2, 3)\n(0, b, 1)\n(1, a, 2)\n");
  const lts::Lts spec = aut("des (0, 3, 3)\n(0, a, 1)\n(0, b, 2)\n(2, a, 2)\n");
  EXPECT_TRUE(refine::check_trace_inclusion(impl, spec).holds);
}

TEST(TraceInclusion, ActionUnknownToSpecIsRefusedAtOnce) {
  const lts::Lts impl = aut("des (0, 1, 2)\n(0, \"call(1,pop)\", 1)\n");
  const lts::Lts spec = aut("des (0, 1, 2)\n(0, \"call(1,push,1)\", 1)\n");
  const auto r = refine::check_trace_inclusion(impl, spec);
  ASSERT_FALSE(r.holds);
  EXPECT_EQ(refine::visible_labels(impl, r.path), (Trace{"call(1,pop)"}));
  EXPECT_EQ(r.spec_enabled, (std::vector<std::string>{"call(1,push,1)"}));
}

TEST(TraceInclusion, DeadlockedSpecAcceptsTauOnlyImpl) {
  const lts::Lts impl = aut("des (0, 2, 2)\n(0, i, 1)\n(1, i, 0)\n");
  const lts::Lts spec = aut("des (0, 0, 1)\n");
  EXPECT_TRUE(refine::check_trace_inclusion(impl, spec).holds);
}

// The shortest counterexample needs the long way round in SPEC's subsets:
// the antichain must not prune the pair that leads to it.
TEST(TraceInclusion, AntichainKeepsShortestCounterexample) {
  // SPEC after "a" is {1,2}; after "a a" it is {3}; IMPL does "a a b".
  const lts::Lts impl = aut("des (0, 3, 4)\n(0, a, 1)\n(1, a, 2)\n(2, b, 3)\n");
  const lts::Lts spec = aut("des (0, 4, 5)\n(0, a, 1)\n(0, a, 2)\n(1, a, 3)\n(2, b, 4)\n");
  for (const bool antichains : {true, false}) {
    const auto r = refine::check_trace_inclusion(impl, spec, {antichains, {}});
    ASSERT_FALSE(r.holds);
    EXPECT_EQ(refine::visible_labels(impl, r.path), (Trace{"a", "a", "b"}));
  }
}

TEST(TraceInclusion, AgreesWithReferenceOnRandomPairs) {
  constexpr std::size_t bound = 7;
  std::mt19937_64 rng(20261122);
  const std::uint64_t rounds = refine_test::random_rounds(400);
  std::uint64_t held = 0, failed = 0, deep = 0, pruned = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const auto [impl, spec] = refine_test::random_pair(rng, round % 3 == 0 ? 14 : 6);
    SCOPED_TRACE(::testing::Message() << "round " << round);
    const auto expected = refine_test::reference_shortest_counterexample(impl, spec, bound);
    const auto fast = refine::check_trace_inclusion(impl, spec);
    const auto plain = refine::check_trace_inclusion(impl, spec, {false, {}});
    ASSERT_EQ(fast.holds, plain.holds);
    if (expected) {
      ASSERT_FALSE(fast.holds);
      EXPECT_EQ(refine::visible_labels(impl, fast.path).size(), *expected);
    } else if (!fast.holds) {
      EXPECT_GT(refine::visible_labels(impl, fast.path).size(), bound);
    }
    if (!fast.holds) {
      EXPECT_EQ(refine::visible_labels(impl, fast.path).size(), refine::visible_labels(impl, plain.path).size());
      expect_valid_counterexample(impl, spec, fast);
      expect_valid_counterexample(impl, spec, plain);
    }
    EXPECT_LE(fast.stats.product_states, plain.stats.product_states);
    (fast.holds ? held : failed)++;
    if (!fast.holds && refine::visible_labels(impl, fast.path).size() >= 3) ++deep;
    if (fast.stats.product_states < plain.stats.product_states) ++pruned;
    if (::testing::Test::HasFailure()) break;
  }
  // The generator must exercise both verdicts.
  EXPECT_GT(held, rounds / 10);
  EXPECT_GT(failed, rounds / 10);
  // ... long counterexamples, and pairs where the antichain prunes.
  EXPECT_GT(deep, rounds / 50);
  EXPECT_GT(pruned, rounds / 50);
  std::printf("held %llu, failed %llu, of which length >= 3: %llu; antichain pruned in %llu\n",
              static_cast<unsigned long long>(held), static_cast<unsigned long long>(failed),
              static_cast<unsigned long long>(deep), static_cast<unsigned long long>(pruned));
}

}  // namespace
