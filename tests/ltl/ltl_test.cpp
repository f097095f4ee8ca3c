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

lts::Lts random_lts(std::mt19937_64& rng) {
  lts::Lts l;
  l.num_states = 1 + rng() % 4;
  const char* names[] = {"a", "b", "c"};
  for (auto n : names) l.labels.intern(n);
  const int m = rng() % 7;
  for (int i = 0; i < m; ++i)
    l.transitions.push_back({static_cast<lts::StateId>(rng() % l.num_states),
                             static_cast<lts::LabelId>(rng() % 4), static_cast<lts::StateId>(rng() % l.num_states)});
  return l;
}

std::string random_formula(std::mt19937_64& rng, int depth) {
  const char* atoms[] = {"a", "b", "c", "end", "true", "false"};
  if (depth == 0 || rng() % 4 == 0) return atoms[rng() % (rng() % 3 == 0 ? 6 : 4)];
  const char* un[] = {"!", "F ", "G "};
  const char* bin[] = {" && ", " || ", " -> ", " U ", " R ", " W ", " <-> "};
  if (rng() % 3 == 0) return std::string(un[rng() % 3]) + "(" + random_formula(rng, depth - 1) + ")";
  return "(" + random_formula(rng, depth - 1) + ")" + bin[rng() % 7] + "(" + random_formula(rng, depth - 1) + ")";
}

// The lasso is a run of the LTS (ends allowed only where a run may end),
// its cycle reads a letter, and its word violates f.
void expect_real_lasso(const lts::Lts& l, const ltl::Formula& f, const ltl::LtlResult& r, const std::string& what) {
  ASSERT_FALSE(r.cycle.empty()) << what;
  std::vector<std::string> u, v;
  lts::StateId at = l.initial;
  bool ended = false;
  auto walk = [&](const std::vector<ltl::LassoStep>& steps, std::vector<std::string>& word) {
    for (const auto& s : steps) {
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
  walk(r.cycle, v);
  if (!ended_before) {
    if (!ended) EXPECT_EQ(at, start) << what;
  }
  ASSERT_FALSE(v.empty()) << what;
  EXPECT_FALSE(ltl_test::holds_on(f, u, v)) << what;
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
    if (ref) EXPECT_FALSE(r.holds) << what;
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
