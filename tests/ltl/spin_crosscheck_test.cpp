// check_ltl against SPIN 6 (docs/ltl.md, "Testing"): random (LTS, formula)
// pairs rendered as Promela (promela.hpp, with a fairness monitor), SPIN's
// never claim for the negated formula with the monitor's Buechi condition
// (never_claim.hpp), and pan's acceptance-cycle search must give
// check_ltl's verdict under none, weak and strong fairness. BB_SPIN_ROUNDS: LTSs per kind (default 4),
// each checked against every formula; BB_SPIN_SEED: other pairs. Skipped
// without spin or cc on PATH.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <random>

#include "ltl/check.hpp"
#include "ltl/parser.hpp"
#include "tests/ltl/never_claim.hpp"
#include "tests/ltl/promela.hpp"
#include "tests/ltl/random_models.hpp"
#include "tests/ltl/spin_runner.hpp"

namespace {

using ltl::Fairness;

std::uint64_t rounds() {
  if (const char* env = std::getenv("BB_SPIN_ROUNDS")) return std::strtoull(env, nullptr, 10);
  return 4;
}

// Added to every seed: other formulas and LTSs.
std::uint64_t seed_offset() {
  if (const char* env = std::getenv("BB_SPIN_SEED")) return std::strtoull(env, nullptr, 10);
  return 0;
}

const char* fairness_name(Fairness f) { return f == Fairness::none ? "none" : f == Fairness::weak ? "weak" : "strong"; }

struct Property {
  std::string text;  // our syntax
  ltl::Formula formula;
  ltl_test::NeverClaim claim;  // SPIN's, for the negation
};

// Formulas and SPIN's claims for them: SPIN's translation of some depth-3
// formulas takes minutes, and some claims have hundreds of transitions,
// whose code makes pan.c slow to compile; those over a limit are left out,
// up to `count` of them.
std::vector<Property> properties(ltl_test::SpinRunner& spin, ltl_test::AtomNames& atoms, std::mt19937_64& rng,
                                 const std::vector<std::string>& atom_texts, std::size_t count) {
  std::vector<Property> out;
  std::size_t slow = 0, large = 0;
  while (out.size() < count && slow + large < count) {
    Property p;
    p.text = ltl_test::random_formula(rng, 3, atom_texts);
    p.formula = ltl::parse_formula(p.text);
    const auto claim = spin.negated_claim(ltl_test::spin_formula(p.formula, atoms), 3);
    if (!claim) {
      ++slow;
      continue;
    }
    p.claim = ltl_test::parse_never_claim(*claim);
    std::size_t edges = 0;
    for (const auto& s : p.claim.states) edges += s.edges.size();
    if (edges > 100) {
      ++large;
      continue;
    }
    out.push_back(std::move(p));
  }
  std::printf("%zu formulas; left out: %zu over 3 s, %zu over 100 transitions\n", out.size(), slow, large);
  EXPECT_EQ(out.size(), count) << "SPIN's claims too slow or too large too often";
  return out;
}

// SPIN's verdict for every property under every fairness of `fairness`,
// in that order; `table`: on promela_table_model (no fairness).
std::vector<bool> spin_verdicts(ltl_test::SpinRunner& spin, const lts::Lts& l, const ltl_test::AtomNames& atoms,
                                const std::vector<Property>& ps, const std::vector<Fairness>& fairness, bool table) {
  const bool fair = fairness.size() > 1 || fairness[0] != Fairness::none;
  std::string model = table ? "" : ltl_test::promela_model(l, atoms, fair);
  std::vector<std::pair<std::string, std::string>> files;
  if (table) {
    ltl_test::TableModel m = ltl_test::promela_table_model(l, atoms);
    model = std::move(m.promela);
    files.push_back({"bb_lts.h", std::move(m.c_header)});
  }
  std::vector<std::string> names;
  for (std::size_t i = 0; i < ps.size(); ++i)
    for (Fairness f : fairness) {
      names.push_back("f" + std::to_string(i) + "_" + fairness_name(f));
      model += ltl_test::product_claim(ps[i].claim, names.back(), ltl_test::fairness_tick(f));
    }
  return spin.verify(model, names, files);
}

// Checks `lts_count` random LTSs against `formula_count` random formulas;
// returns the number of (pair, fairness) checks and of failing verdicts.
std::pair<int, int> cross_check(std::uint64_t seed, bool threaded, std::vector<Fairness> fairness,
                                std::size_t formula_count, std::uint64_t lts_count, bool table = false) {
  ltl_test::SpinRunner spin;
  ltl_test::AtomNames atoms;
  seed += seed_offset();
  std::mt19937_64 rng(seed);
  const auto& atom_texts = threaded ? ltl_test::thread_atoms() : ltl_test::plain_atoms();
  const std::vector<Property> ps = properties(spin, atoms, rng, atom_texts, formula_count);
  int checks = 0, fails = 0;
  for (std::uint64_t round = 0; round < lts_count; ++round) {
    const lts::Lts l = threaded ? ltl_test::random_threaded_lts(rng) : ltl_test::random_lts(rng);
    const std::vector<bool> verdicts = spin_verdicts(spin, l, atoms, ps, fairness, table);
    for (std::size_t i = 0; i < ps.size(); ++i)
      for (std::size_t k = 0; k < fairness.size(); ++k) {
        const bool holds = ltl::check_ltl(l, ps[i].formula, fairness[k]).holds;
        EXPECT_EQ(holds, verdicts[i * fairness.size() + k])
            << "seed " << seed << " LTS " << round << ", fairness " << fairness_name(fairness[k]) << ": " << ps[i].text;
        ++checks;
        fails += !holds;
      }
  }
  return {checks, fails};
}

TEST(SpinCrossCheck, AgreesOnRandomLtssWithTau) {
  if (!ltl_test::spin_available()) GTEST_SKIP() << "spin or cc not on PATH";
  const auto [checks, fails] = cross_check(55, false, {Fairness::none}, 24, rounds());
  EXPECT_GT(fails, checks / 10);
  EXPECT_LT(fails, checks * 9 / 10);
}

TEST(SpinCrossCheck, AgreesUnderFairness) {
  if (!ltl_test::spin_available()) GTEST_SKIP() << "spin or cc not on PATH";
  const auto [checks, fails] = cross_check(977, true, {Fairness::none, Fairness::weak, Fairness::strong}, 24, rounds());
  EXPECT_GT(fails, checks / 10);
  EXPECT_LT(fails, checks * 9 / 10);
}

// SPIN's own weak fairness (pan -a -f) on LTSs of object actions only,
// one process per thread (promela_process_model; docs/ltl.md, "Testing"):
// there a process is enabled and executes exactly where its thread is
// enabled and taken, so pan -f must give check_ltl's weak verdict, and
// pan without -f on the same model its verdict without fairness. Some
// default pairs must differ between the two, or fairness was not exercised.
TEST(SpinCrossCheck, WeakFairnessIsSpinsPerProcessFairness) {
  if (!ltl_test::spin_available()) GTEST_SKIP() << "spin or cc not on PATH";
  ltl_test::SpinRunner spin;
  ltl_test::AtomNames atoms;
  const std::uint64_t seed = 1301 + seed_offset();
  std::mt19937_64 rng(seed);
  std::vector<Property> ps = properties(spin, atoms, rng, ltl_test::object_atoms(), 12);
  // And the formulas that fairness decides most often: a thread's progress.
  for (const char* text : {"F step(1)", "F step(2)", "G F step(2)", "G F ret(*)", "F end || G F step(1)"}) {
    Property p;
    p.text = text;
    p.formula = ltl::parse_formula(p.text);
    const auto claim = spin.negated_claim(ltl_test::spin_formula(p.formula, atoms), 30);
    ASSERT_TRUE(claim) << text;
    p.claim = ltl_test::parse_never_claim(*claim);
    ps.push_back(std::move(p));
  }
  int checks = 0, fails = 0, fairness_matters = 0;
  for (std::uint64_t round = 0; round < rounds(); ++round) {
    const lts::Lts l = ltl_test::random_object_lts(rng);
    std::string model = ltl_test::promela_process_model(l, atoms);
    std::vector<std::string> names;
    for (std::size_t i = 0; i < ps.size(); ++i) {
      names.push_back("f" + std::to_string(i));
      model += ltl_test::product_claim(ps[i].claim, names.back(), "");
    }
    const std::vector<bool> fair = spin.verify(model, names, {}, true);
    const std::vector<bool> unfair = spin.verify(model, names, {}, false);
    for (std::size_t i = 0; i < ps.size(); ++i) {
      const bool weak = ltl::check_ltl(l, ps[i].formula, Fairness::weak).holds;
      const bool none = ltl::check_ltl(l, ps[i].formula, Fairness::none).holds;
      EXPECT_EQ(weak, fair[i]) << "seed " << seed << " LTS " << round << ", pan -f: " << ps[i].text;
      EXPECT_EQ(none, unfair[i]) << "seed " << seed << " LTS " << round << ", pan: " << ps[i].text;
      ++checks;
      fails += !weak;
      fairness_matters += weak != none;
    }
  }
  std::printf("%d pairs, %d fail under weak fairness, %d change with it\n", checks, fails, fairness_matters);
  EXPECT_GT(fails, 0);
  EXPECT_LT(fails, checks);
  // The default pairs have 4 (other seeds 1 to 7 in 4 rounds, 18 in 16).
  if (rounds() >= 4 && seed_offset() == 0) EXPECT_GT(fairness_matters, 0);
}

// The rendering of bench/ltl.sh (tests/ltl/ltl_spin_check.cpp) on a few of the same kind of pairs.
TEST(SpinCrossCheck, AgreesOnTheTableModel) {
  if (!ltl_test::spin_available()) GTEST_SKIP() << "spin or cc not on PATH";
  const auto [checks, fails] = cross_check(4711, false, {Fairness::none}, 12, 2, true);
  EXPECT_GT(fails, 0);
  EXPECT_LT(fails, checks);
}

}  // namespace

namespace {

lts::Lts make_lts(lts::StateId states, std::initializer_list<std::tuple<lts::StateId, const char*, lts::StateId>> ts) {
  lts::Lts l;
  l.num_states = states;
  for (const auto& [from, label, to] : ts)
    l.transitions.push_back({from, std::string(label) == "tau" ? lts::tau : l.labels.intern(label), to});
  return l;
}

struct Known {
  const char* formula;
  Fairness fairness;
  bool holds;
};

// SPIN's verdicts (and check_ltl's) for hand-argued pairs, so that a
// renderer that loses the first letter, the end stutter, a fairness or
// every violation is caught.
void expect_verdicts(const lts::Lts& l, const std::vector<Known>& known) {
  ltl_test::SpinRunner spin;
  ltl_test::AtomNames atoms;
  bool fair = false;
  std::vector<std::string> claims, names;
  for (std::size_t i = 0; i < known.size(); ++i) {
    const ltl::Formula f = ltl::parse_formula(known[i].formula);
    EXPECT_EQ(ltl::check_ltl(l, f, known[i].fairness).holds, known[i].holds) << known[i].formula;
    const auto text = spin.negated_claim(ltl_test::spin_formula(f, atoms), 30);
    ASSERT_TRUE(text) << known[i].formula;
    names.push_back("k" + std::to_string(i));
    claims.push_back(ltl_test::product_claim(ltl_test::parse_never_claim(*text), names.back(),
                                             ltl_test::fairness_tick(known[i].fairness)));
    fair = fair || known[i].fairness != Fairness::none;
  }
  std::string model = ltl_test::promela_model(l, atoms, fair);
  for (const auto& c : claims) model += c;
  const std::vector<bool> verdicts = spin.verify(model, names);
  for (std::size_t i = 0; i < known.size(); ++i)
    EXPECT_EQ(verdicts[i], known[i].holds) << known[i].formula << ", fairness " << fairness_name(known[i].fairness);
}

// 0 -a-> 1 -b-> 1: the word is a b b ...; the first letter is a (the
// model's state before the first step is not a position).
TEST(SpinCrossCheck, ReadsTheFirstLetter) {
  if (!ltl_test::spin_available()) GTEST_SKIP() << "spin or cc not on PATH";
  expect_verdicts(make_lts(2, {{0, "a", 1}, {1, "b", 1}}), {{"a", Fairness::none, true},
                                                            {"b", Fairness::none, false},
                                                            {"G b", Fairness::none, false},
                                                            {"F G b", Fairness::none, true},
                                                            {"a U b", Fairness::none, true},
                                                            {"F end", Fairness::none, false}});
}

// 0 -a-> 1 deadlocks and 0 -tau-> 0 diverges: both end the run, which
// then reads `end` for ever (docs/ltl.md, "Runs").
TEST(SpinCrossCheck, EndsDeadlocksAndDivergences) {
  if (!ltl_test::spin_available()) GTEST_SKIP() << "spin or cc not on PATH";
  expect_verdicts(make_lts(2, {{0, "a", 1}}), {{"F end", Fairness::none, true},
                                               {"a && G (a -> G !b)", Fairness::none, true},
                                               {"G F a", Fairness::none, false},
                                               {"a U end", Fairness::none, true}});
  expect_verdicts(
      make_lts(2, {{0, "tau", 0}, {0, "a", 1}, {1, "a", 1}}),
      {{"F a", Fairness::none, false}, {"G (a -> G a)", Fairness::none, true}, {"F end || G a", Fairness::none, true}});
}

// The fairness examples of ltl_test.cpp (LtlFairness.*), argued there.
TEST(SpinCrossCheck, SchedulesFairly) {
  if (!ltl_test::spin_available()) GTEST_SKIP() << "spin or cc not on PATH";
  expect_verdicts(make_lts(2, {{0, "step(1)", 0}, {0, "step(2)", 1}, {1, "step(2)", 1}}),
                  {{"F step(2)", Fairness::none, false},
                   {"F step(2)", Fairness::weak, true},
                   {"F step(2)", Fairness::strong, true}});
  expect_verdicts(make_lts(3, {{0, "step(1)", 1}, {1, "step(1)", 0}, {0, "step(2)", 2}, {2, "step(2)", 2}}),
                  {{"F step(2)", Fairness::weak, false}, {"F step(2)", Fairness::strong, true}});
  expect_verdicts(make_lts(2, {{0, "call(1,a)", 1}}), {{"F end", Fairness::weak, true},
                                                       {"F end", Fairness::strong, true},
                                                       {"G F call(1,a)", Fairness::weak, false},
                                                       {"G F call(1,a)", Fairness::strong, false}});
  expect_verdicts(make_lts(2, {{0, "step(2)", 0}, {0, "call(1,a)", 1}, {1, "step(1)", 1}}),
                  {{"F call(1,a)", Fairness::weak, false}, {"F call(1,a)", Fairness::strong, false}});
}

// A syntax error of SPIN's, a failed compile or a malformed claim is an
// error, never a verdict.
TEST(SpinCrossCheck, RefusesErrors) {
  if (!ltl_test::spin_available()) GTEST_SKIP() << "spin or cc not on PATH";
  ltl_test::SpinRunner spin;
  EXPECT_THROW(spin.negated_claim("X p0", 30), std::runtime_error);  // SPIN's LTL syntax error
  // SPIN reads `p0 &&` as a predicate: its claim is a syntax error of spin -a.
  const auto text = spin.negated_claim("p0 &&", 30);
  ASSERT_TRUE(text);
  ltl_test::AtomNames atoms;
  atoms.name("a");
  const std::string model = ltl_test::promela_model(make_lts(1, {{0, "a", 0}}), atoms, false);
  EXPECT_THROW(spin.verify(model + ltl_test::product_claim(ltl_test::parse_never_claim(*text), "c", ""), {"c"}),
               std::runtime_error);
  EXPECT_THROW(spin.verify("active proctype p() { x = 1 }\n", {"c"}), std::runtime_error);
  EXPECT_THROW(spin.verify("int x;\nactive proctype p() { x = 1 }\nnever c { start: do :: (1) od }\n", {"d"}),
               std::runtime_error);  // no claim of that name
  EXPECT_THROW(ltl_test::parse_never_claim("never {\nT0_init:\n\tdo\n\t:: (p0) -> goto nowhere\n\tod;\n}\n"),
               std::runtime_error);
  EXPECT_THROW(ltl_test::parse_never_claim("never {\nT0_init:\n\twhat\n}\n"), std::runtime_error);
}

// Hand-argued pairs on the process model: 0 -step(1)-> 0, 0 -step(2)-> 1,
// 1 -step(2)-> 1: thread 1 may loop for ever while thread 2, enabled all
// along, never moves; weak fairness (SPIN's per process, and ours)
// excludes that run, so F step(2) holds under it only. 0 -step(1)-> 1
// -ret(1,a)-> 2, a deadlock: the run ends, fair (the process `ends` moves
// it to lab = end).
TEST(SpinCrossCheck, PanFairnessSchedulesEachProcess) {
  if (!ltl_test::spin_available()) GTEST_SKIP() << "spin or cc not on PATH";
  struct Case {
    lts::Lts lts;
    std::vector<Known> known;
  };
  const std::vector<Case> cases = {{make_lts(2, {{0, "step(1)", 0}, {0, "step(2)", 1}, {1, "step(2)", 1}}),
                                    {{"F step(2)", Fairness::none, false},
                                     {"F step(2)", Fairness::weak, true},
                                     {"G step(1)", Fairness::weak, false}}},
                                   {make_lts(3, {{0, "step(1)", 1}, {1, "ret(1,a)", 2}}),
                                    {{"F end", Fairness::weak, true},
                                     {"step(1) U ret(1,a)", Fairness::weak, true},
                                     {"G F step(1)", Fairness::weak, false}}}};
  for (const Case& c : cases) {
    ltl_test::SpinRunner spin;
    ltl_test::AtomNames atoms;
    std::vector<std::string> claims;
    for (std::size_t i = 0; i < c.known.size(); ++i) {
      const ltl::Formula f = ltl::parse_formula(c.known[i].formula);
      EXPECT_EQ(ltl::check_ltl(c.lts, f, c.known[i].fairness).holds, c.known[i].holds) << c.known[i].formula;
      const auto text = spin.negated_claim(ltl_test::spin_formula(f, atoms), 30);
      ASSERT_TRUE(text) << c.known[i].formula;
      claims.push_back(ltl_test::product_claim(ltl_test::parse_never_claim(*text), "k" + std::to_string(i), ""));
    }
    std::string model = ltl_test::promela_process_model(c.lts, atoms);
    for (const auto& claim : claims) model += claim;
    for (std::size_t i = 0; i < c.known.size(); ++i) {
      const bool fair = c.known[i].fairness == Fairness::weak;
      EXPECT_EQ(spin.verify(model, {"k" + std::to_string(i)}, {}, fair)[0], c.known[i].holds)
          << c.known[i].formula << (fair ? ", pan -f" : ", pan");
    }
  }
  // Calls are refused: SPIN's fairness would force them.
  ltl_test::AtomNames atoms;
  EXPECT_THROW(ltl_test::promela_process_model(make_lts(2, {{0, "call(1,a)", 1}}), atoms), std::invalid_argument);
  EXPECT_THROW(ltl_test::promela_process_model(make_lts(1, {{0, "tau", 0}}), atoms), std::invalid_argument);
}

}  // namespace
