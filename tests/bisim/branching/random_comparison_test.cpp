// The fast partitioner against the reference partitioner on random LTSs, as
// equivalence relations. BB_RANDOM_ROUNDS=10000 runs the full count.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>

#include "bisim/branching/branching_bisimulation.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/support/random_lts.hpp"

namespace {

unsigned rounds() {
  const char* env = std::getenv("BB_RANDOM_ROUNDS");
  return env ? static_cast<unsigned>(std::stoul(env)) : 400;
}

std::string describe(const lts::Lts& l) {
  std::string text =
      "initial " + std::to_string(l.initial) + ", " + std::to_string(l.num_states) + " states:";
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
    const bisim::Partition fast = bisim::branching_partition(l, e == bisim::Equivalence::divbranching);
    const bisim::Partition reference = bisim::reference_partition(l, e);
    ASSERT_EQ(fast.block.size(), l.num_states);
    ASSERT_TRUE(bisim::same_partition(fast, reference)) << "round " << round << ": " << describe(l);
    ASSERT_EQ(fast.num_blocks, reference.num_blocks) << "round " << round << ": " << describe(l);
  }
}

TEST(BranchingRandom, EqualsReferenceForBranching) {
  compare_on_random_lts(bisim::Equivalence::branching, 1);
}

TEST(BranchingRandom, EqualsReferenceForDivbranching) {
  compare_on_random_lts(bisim::Equivalence::divbranching, 2);
}

}  // namespace
