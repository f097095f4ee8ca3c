// The rounds of signature refinement with exact class ids
// (bisim/signatures/signature_refinement.hpp), run directly, in both ways of writing
// a signature: numbered steps, and Bloom filters proven by the stability
// check. On random LTSs, strong (the LTS as it is) and branching (after
// tau-SCC contraction), against the reference partitioner: the classes are
// never finer than bisimilarity, and equal to it when the rounds say their
// answer is final. Then the way out of a refuted Bloom fixpoint: numbered
// rounds from a partition that is the answer with two classes merged and
// marked as a fixpoint the check refuted must split them again, although
// that first round splits little.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "bisim/branching/branching_bisimulation.hpp"
#include "bisim/branching/tau_contraction.hpp"
#include "bisim/signatures/signature_refinement_impl.hpp"
#include "tests/bisim/branching/routes.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/support/random_lts.hpp"

namespace {

using bisim::signatures::SignatureClasses;
using bisim::signatures::StepSets;

unsigned rounds() {
  const char* env = std::getenv("BB_RANDOM_ROUNDS");
  return env ? static_cast<unsigned>(std::stoul(env)) : 400;
}

// The Graph that the rounds read, from adjacency lists. With inert_tau, every
// tau-step must go to a smaller state (as after contract_tau_sccs).
template <bool inert_tau>
struct View {
  static constexpr bool tau_can_be_inert = inert_tau;
  explicit View(const lts::Lts& l) : out(l.num_states), in(l.num_states), m(l.num_transitions()) {
    for (const lts::Transition& t : l.transitions) {
      out[t.from].push_back({t.label, t.to});
      in[t.to].push_back(t.from);
    }
  }
  lts::StateId num_states() const { return static_cast<lts::StateId>(out.size()); }
  std::size_t num_transitions() const { return m; }
  std::size_t out_degree(lts::StateId s) const { return out[s].size(); }
  template <typename F>
  void steps(lts::StateId s, F f) const {
    for (const auto& [a, to] : out[s]) f(a, to);
  }
  template <typename F>
  void tau_steps(lts::StateId s, F f) const {
    for (const auto& [a, to] : out[s])
      if (a == lts::tau) f(to);
  }
  template <typename F>
  std::uint32_t predecessors(lts::StateId s, F f) const {
    for (const lts::StateId w : in[s]) f(w);
    return static_cast<std::uint32_t>(in[s].size());
  }
  std::vector<std::vector<std::pair<lts::LabelId, lts::StateId>>> out;
  std::vector<std::vector<lts::StateId>> in;
  std::size_t m;
};

// Where the rounds start in the partitioners: the hashed rounds' classes.
template <typename Graph>
SignatureClasses hashed(const Graph& g) {
  return bisim::signatures::hashed_rounds(g);
}

// Classes of the input states, through the contraction's component map.
bisim::Partition through(const std::vector<std::uint32_t>& component, const SignatureClasses& c) {
  bisim::Partition p;
  p.num_blocks = c.count;
  for (const std::uint32_t k : component) p.block.push_back(c.class_of[k]);
  return p;
}

// Runs the rounds on `g` from the hashed rounds' classes and checks them;
// returns whether they were final.
template <bool inert_tau>
bool check_rounds(const View<inert_tau>& g, const std::vector<std::uint32_t>& component,
                  const bisim::Partition& reference, StepSets sets, unsigned round) {
  const std::uint64_t budget = 1000 * (g.num_transitions() + g.num_states()) + 1000;
  const SignatureClasses c = bisim::signatures::exact_rounds(g, hashed(g), budget, sets);
  const bisim::Partition p = through(component, c);
  EXPECT_TRUE(bisim::never_finer(p, reference)) << "round " << round;
  if (c.final()) {
    EXPECT_TRUE(bisim::same_partition(p, reference)) << "round " << round;
  }
  return c.final();
}

std::vector<std::uint32_t> identity(lts::StateId n) {
  std::vector<std::uint32_t> v(n);
  for (lts::StateId s = 0; s < n; ++s) v[s] = s;
  return v;
}

// The shape of a random LTS with a giant tau-cycle once contracted, where
// classes are wide (bisim/signatures/wide_signatures.hpp): a random LTS, and a giant
// state with hundreds of visible steps; a third of the states get a
// tau-step into it and a visible step of their own, half the time one the
// giant has too (then they may be bisimilar to it); every other LTS, a
// twin of the giant.
lts::Lts giant_lts(std::mt19937_64& rng, unsigned round) {
  testing_support::RandomLtsShape shape;
  shape.states = 100 + round % 150;
  shape.transitions = 2 * shape.states;
  shape.visible_labels = 2 + round % 5;
  shape.tau_fraction = 0.2;
  shape.tau_cycles = round % 3;
  lts::Lts l = testing_support::random_lts(rng, shape);
  const lts::StateId n = l.num_states, giant = static_cast<lts::StateId>(rng() % n);
  std::vector<lts::LabelId> labels;
  for (lts::LabelId a = 1; a < l.labels.size(); ++a) labels.push_back(a);
  auto random_label = [&] { return labels[rng() % labels.size()]; };
  std::vector<lts::Transition> wide;
  for (unsigned i = 0; i < 3 * n; ++i) wide.push_back({giant, random_label(), static_cast<lts::StateId>(rng() % n)});
  l.transitions.insert(l.transitions.end(), wide.begin(), wide.end());
  for (lts::StateId p = 0; p < n; ++p) {
    if (p == giant || rng() % 3 != 0) continue;
    l.transitions.push_back({p, lts::tau, giant});
    const lts::Transition copied = wide[rng() % wide.size()];
    l.transitions.push_back(rng() % 2 ? lts::Transition{p, copied.label, copied.to}
                                      : lts::Transition{p, random_label(), static_cast<lts::StateId>(rng() % n)});
  }
  // Every other LTS: a twin of the giant, with the same transitions, so
  // bisimilar to it; one of them is its class's base and the other's
  // signature is written without the base, and the two must still match.
  if (round % 2 == 1) {
    const lts::StateId twin = l.num_states++;
    const std::size_t m = l.transitions.size();
    for (std::size_t i = 0; i < m; ++i)
      if (l.transitions[i].from == giant) l.transitions.push_back({twin, l.transitions[i].label, l.transitions[i].to});
  }
  std::sort(l.transitions.begin(), l.transitions.end());
  l.transitions.erase(std::unique(l.transitions.begin(), l.transitions.end()), l.transitions.end());
  return l;
}
}  // namespace

TEST(SignatureRounds, NumberedAndBloomRoundsAreSoundAndFinalMeansBisimilarity) {
  std::mt19937_64 rng(23);
  unsigned final_rounds[2][2] = {{0, 0}, {0, 0}};  // [strong, branching][numbered, bloom]
  const unsigned n = rounds();
  for (unsigned round = 0; round < n; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 1 + round % 50));
    const bisim::Partition strong = bisim::reference_partition(l, bisim::Equivalence::strong);
    const bisim::Partition branching = bisim::reference_partition(l, bisim::Equivalence::branching);
    const View<false> as_is(l);
    const bisim::branching::ContractedLts contracted = bisim::branching::contract_tau_sccs(l, false, true);
    const View<true> inert(contracted.lts);
    for (const StepSets sets : {StepSets::numbered, StepSets::bloom}) {
      const int k = sets == StepSets::bloom;
      final_rounds[0][k] += check_rounds(as_is, identity(l.num_states), strong, sets, round);
      final_rounds[1][k] += check_rounds(inert, contracted.component, branching, sets, round);
    }
    if (HasFailure()) return;
  }
  // Not vacuous: the rounds prove their answer on most LTSs (the others are
  // left to partition refinement by the rule for rounds that split little;
  // about 60% final for strong, 97% for branching).
  for (const auto& kind : final_rounds)
    for (const unsigned count : kind) EXPECT_GT(count, n / 3);
}

TEST(SignatureRounds, NumberedRoundsSplitWhatARefutedBloomFixpointMerged) {
  std::mt19937_64 rng(29);
  unsigned merged = 0;
  for (unsigned round = 0; round < rounds(); ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 2 + round % 40));
    const bisim::Partition strong = bisim::reference_partition(l, bisim::Equivalence::strong);
    if (strong.num_blocks < 2) continue;
    // The answer with two of its classes merged, as a Bloom fixpoint whose
    // collision hid their split would leave it.
    SignatureClasses start;
    std::uniform_int_distribution<std::uint32_t> pick(0, strong.num_blocks - 1);
    const std::uint32_t a = pick(rng);
    std::uint32_t b = pick(rng);
    if (a == b) b = (a + 1) % strong.num_blocks;
    for (const std::uint32_t block : strong.block) start.class_of.push_back(block == b ? a : block);
    // Dense ids: the last block takes b's number.
    const std::uint32_t last = strong.num_blocks - 1;
    for (std::uint32_t& c : start.class_of)
      if (c == last && b != last) c = b;
    start.count = strong.num_blocks - 1;
    start.fixpoint = true;
    start.exact = false;
    const View<false> g(l);
    const std::uint64_t budget = 1000 * (g.num_transitions() + g.num_states()) + 1000;
    const SignatureClasses c = bisim::signatures::exact_rounds(g, std::move(start), budget);
    ASSERT_TRUE(c.final()) << "round " << round;
    ASSERT_TRUE(bisim::same_partition(through(identity(l.num_states), c), strong)) << "round " << round;
    ++merged;
  }
  EXPECT_GT(merged, rounds() / 2);
}

// Numbered rounds on LTSs with a giant state, whose class is wide:
// signatures written relative to the class's base and hashed as sums
// (bisim/signatures/wide_signatures.hpp) instead of giving up. Never finer than bisimilarity, equal to it when final,
// and final on a fair share of them (before, never: the rounds gave up at once; on the others the rule for costly
// rounds that split little hands over to partition refinement, as the giant's steps make every round costly on LTSs
// this small).
TEST(SignatureRounds, WideClassesOfAGiantState) {
  std::mt19937_64 rng(43);
  unsigned final_rounds = 0, final_bloom_asked = 0, wide_lts = 0;
  const unsigned n = rounds() / 2;
  for (unsigned round = 0; round < n; ++round) {
    const lts::Lts l = giant_lts(rng, round);
    const bisim::branching::ContractedLts contracted = bisim::branching::contract_tau_sccs(l, false, true);
    const View<true> inert(contracted.lts);
    bool has_wide_state = false;
    for (lts::StateId s = 0; s < inert.num_states(); ++s) has_wide_state |= inert.out_degree(s) > 128;
    if (!has_wide_state) continue;
    ++wide_lts;
    const bisim::Partition branching = bisim::reference_partition(l, bisim::Equivalence::branching);
    final_rounds += check_rounds(inert, contracted.component, branching, StepSets::numbered, round);
    // Asked for Bloom rounds, which a wide state would fill: numbered ones.
    final_bloom_asked += check_rounds(inert, contracted.component, branching, StepSets::bloom, round);
    const View<false> as_is(l);
    check_rounds(as_is, identity(l.num_states), bisim::reference_partition(l, bisim::Equivalence::strong),
                 StepSets::numbered, round);
    // The whole partitioner, by both routes and both branching kinds.
    for (const bool divergence : {false, true}) {
      const bisim::Partition want =
          divergence ? bisim::reference_partition(l, bisim::Equivalence::divbranching) : branching;
      for (const auto route : testing_support::all_branching_routes)
        EXPECT_TRUE(bisim::same_partition(bisim::branching_partition(l, divergence, route), want))
            << "round " << round << ", divergence " << divergence;
    }
    if (HasFailure()) return;
  }
  EXPECT_GT(wide_lts, n / 2);
  EXPECT_GT(final_rounds, wide_lts / 8);
  EXPECT_GT(final_bloom_asked, wide_lts / 8);
}
