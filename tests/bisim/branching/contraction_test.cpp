// Tau-SCC contraction on random LTSs (with and without tau-cycles, listed by
// source or not, with duplicates), against tau-reachability computed
// independently (Warshall's closure): components are exactly the sets of
// mutually tau-reachable states; every surviving tau-step goes to a smaller
// state number (what signature refinement relies on); the transitions are
// exactly the images of the input's, sorted, without duplicates and without
// tau-steps inside a component; divergent components carry the fresh
// divergence label.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <tuple>

#include "bisim/branching/refiner.hpp"
#include "bisim/branching/tau_contraction.hpp"
#include "lts/sort_keys.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/support/random_lts.hpp"

namespace {

// reach[s][t]: t is reachable from s by one or more tau-steps.
std::vector<std::vector<bool>> tau_closure(const lts::Lts& l) {
  const std::size_t n = l.num_states;
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (const lts::Transition& t : l.transitions)
    if (t.label == lts::tau) reach[t.from][t.to] = true;
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      if (reach[i][k])
        for (std::size_t j = 0; j < n; ++j)
          if (reach[k][j]) reach[i][j] = true;
  return reach;
}

void check_contraction(const lts::Lts& l, bool div, const bisim::branching::ContractedLts& got, unsigned round) {
  const auto reach = tau_closure(l);
  const std::uint32_t n = l.num_states;
  ASSERT_EQ(got.component.size(), n) << "round " << round;
  for (std::uint32_t s = 0; s < n; ++s)
    for (std::uint32_t t = 0; t < n; ++t) {
      const bool same = s == t || (reach[s][t] && reach[t][s]);
      ASSERT_EQ(got.component[s] == got.component[t], same) << "round " << round << " states " << s << ", " << t;
    }
  std::set<std::uint32_t> used(got.component.begin(), got.component.end());
  ASSERT_EQ(got.lts.num_states, used.size()) << "round " << round;
  ASSERT_TRUE(n == 0 || got.lts.initial == got.component[l.initial]) << "round " << round;

  lts::LabelId max_label = 0;
  for (const lts::Transition& t : l.transitions) max_label = std::max(max_label, t.label);
  const std::uint32_t labels = std::max<std::uint32_t>(static_cast<std::uint32_t>(l.labels.size()), max_label + 1);
  ASSERT_EQ(got.num_labels, labels + (div ? 1 : 0)) << "round " << round;
  std::set<std::tuple<std::uint32_t, lts::LabelId, std::uint32_t>> want;
  for (const lts::Transition& t : l.transitions) {
    const std::uint32_t from = got.component[t.from], to = got.component[t.to];
    if (t.label != lts::tau || from != to) want.insert({from, t.label, to});
    // A tau-cycle through t (or a tau self-loop) makes its component divergent.
    if (div && t.label == lts::tau && (t.from == t.to || reach[t.to][t.from])) want.insert({from, labels, from});
  }
  std::vector<lts::Transition> expected;
  for (const auto& [from, label, to] : want) expected.push_back({from, label, to});
  ASSERT_EQ(got.lts.transitions, expected) << "round " << round;
  for (const lts::Transition& t : got.lts.transitions)
    if (t.label == lts::tau) {
      ASSERT_LT(t.to, t.from) << "round " << round;
    }
}

TEST(TauContraction, ComponentsNumberingAndTransitions) {
  std::mt19937_64 rng(11);
  for (unsigned round = 0; round < 600; ++round) {
    auto shape = testing_support::random_shape(rng, 40);
    if (round % 2 == 0) shape.tau_cycles = 0;
    lts::Lts l = testing_support::random_lts(rng, shape);
    if (round % 3 != 0)  // listed by source, with duplicates and shuffled labels within a state
      std::stable_sort(l.transitions.begin(), l.transitions.end(),
                       [](const lts::Transition& a, const lts::Transition& b) { return a.from < b.from; });
    if (round % 5 == 0 && !l.transitions.empty()) l.transitions.push_back(l.transitions.front());
    for (bool div : {false, true}) {
      check_contraction(l, div, bisim::branching::contract_tau_sccs(l, div), round);
    }
  }
}

// A tau-cycle whose contracted state gathers more steps than are sorted as
// a copy of keys (lts::keys_copied_up_to): sorted and deduplicated in place.
TEST(TauContraction, GiantComponentWithManySteps) {
  std::mt19937_64 rng(5);
  for (unsigned round = 0; round < 4; ++round) {
    lts::Lts l;
    l.num_states = 300;
    const lts::StateId cycle = 60;
    std::vector<lts::LabelId> labels{lts::tau};
    for (const char* a : {"a0", "a1", "a2", "a3", "a4", "a5"}) labels.push_back(l.labels.intern(a));
    for (lts::StateId s = 0; s < cycle; ++s) l.transitions.push_back({s, lts::tau, (s + 1) % cycle});
    for (lts::StateId s = 0; s < cycle; ++s)
      for (int k = 0; k < 150; ++k) {
        const lts::Transition t{s, labels[rng() % labels.size()], static_cast<lts::StateId>(rng() % l.num_states)};
        l.transitions.push_back(t);
        if (k % 4 == 0) l.transitions.push_back(t);  // a duplicate
      }
    for (lts::StateId s = cycle; s < l.num_states; ++s)
      l.transitions.push_back({s, labels[rng() % labels.size()], static_cast<lts::StateId>(rng() % l.num_states)});
    std::shuffle(l.transitions.begin(), l.transitions.end(), rng);
    ASSERT_GT(cycle * 150, lts::keys_copied_up_to);
    for (bool div : {false, true}) check_contraction(l, div, bisim::branching::contract_tau_sccs(l, div), round);
  }
}

// Merging the states whose only transition is a tau-step: a chain of them
// collapses into the state it leads to, and on random LTSs only branching
// bisimilar states (divergence-sensitive ones too) share a contracted
// state, every tau-step still goes down, and the merged states leave no
// transitions behind.
TEST(TauContraction, MergesStatesWhoseOnlyStepIsTau) {
  lts::Lts chain;
  chain.num_states = 4;
  const lts::LabelId a = chain.labels.intern("a");
  chain.transitions = {{0, lts::tau, 1}, {1, lts::tau, 2}, {2, a, 3}, {3, lts::tau, 3}};
  for (bool div : {false, true}) {
    const auto merged = bisim::branching::contract_tau_sccs(chain, div, true);
    EXPECT_EQ(merged.lts.num_states, 2u);
    EXPECT_EQ(merged.component[0], merged.component[2]);
    EXPECT_EQ(merged.component[1], merged.component[2]);
    EXPECT_NE(merged.component[3], merged.component[2]);  // 3 loops: never merged
  }
  std::mt19937_64 rng(12);
  std::uint64_t merges = 0;
  for (unsigned round = 0; round < 600; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 30));
    for (bool div : {false, true}) {
      const auto plain = bisim::branching::contract_tau_sccs(l, div);
      const auto merged = bisim::branching::contract_tau_sccs(l, div, true);
      const bisim::Partition reference =
          bisim::reference_partition(l, div ? bisim::Equivalence::divbranching : bisim::Equivalence::branching);
      for (lts::StateId s = 0; s < l.num_states; ++s)
        for (lts::StateId t = 0; t < l.num_states; ++t)
          if (merged.component[s] == merged.component[t]) {
            ASSERT_EQ(reference.block[s], reference.block[t]) << "round " << round << ": " << s << ", " << t;
          }
      for (const lts::Transition& t : merged.lts.transitions)
        if (t.label == lts::tau) {
          ASSERT_LT(t.to, t.from) << "round " << round;
        }
      ASSERT_LE(merged.lts.num_states, plain.lts.num_states);
      merges += plain.lts.num_states - merged.lts.num_states;
    }
  }
  EXPECT_GT(merges, 100u);  // the random LTSs have such states
}

// The refiner takes states in increasing number as tau-successors first; an
// LTS numbered otherwise is refused rather than refined wrongly.
TEST(TauContraction, RefinerRefusesTauStepsUpward) {
  lts::Lts l;
  l.num_states = 3;
  l.transitions = {{0, lts::tau, 1}, {1, 1, 2}};
  l.labels.intern("a");
  EXPECT_THROW(bisim::branching::Refiner{l}, std::invalid_argument);
  l.transitions = {{1, lts::tau, 0}, {0, 1, 2}};
  std::uint32_t blocks = 0;
  EXPECT_EQ(bisim::branching::Refiner{l}.run(blocks).size(), 3u);
}

}  // namespace
