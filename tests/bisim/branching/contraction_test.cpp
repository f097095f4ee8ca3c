// Tau-SCC contraction: the consuming overload (which sorts a tau-acyclic LTS
// listed by source in place) gives exactly what the copying one gives, on
// random LTSs with and without tau-cycles, listed by source or not.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bisim/branching/tau_contraction.hpp"
#include "tests/support/random_lts.hpp"

namespace {

TEST(TauContraction, ConsumingEqualsCopying) {
  std::mt19937_64 rng(11);
  unsigned in_place_candidates = 0;
  for (unsigned round = 0; round < 600; ++round) {
    auto shape = testing_support::random_shape(rng, 40);
    if (round % 2 == 0) shape.tau_cycles = 0;
    lts::Lts l = testing_support::random_lts(rng, shape);
    if (round % 3 != 0)  // listed by source, with duplicates and shuffled labels within a state
      std::stable_sort(l.transitions.begin(), l.transitions.end(),
                       [](const lts::Transition& a, const lts::Transition& b) { return a.from < b.from; });
    if (round % 5 == 0 && !l.transitions.empty()) l.transitions.push_back(l.transitions.front());
    const bool acyclic_candidate = std::none_of(l.transitions.begin(), l.transitions.end(),
                                                [](const lts::Transition& t) { return t.label == lts::tau && t.from == t.to; });
    in_place_candidates += acyclic_candidate;
    for (bool div : {false, true}) {
      const bisim::branching::ContractedLts want = bisim::branching::contract_tau_sccs(l, div);
      lts::Lts consumed = l;
      const bisim::branching::ContractedLts got = bisim::branching::contract_tau_sccs(std::move(consumed), div);
      ASSERT_EQ(got.lts.num_states, want.lts.num_states) << "round " << round;
      ASSERT_EQ(got.lts.initial, want.lts.initial) << "round " << round;
      ASSERT_EQ(got.lts.transitions, want.lts.transitions) << "round " << round;
      ASSERT_EQ(got.component, want.component) << "round " << round;
      ASSERT_EQ(got.num_labels, want.num_labels) << "round " << round;
      EXPECT_TRUE(consumed.transitions.empty());
      EXPECT_EQ(consumed.labels.size(), l.labels.size());  // the label table stays
    }
  }
  EXPECT_GT(in_place_candidates, 100u);
}

}  // namespace
