// The stages of refinement that `quotient -v` prints (Partition::log): on
// every route of both partitioners, the last stage ends at the partition's
// number of classes, and the stages name the parts that ran.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "bisim/branching/branching_bisimulation.hpp"
#include "bisim/quotient.hpp"
#include "bisim/strong/strong_bisimulation.hpp"
#include "tests/bisim/branching/routes.hpp"
#include "tests/bisim/reference/small_lts.hpp"
#include "tests/support/random_lts.hpp"

namespace {

using bisim::Partition;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The last stage reports the classes found: "...: K classes" or "... K
// classes (...)".
void expect_ends_at_its_classes(const Partition& p, const std::string& what) {
  ASSERT_FALSE(p.log.empty()) << what;
  EXPECT_TRUE(contains(p.log.back(), ": " + bisim::classes_text(p.num_blocks))) << what << ": " << p.log.back();
}

TEST(RefineLog, EveryRouteEndsAtItsClasses) {
  std::mt19937_64 rng(20261125);
  for (int round = 0; round < 200; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 40));
    for (const bisim::StrongRoute route : {bisim::StrongRoute::fastest, bisim::StrongRoute::known_cyclic,
                                           bisim::StrongRoute::paige_tarjan_only, bisim::StrongRoute::worklist_first})
      expect_ends_at_its_classes(bisim::strong_partition(l, route),
                                 "strong route " + std::to_string(static_cast<int>(route)));
    for (const bisim::BranchingRoute route : testing_support::all_branching_routes)
      for (const bool divergence : {false, true})
        expect_ends_at_its_classes(bisim::branching_partition(l, divergence, route),
                                   "branching route " + std::to_string(static_cast<int>(route)));
  }
}

// A ring of n states with one b: a class per state, one state split off
// per round.
lts::Lts ring(lts::StateId n) {
  lts::Lts l;
  l.num_states = n;
  const lts::LabelId a = l.labels.intern("a"), b = l.labels.intern("b");
  for (lts::StateId s = 0; s < n; ++s) l.transitions.push_back({s, a, (s + 1) % n});
  l.transitions.push_back({n - 1, b, n - 1});
  return l;
}

TEST(RefineLog, NamesThePartsThatRan) {
  const lts::Lts l = ring(1000);
  const Partition pt = bisim::strong_partition(l, bisim::StrongRoute::paige_tarjan_only);
  ASSERT_EQ(pt.log.size(), 1u);
  EXPECT_EQ(pt.log[0], "Paige & Tarjan from 1 class: 1000 classes");

  const Partition worklist = bisim::strong_partition(l, bisim::StrongRoute::worklist_first);
  ASSERT_EQ(worklist.log.size(), 2u);
  EXPECT_TRUE(contains(worklist.log[0], "hashed rounds")) << worklist.log[0];
  EXPECT_TRUE(contains(worklist.log[1], "worklist rounds: 1000 classes (fixpoint, proven exactly")) << worklist.log[1];

  const Partition gjkw = bisim::branching_partition(l, false, bisim::BranchingRoute::partition_refinement_only);
  EXPECT_EQ(gjkw.log.back(), "partition refinement (Groote, Jansen, Keiren & Wijs) from 1 class: 1000 classes");
}

// tau-ring-loops of bench/quotient/make_family: k pairs 2i -c-> 2i (a
// loop), 2i -i-> 2i+1 -a-> 2i+2 (mod 2k), and one b: no tau-step inert,
// a class per state in the end.
lts::Lts tau_ring_loops(lts::StateId k) {
  lts::Lts l;
  l.num_states = 2 * k;
  const lts::LabelId a = l.labels.intern("a"), b = l.labels.intern("b"), c = l.labels.intern("c");
  for (lts::StateId i = 0; i < k; ++i) {
    l.transitions.push_back({2 * i, c, 2 * i});
    l.transitions.push_back({2 * i, lts::tau, 2 * i + 1});
    l.transitions.push_back({2 * i + 1, a, (2 * i + 2) % (2 * k)});
  }
  l.transitions.push_back({2 * k - 1, b, 2 * k - 1});
  return l;
}

std::string stages_of(const bisim::Minimised& m) {
  std::string all;
  for (const std::string& stage : m.refine_log) all += stage + "; ";
  return all;
}

// The routes the default partitioners take on the cyclic families, whose
// answers are reached one split at a time: worklist rounds, never partition
// refinement (docs/quotient.md, "Signature refinement": Paige & Tarjan and
// GJKW take several times as long there). A change of route is a
// performance regression that the outputs do not show: it must show here.
TEST(RefineLog, CyclicFamiliesTakeTheWorklist) {
  for (const bisim::Equivalence e : {bisim::Equivalence::strong, bisim::Equivalence::branching}) {
    for (const lts::Lts& l : {ring(100000), tau_ring_loops(50000)}) {
      const bisim::Minimised m = bisim::minimise(l, e);
      const std::string stages = stages_of(m);
      EXPECT_TRUE(contains(
          stages, "worklist rounds: " + bisim::classes_text(m.quotient.num_states) + " (fixpoint, proven exactly)"))
          << stages;
      EXPECT_FALSE(contains(stages, "Paige & Tarjan")) << stages;
      EXPECT_FALSE(contains(stages, "partition refinement")) << stages;
    }
  }
}

TEST(RefineLog, MinimiseStartsWithTheContraction) {
  // A tau-cycle 0 <-> 1, and 1 -a-> 2 -b-> 2: three states, two after
  // contraction.
  const lts::Lts l = testing_support::small_lts(3, {{0, "i", 1}, {1, "i", 0}, {1, "a", 2}, {2, "b", 2}});
  const bisim::Minimised m = bisim::minimise(l, bisim::Equivalence::branching);
  ASSERT_GE(m.refine_log.size(), 2u);
  EXPECT_EQ(m.refine_log.front(), "tau-cycles and tau-only states merged: 3 -> 2 states");
  EXPECT_TRUE(contains(m.refine_log.back(), ": 2 classes")) << m.refine_log.back();
  // Without cycles but self-loops: one bottom-up pass.
  const lts::Lts acyclic = testing_support::small_lts(3, {{0, "i", 1}, {1, "a", 2}, {2, "b", 2}});
  const bisim::Minimised a = bisim::minimise(acyclic, bisim::Equivalence::branching);
  ASSERT_EQ(a.refine_log.size(), 1u);
  EXPECT_EQ(a.refine_log[0], "one pass bottom-up (no cycles but self-loops): 2 classes");
}

}  // namespace
