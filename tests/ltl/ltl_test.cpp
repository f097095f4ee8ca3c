// ltl/: the parser's located errors, check_ltl against the brute-force
// reference of tests/ltl/reference.* on random (LTS, formula) pairs
// (BB_LTL_ROUNDS, default 1000), the same verdict on the divbranching
// quotient, and hand-argued models.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "bisim/quotient.hpp"
#include "ltl/check.hpp"
#include "ltl/parser.hpp"
#include "ltl/pattern.hpp"
#include "tests/ltl/random_models.hpp"
#include "tests/ltl/reference.hpp"

namespace {

std::uint64_t rounds() {
  if (const char* env = std::getenv("BB_LTL_ROUNDS")) return std::strtoull(env, nullptr, 10);
  return 1000;
}

std::size_t error_column(const std::string& text) {
  try {
    ltl::parse_formula(text);
  } catch (const ltl::ParseError& e) {
    return e.column;
  }
  return 0;
}

TEST(LtlParser, AcceptsTheOperators) {
  const auto f = ltl::parse_formula("G (call(1,push,*) -> F ret(1,push)) && !\"a b\" U b <-> [] <> c W d R e");
  EXPECT_EQ(ltl::to_text(f, f.root),
            "((G (\"call(1,push,*)\" -> F \"ret(1,push)\") && (!\"a b\" U \"b\")) <-> (G F \"c\" W (\"d\" R \"e\")))");
  EXPECT_EQ([] { const auto g = ltl::parse_formula("a -> b -> c"); return ltl::to_text(g, g.root); }(), "(\"a\" -> (\"b\" -> \"c\"))");
}

TEST(LtlParser, RefusesWithAColumn) {
  EXPECT_EQ(error_column("G X a"), 3u);   // next
  EXPECT_EQ(error_column("a &&"), 5u);    // missing operand
  EXPECT_EQ(error_column("(a || b"), 8u); // missing ')'
  EXPECT_EQ(error_column("call(1,push"), 5u);
  EXPECT_EQ(error_column("\"abc"), 1u);
  EXPECT_EQ(error_column("a b"), 3u);
  EXPECT_EQ(error_column("G & a"), 3u);
  EXPECT_EQ(error_column("Xa"), 0u);  // a label named Xa, not next
}

TEST(LtlPattern, Wildcards) {
  EXPECT_TRUE(ltl::matches("call(_,push,_)", "call(1,push,2)"));
  EXPECT_FALSE(ltl::matches("call(_,push,_)", "call(1,push,2,3)"));
  EXPECT_TRUE(ltl::matches("call(1,*)", "call(1,pop)"));
  EXPECT_FALSE(ltl::matches("call(1,*)", "call(2,pop)"));
  EXPECT_TRUE(ltl::matches("ret(1, pop, empty)", "ret(1,pop,empty)"));
  EXPECT_FALSE(ltl::matches("tau", "tau"));
  EXPECT_TRUE(ltl::matches("end", ltl::end_letter()));
  EXPECT_FALSE(ltl::matches("*", ltl::end_letter()));
}

using ltl_test::random_formula;
using ltl_test::random_lts;
using ltl_test::random_threaded_lts;

// The lasso is a run of the LTS (ends allowed only where a run may end),
// its cycle reads a letter and is fair, and its word violates f.
void expect_real_lasso(const lts::Lts& l, const ltl::Formula& f, const ltl::LtlResult& r, const std::string& what,
                       ltl::Fairness fairness = ltl::Fairness::none) {
  ASSERT_FALSE(r.cycle.empty()) << what;
  std::vector<std::string> u, v;
  lts::StateId at = l.initial;
  bool ended = false;
  std::vector<std::uint64_t> enabled(l.num_states, 0), cycle_enabled, cycle_taken;
  std::uint64_t threads = 0;
  auto bit = [&](lts::LabelId label) {
    const unsigned t = label == lts::tau ? 0 : ltl_test::thread_of(l.labels.name(label));
    return t ? std::uint64_t{1} << t : 0;
  };
  for (const auto& t : l.transitions) enabled[t.from] |= bit(t.label), threads |= bit(t.label);
  bool in_cycle = false;
  auto walk = [&](const std::vector<ltl::LassoStep>& steps, std::vector<std::string>& word) {
    for (const auto& s : steps) {
      if (in_cycle) {
        cycle_enabled.push_back(ended ? 0 : enabled[at]);
        cycle_taken.push_back(s.end ? 0 : bit(s.label));
      }
      if (s.end) {
        ASSERT_TRUE(ended || ltl_test::may_end(l, at)) << what;
        ended = true;
        word.push_back(ltl::end_letter());
        continue;
      }
      ASSERT_FALSE(ended) << what;
      ASSERT_EQ(s.from, at) << what;
      bool exists = false;
      for (const auto& t : l.transitions) exists = exists || (t.from == s.from && t.label == s.label && t.to == s.to);
      ASSERT_TRUE(exists) << what;
      if (s.label != lts::tau) word.push_back(l.labels.name(s.label));
      at = s.to;
    }
  };
  walk(r.stem, u);
  const lts::StateId start = at;
  const bool ended_before = ended;
  in_cycle = true;
  walk(r.cycle, v);
  if (!ended_before && !ended) {
    EXPECT_EQ(at, start) << what;
  }
  ASSERT_FALSE(v.empty()) << what;
  EXPECT_FALSE(ltl_test::holds_on(f, u, v)) << what;
  EXPECT_TRUE(ltl_test::fair_cycle(fairness, cycle_enabled, cycle_taken, threads)) << what;
}

TEST(LtlCheck, AgreesWithTheBruteForceReference) {
  std::mt19937_64 rng(55);
  int fails = 0;
  for (std::uint64_t i = 0; i < rounds(); ++i) {
    const lts::Lts l = random_lts(rng);
    const std::string text = random_formula(rng, 3);
    const ltl::Formula f = ltl::parse_formula(text);
    const auto r = ltl::check_ltl(l, f);
    const auto ref = ltl_test::violating_lasso(l, f, 5);
    const std::string what = "round " + std::to_string(i) + ": " + text;
    if (ref) {
      EXPECT_FALSE(r.holds) << what;
    }
    if (!r.holds) {
      ++fails;
      expect_real_lasso(l, f, r, what);
    }
  }
  EXPECT_GT(fails, static_cast<int>(rounds() / 10));
  EXPECT_LT(fails, static_cast<int>(rounds() * 9 / 10));
}

TEST(LtlCheck, SameVerdictOnTheDivbranchingQuotient) {
  std::mt19937_64 rng(4711);
  for (std::uint64_t i = 0; i < rounds(); ++i) {
    const lts::Lts l = random_lts(rng);
    const std::string text = random_formula(rng, 3);
    const ltl::Formula f = ltl::parse_formula(text);
    const auto q = bisim::minimise(l, bisim::Equivalence::divbranching);
    EXPECT_EQ(ltl::check_ltl(l, f).holds, ltl::check_ltl(q.quotient, f).holds) << "round " << i << ": " << text;
  }
}

// 0 -a-> 1, 1 -tau-> 1 (diverges after a) against 0 -a-> 1 (deadlocks
// after a): both runs are "a, then end for ever", so every formula has the
// same verdict on both (docs/ltl.md, "Runs"): F end and G (a -> G !b) hold,
// G F a does not.
TEST(LtlCheck, DivergenceAndDeadlockBothEndTheRun) {
  for (bool diverge : {false, true}) {
    lts::Lts l;
    l.num_states = 2;
    l.transitions.push_back({0, l.labels.intern("a"), 1});
    if (diverge) l.transitions.push_back({1, lts::tau, 1});
    EXPECT_TRUE(ltl::check_ltl(l, ltl::parse_formula("F end")).holds);
    EXPECT_TRUE(ltl::check_ltl(l, ltl::parse_formula("a && G (a -> G !b)")).holds);
    const auto r = ltl::check_ltl(l, ltl::parse_formula("G F a"));
    EXPECT_FALSE(r.holds);
    ASSERT_EQ(r.stem.size() + r.cycle.size() >= 2, true);
  }
}

// A tau self-loop at the initial state beside an a-step: the run that
// diverges at once sees only `end`, so F a fails (a scheduler may stay in
// the loop: no fairness).
TEST(LtlCheck, DivergenceBeforeAnyActionRefutesEventually) {
  lts::Lts l;
  l.num_states = 2;
  l.transitions.push_back({0, lts::tau, 0});
  l.transitions.push_back({0, l.labels.intern("a"), 1});
  l.transitions.push_back({1, l.labels.intern("a"), 1});
  EXPECT_FALSE(ltl::check_ltl(l, ltl::parse_formula("F a")).holds);
  EXPECT_TRUE(ltl::check_ltl(l, ltl::parse_formula("G (a -> G a)")).holds);
}

}  // namespace

namespace {

// Under each fairness: when the brute-force reference finds a fair
// violating lasso of at most 5 steps, check_ltl fails; when check_ltl
// fails, its lasso is a run, fair, and violates the formula (so a longer
// lasso than the reference's bound is still checked); fairness only
// removes runs, strong fairness more than weak. A third of the rounds:
// the reference is exponential in its bound.
TEST(LtlFairness, AgreesWithTheBruteForceReference) {
  for (ltl::Fairness fairness : {ltl::Fairness::none, ltl::Fairness::weak, ltl::Fairness::strong}) {
    std::mt19937_64 rng(977 + static_cast<int>(fairness));
    int fails = 0, differ = 0;
    const std::uint64_t n = rounds() / 3;
    for (std::uint64_t i = 0; i < n; ++i) {
      const lts::Lts l = random_threaded_lts(rng);
      const std::string text = random_formula(rng, 3, ltl_test::thread_atoms());
      const ltl::Formula f = ltl::parse_formula(text);
      const auto r = ltl::check_ltl(l, f, fairness);
      const auto ref = ltl_test::violating_lasso(l, f, 5, fairness);
      const std::string what = "fairness " + std::to_string(static_cast<int>(fairness)) + " round " +
                               std::to_string(i) + ": " + text;
      if (ref) {
        EXPECT_FALSE(r.holds) << what;
      }
      if (!r.holds) {
        ++fails;
        expect_real_lasso(l, f, r, what, fairness);
        if (!ref) ++differ;
      }
      // Fairness only removes runs: a verdict under none is kept or turns to holds.
      if (fairness != ltl::Fairness::none && !r.holds) {
        EXPECT_FALSE(ltl::check_ltl(l, f).holds) << what;
      }
      if (fairness == ltl::Fairness::weak && ltl::check_ltl(l, f, ltl::Fairness::strong).holds == false) {
        EXPECT_FALSE(r.holds) << what;
      }
    }
    EXPECT_GT(fails, static_cast<int>(n / 10));
    EXPECT_LT(differ, static_cast<int>(n / 20) + 1);  // lassos longer than the reference's bound are rare
  }
}

// Fairness changes verdicts on strongly bisimilar LTSs alike: the
// divbranching quotient of an LTS without tau is its strong quotient, and
// enabledness is a property of the class.
TEST(LtlFairness, SameVerdictOnTheQuotient) {
  std::mt19937_64 rng(31337);
  for (std::uint64_t i = 0; i < rounds(); ++i) {
    const lts::Lts l = random_threaded_lts(rng);
    const std::string text = random_formula(rng, 3, ltl_test::thread_atoms());
    const ltl::Formula f = ltl::parse_formula(text);
    const auto q = bisim::minimise(l, bisim::Equivalence::divbranching);
    for (ltl::Fairness fairness : {ltl::Fairness::weak, ltl::Fairness::strong})
      EXPECT_EQ(ltl::check_ltl(l, f, fairness).holds, ltl::check_ltl(q.quotient, f, fairness).holds)
          << "round " << i << ": " << text;
  }
}

lts::Lts threaded(lts::StateId states, std::initializer_list<std::tuple<lts::StateId, const char*, lts::StateId>> ts) {
  lts::Lts l;
  l.num_states = states;
  for (const auto& [from, label, to] : ts) l.transitions.push_back({from, l.labels.intern(label), to});
  return l;
}

// Thread 2 is enabled at every state of the run step(1)^w of
// 0 -step(1)-> 0, 0 -step(2)-> 1, 1 -step(2)-> 1 and never taken: the
// run is unfair under weak (and so strong) fairness, and every other run
// takes step(2). So F step(2) fails without fairness and holds with both.
TEST(LtlFairness, WeakFairnessSchedulesAContinuouslyEnabledThread) {
  const lts::Lts l = threaded(2, {{0, "step(1)", 0}, {0, "step(2)", 1}, {1, "step(2)", 1}});
  const ltl::Formula f = ltl::parse_formula("F step(2)");
  EXPECT_FALSE(ltl::check_ltl(l, f).holds);
  EXPECT_TRUE(ltl::check_ltl(l, f, ltl::Fairness::weak).holds);
  EXPECT_TRUE(ltl::check_ltl(l, f, ltl::Fairness::strong).holds);
}

// 0 -step(1)-> 1 -step(1)-> 0, 0 -step(2)-> 2 -step(2)-> 2: in the run
// (step(1) step(1))^w thread 2 is enabled at 0 only, every other state:
// not continuously, so the run is weakly fair and F step(2) fails under
// weak fairness; enabled infinitely often and never taken, the run is
// strongly unfair, and F step(2) holds under strong fairness.
TEST(LtlFairness, StrongFairnessSchedulesAnIntermittentlyEnabledThread) {
  const lts::Lts l = threaded(3, {{0, "step(1)", 1}, {1, "step(1)", 0}, {0, "step(2)", 2}, {2, "step(2)", 2}});
  const ltl::Formula f = ltl::parse_formula("F step(2)");
  EXPECT_FALSE(ltl::check_ltl(l, f, ltl::Fairness::weak).holds);
  EXPECT_TRUE(ltl::check_ltl(l, f, ltl::Fairness::strong).holds);
}

// 0 -step(1)-> 0, 0 -step(1)-> 1, 1 -step(1)-> 0, 1 -step(2)-> 2 -step(2)-> 2:
// the component {0, 1} enables thread 2 (at 1) and never takes it, but its
// sub-cycle at 0 never enables thread 2: step(1)^w from 0 is strongly fair,
// so F step(2) fails under strong fairness, found only by removing state 1
// and decomposing again (Emerson and Lei 1987); the lasso's cycle is the
// self-loop at 0.
TEST(LtlFairness, StrongFairnessDecomposesTheComponent) {
  const lts::Lts l =
      threaded(3, {{0, "step(1)", 0}, {0, "step(1)", 1}, {1, "step(1)", 0}, {1, "step(2)", 2}, {2, "step(2)", 2}});
  const auto r = ltl::check_ltl(l, ltl::parse_formula("F step(2)"), ltl::Fairness::strong);
  ASSERT_FALSE(r.holds);
  for (const auto& s : r.cycle) EXPECT_EQ(s.from, 0u);
}

// A deadlock ends a fair run: 0 -call(1,a)-> 1, nothing at 1. F end holds
// and G F call(1,a) fails under every fairness.
TEST(LtlFairness, ADeadlockedRunIsFair) {
  const lts::Lts l = threaded(2, {{0, "call(1,a)", 1}});
  for (ltl::Fairness fairness : {ltl::Fairness::none, ltl::Fairness::weak, ltl::Fairness::strong}) {
    EXPECT_TRUE(ltl::check_ltl(l, ltl::parse_formula("F end"), fairness).holds);
    EXPECT_FALSE(ltl::check_ltl(l, ltl::parse_formula("G F call(1,a)"), fairness).holds);
  }
}

// 0 -step(2)-> 0, 0 -call(1,a)-> 1 -step(1)-> 1: thread 1's call is
// enabled for ever in step(2)^w, but a call is the client's choice and no
// fairness forces it (docs/ltl.md, "Fairness"): F call(1,a) fails under
// both. Once called, thread 1 is pending: G (call(1,a) -> F step(1)) holds
// there trivially, and F step(2) fails under weak fairness after the call
// (thread 2 has no action at 1, so it is not enabled).
TEST(LtlFairness, NoFairnessForcesACall) {
  const lts::Lts l = threaded(2, {{0, "step(2)", 0}, {0, "call(1,a)", 1}, {1, "step(1)", 1}});
  for (ltl::Fairness fairness : {ltl::Fairness::weak, ltl::Fairness::strong}) {
    EXPECT_FALSE(ltl::check_ltl(l, ltl::parse_formula("F call(1,a)"), fairness).holds);
    EXPECT_FALSE(ltl::check_ltl(l, ltl::parse_formula("G !call(1,a)"), fairness).holds);
  }
}

TEST(LtlFairness, NamesTheUnthreadedTransition) {
  lts::Lts l = threaded(2, {{0, "step(1)", 1}, {1, "a", 0}});
  const auto t = ltl::thread_labels(l);
  ASSERT_TRUE(t);
  const auto bad = ltl::unthreaded_transition(l, *t);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->from, 1u);
}

}  // namespace
