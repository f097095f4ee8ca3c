// The quotient modulo symmetry against the quotient of the expanded LTS:
// on small symmetric systems built both ways (symmetric_system.hpp), the
// two must be isomorphic under strong, branching and divbranching
// bisimilarity. BB_RANDOM_ROUNDS sets the number of systems (1000 by default).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "bisim/quotient.hpp"
#include "bisim/symmetry/symmetric_quotient.hpp"
#include "tests/bisim/symmetry/symmetric_system.hpp"
#include "tests/support/lts_isomorphism.hpp"

namespace {

using bisim::Equivalence;
using lts::PermutationId;
using lts::ThreadPermutations;
using testing_support::SymmetricSystem;

TEST(ThreadPermutations, ProductsInversesAndSubgroups) {
  const ThreadPermutations g(3);
  ASSERT_EQ(g.size(), 6u);
  EXPECT_EQ(g.image(ThreadPermutations::identity), (std::vector<int>{0, 1, 2}));
  const PermutationId swap01 = g.find({1, 0, 2}), cycle = g.find({1, 2, 0});
  // compose(g, h) applies h first: cycle after swap01 sends 0 -> 1 -> 2.
  EXPECT_EQ(g.image(g.compose(cycle, swap01)), (std::vector<int>{2, 1, 0}));
  for (PermutationId p = 0; p < g.size(); ++p) {
    EXPECT_EQ(g.compose(p, g.inverse(p)), ThreadPermutations::identity);
    EXPECT_EQ(g.compose(g.inverse(p), p), ThreadPermutations::identity);
  }
  EXPECT_EQ(g.generated({swap01}).size(), 2u);
  EXPECT_EQ(g.generated({cycle}).size(), 3u);
  EXPECT_EQ(g.generated({swap01, cycle}).size(), 6u);
  EXPECT_EQ(g.generated({}).size(), 1u);
  EXPECT_THROW(g.find({0, 0, 1}), std::invalid_argument);
  EXPECT_THROW(g.find({0, 1}), std::invalid_argument);
  EXPECT_THROW(ThreadPermutations(0), std::invalid_argument);
  EXPECT_THROW(ThreadPermutations(ThreadPermutations::max_threads + 1), std::invalid_argument);
}

TEST(LabelImages, ClosedUnderThePermutations) {
  const ThreadPermutations g(3);
  lts::LabelTable labels;
  const lts::LabelId a1 = labels.intern("a0(1)"), b = labels.intern("g0");
  const auto image = lts::label_images(labels, g, testing_support::rename_threads);
  ASSERT_EQ(labels.size(), 5u);  // tau, a0(1), g0, a0(2), a0(3)
  ASSERT_EQ(image.size(), labels.size());
  EXPECT_EQ(labels.name(image[a1][g.find({2, 0, 1})]), "a0(3)");
  for (PermutationId p = 0; p < g.size(); ++p) {
    EXPECT_EQ(image[lts::tau][p], lts::tau);
    EXPECT_EQ(image[b][p], b);
  }
}

// Two threads and a shared value v. A thread in local 0 with v = 0 may
// step to local 1 setting v = 1 (tau), or do a(t) to local 2, where it
// stops; a thread in local 1 with v = 1 may step back to local 0 setting
// v = 0 (tau). From A = (0,1; v=0): A -tau-> B = (1,1; 1), and B -tau-> A
// or B -tau-> C = (1,0; 0), which is A with the threads swapped, and
// C -tau-> B. So A, B, C form one tau-cycle: one divergent class X, whose
// visible steps are A's a(1) and C's a(2), both to a deadlock Z. The
// divbranching quotient: X -tau-> X, X -a0(1)-> Z, X -a0(2)-> Z.
//
// The orbit LTS holds only A and B (C is A swapped) and sees a0(1) alone:
// a0(2) comes from the cycle B -tau-> swap.A, which puts the swap in A's
// group H and closes the class's steps under it.
TEST(SymmetricQuotient, ATauCycleThroughAPermutationJoinsTheSwappedSteps) {
  SymmetricSystem s;
  s.threads = 2;
  s.locals = 3;
  s.shareds = 2;
  s.actions = 1;
  s.moves.resize(6);
  s.moves[0 * 2 + 0] = {{-1, 1, 1}, {0, 2, 0}};
  s.moves[1 * 2 + 1] = {{-1, 0, 0}};
  s.initial_locals = {0, 1};
  const ThreadPermutations g(2);
  const auto orbits = testing_support::orbit_system(s, g);
  ASSERT_EQ(orbits.num_states, 3u);  // A, B and the deadlock (1,2; 0)
  const auto result = bisim::symmetry::symmetric_quotient(orbits, g, Equivalence::divbranching);
  EXPECT_EQ(result.stabilised, 1u);
  const lts::Lts& q = result.quotient;
  ASSERT_EQ(q.num_states, 2u);
  std::vector<std::tuple<lts::StateId, std::string, lts::StateId>> steps;
  for (const lts::Transition& t : q.transitions)
    steps.emplace_back(t.from, t.label == lts::tau ? "tau" : q.labels.name(t.label), t.to);
  std::sort(steps.begin(), steps.end());
  EXPECT_EQ(steps, (decltype(steps){{0, "a0(1)", 1}, {0, "a0(2)", 1}, {0, "tau", 0}}));
}

TEST(SymmetricQuotient, RefusesTheIdentityAndOpenLabelTables) {
  const ThreadPermutations g(2);
  lts::OrbitLts orbits;
  orbits.labels.intern("a0(1)");
  EXPECT_THROW(bisim::symmetry::symmetric_quotient(orbits, g, Equivalence::strong), std::invalid_argument);
  orbits.label_image = lts::label_images(orbits.labels, g, testing_support::rename_threads);
  EXPECT_THROW(bisim::symmetry::symmetric_quotient(orbits, g, Equivalence::none), std::invalid_argument);
  EXPECT_NO_THROW(bisim::symmetry::symmetric_quotient(orbits, g, Equivalence::strong));
}

int rounds_from_env() {
  const char* env = std::getenv("BB_RANDOM_ROUNDS");
  return env ? std::atoi(env) : 1000;
}

TEST(SymmetricQuotient, EqualsTheQuotientOfTheExpandedSystem) {
  const int rounds = rounds_from_env();
  int expanded = 0, stabilised = 0, divergent = 0;
  for (int seed = 1; seed <= rounds; ++seed) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    const SymmetricSystem s = testing_support::random_symmetric_system(rng);
    const ThreadPermutations g(s.threads);
    auto orbits = testing_support::orbit_system(s, g);
    // The explorer writes the transitions by source; any order must do.
    if (seed % 2 == 1) std::shuffle(orbits.transitions.begin(), orbits.transitions.end(), rng);
    const lts::Lts full = testing_support::expanded_system(s);
    for (Equivalence e : {Equivalence::strong, Equivalence::branching, Equivalence::divbranching}) {
      const lts::Lts expected = bisim::minimise(full, e).quotient;
      const auto got = bisim::symmetry::symmetric_quotient(orbits, g, e);
      std::string why;
      ASSERT_TRUE(testing_support::isomorphic_minimal_lts(expected, got.quotient, &why))
          << "seed " << seed << ", " << bisim::name(e) << ": " << why;
      if (e != Equivalence::divbranching) continue;
      expanded += got.quotient.num_states > got.orbit_classes;
      stabilised += got.stabilised > 0;
      divergent += std::any_of(expected.transitions.begin(), expected.transitions.end(),
                               [](const lts::Transition& t) { return t.label == lts::tau && t.from == t.to; });
    }
  }
  // The comparison means something only if the symmetric route had to
  // rebuild classes from their images, to close classes under a tau-cycle's
  // permutation, and to keep divergence, on a fair share of the systems.
  if (rounds >= 100) {
    EXPECT_GE(expanded, rounds / 4);
    EXPECT_GE(stabilised, rounds / 50);
    EXPECT_GE(divergent, rounds / 10);
  }
}

}  // namespace
