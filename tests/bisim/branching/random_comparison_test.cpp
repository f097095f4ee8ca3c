// The fast partitioner against the reference partitioner on random LTSs, as
// equivalence relations, by all of its routes (tests/bisim/branching/
// routes.hpp). BB_RANDOM_ROUNDS=10000 runs the full count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "bisim/branching/branching_bisimulation.hpp"
#include "bisim/branching/simple_refinement.hpp"
#include "bisim/branching/tau_contraction.hpp"
#include "tests/bisim/branching/routes.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/support/random_lts.hpp"

namespace {

unsigned rounds() {
  const char* env = std::getenv("BB_RANDOM_ROUNDS");
  return env ? static_cast<unsigned>(std::stoul(env)) : 400;
}

std::string describe(const lts::Lts& l) {
  std::string text = "initial " + std::to_string(l.initial) + ", " + std::to_string(l.num_states) + " states:";
  for (const auto& t : l.transitions)
    text += " (" + std::to_string(t.from) + "," + (t.label == lts::tau ? "i" : l.labels.name(t.label)) + "," +
            std::to_string(t.to) + ")";
  return text;
}

void compare_on_random_lts(bisim::Equivalence e, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const unsigned n = rounds();
  for (unsigned round = 0; round < n; ++round) {
    const std::uint32_t max_states = 1 + round % 60;
    const auto shape = testing_support::random_shape(rng, max_states);
    const lts::Lts l = testing_support::random_lts(rng, shape);
    const bisim::Partition reference = bisim::reference_partition(l, e);
    for (const auto route : testing_support::all_branching_routes) {
      const bisim::Partition fast = bisim::branching_partition(l, e == bisim::Equivalence::divbranching, route);
      ASSERT_EQ(fast.block.size(), l.num_states);
      ASSERT_TRUE(bisim::same_partition(fast, reference))
          << "route " << static_cast<int>(route) << ", round " << round << ": " << describe(l);
      ASSERT_EQ(fast.num_blocks, reference.num_blocks) << "round " << round << ": " << describe(l);
    }
  }
}

TEST(BranchingRandom, EqualsReferenceForBranching) { compare_on_random_lts(bisim::Equivalence::branching, 1); }

TEST(BranchingRandom, EqualsReferenceForDivbranching) { compare_on_random_lts(bisim::Equivalence::divbranching, 2); }

// Larger LTSs, where the reference is too slow, against the O(mn) refiner of
// Groote & Vaandrager: a second, independent route to the same partition.
void compare_with_simple_refiner(bool divergence_sensitive, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const unsigned n = std::max(1u, rounds() / 20);
  for (unsigned round = 0; round < n; ++round) {
    auto shape = testing_support::random_shape(rng, 3000);
    shape.transitions = shape.states * (1 + round % 4);
    const lts::Lts l = testing_support::random_lts(rng, shape);
    const auto contracted = bisim::branching::contract_tau_sccs(l, divergence_sensitive);
    bisim::Partition simple;
    const auto blocks = bisim::branching::simple_branching_blocks(contracted.lts, simple.num_blocks);
    for (auto c : contracted.component) simple.block.push_back(blocks[c]);
    for (const auto route : testing_support::all_branching_routes) {
      const bisim::Partition fast = bisim::branching_partition(l, divergence_sensitive, route);
      ASSERT_TRUE(bisim::same_partition(fast, simple))
          << "route " << static_cast<int>(route) << ", round " << round << ", " << l.num_states << " states";
    }
  }
}

// Interleavings of small random processes (up to 900 states): symmetric, so their quotients
// are far from trivial (unlike large random LTSs, which are nearly rigid),
// with long inert paths and many bottom states appearing as blocks split.
lts::Lts random_interleaving(std::mt19937_64& rng) {
  const unsigned k = 2 + rng() % 2;
  std::vector<lts::Lts> parts;
  for (unsigned i = 0; i < k; ++i) {
    auto shape = testing_support::random_shape(rng, k == 2 ? 30 : 10);
    shape.transitions = shape.states + rng() % (2 * shape.states + 1);
    parts.push_back(testing_support::random_lts(rng, shape));
  }
  lts::Lts l;
  l.num_states = 1;
  for (const auto& p : parts) l.num_states *= p.num_states;
  for (lts::StateId s = 0; s < l.num_states; ++s) {
    lts::StateId weight = 1;
    for (const auto& p : parts) {
      const lts::StateId local = s / weight % p.num_states;
      for (const auto& t : p.transitions)
        if (t.from == local) {
          const lts::LabelId a = t.label == lts::tau ? lts::tau : l.labels.intern(p.labels.name(t.label));
          l.transitions.push_back({s, a, s - local * weight + t.to * weight});
        }
      weight *= p.num_states;
    }
  }
  return l;
}

TEST(BranchingRandom, EqualsReferenceOnInterleavings) {
  std::mt19937_64 rng(5);
  const unsigned n = std::max(1u, rounds() / 10);
  for (unsigned round = 0; round < n; ++round) {
    const lts::Lts l = random_interleaving(rng);
    for (auto e : {bisim::Equivalence::branching, bisim::Equivalence::divbranching}) {
      const bisim::Partition reference = bisim::reference_partition(l, e);
      for (const auto route : testing_support::all_branching_routes) {
        const bisim::Partition fast = bisim::branching_partition(l, e == bisim::Equivalence::divbranching, route);
        ASSERT_TRUE(bisim::same_partition(fast, reference))
            << "route " << static_cast<int>(route) << ", round " << round << ", " << l.num_states << " states";
      }
    }
  }
}

// LTSs in which no tau-step can be inert: tau-steps go only from states
// with a y self-loop to states with a z self-loop instead, so the first
// hashed round puts their ends apart (y tells them apart whatever the
// source reaches), and signature refinement can hand over to worklist
// rounds (the strong signature is the branching one here).
TEST(BranchingRandom, EqualsReferenceWhenNothingIsInert) {
  std::mt19937_64 rng(6);
  const unsigned n = rounds();
  for (unsigned round = 0; round < n; ++round) {
    auto shape = testing_support::random_shape(rng, 1 + round % 60);
    lts::Lts l = testing_support::random_lts(rng, shape);
    const lts::LabelId y = l.labels.intern("y"), z = l.labels.intern("z");
    std::vector<bool> marked(l.num_states);
    for (lts::StateId s = 0; s < l.num_states; ++s) marked[s] = rng() % 2 == 0;
    std::vector<lts::Transition> kept;
    for (const lts::Transition& t : l.transitions)
      if (t.label != lts::tau || (!marked[t.from] && marked[t.to])) kept.push_back(t);
    for (lts::StateId s = 0; s < l.num_states; ++s) kept.push_back({s, marked[s] ? z : y, s});
    l.transitions = std::move(kept);
    for (auto e : {bisim::Equivalence::branching, bisim::Equivalence::divbranching}) {
      const bisim::Partition reference = bisim::reference_partition(l, e);
      for (const auto route : testing_support::all_branching_routes) {
        const bisim::Partition fast = bisim::branching_partition(l, e == bisim::Equivalence::divbranching, route);
        ASSERT_TRUE(bisim::same_partition(fast, reference))
            << "route " << static_cast<int>(route) << ", round " << round << ": " << describe(l);
      }
    }
  }
}

TEST(BranchingRandom, EqualsSimpleRefinerOnLargerLts) {
  compare_with_simple_refiner(false, 3);
  compare_with_simple_refiner(true, 4);
}

}  // namespace
