// The strong partitioner on LTSs large enough for its passes on two threads
// (lts/two_threads.hpp): replicated random LTSs, listed by source (the
// hashed rounds split the transitions between the threads) and shuffled
// (they take one), against Paige & Tarjan alone and, copy by copy, against
// the reference partitioner on each small LTS that was copied. At these
// sizes the hashed rounds leave about 1500 classes of 9*10^5 states, so
// the deep route runs: Bloom rounds, whose signature passes take two
// threads too; so does the exact check of the worklist rounds.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bisim/strong/strong_bisimulation.hpp"
#include "lts/two_threads.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/support/random_lts.hpp"

namespace {

// The classes of p on the states [first, first + n), as a partition of 0..n-1.
bisim::Partition restricted(const bisim::Partition& p, lts::StateId first, lts::StateId n) {
  bisim::Partition r{{p.block.begin() + first, p.block.begin() + first + n}, p.num_blocks, {}};
  return r;
}

void check(const testing_support::ReplicatedLts& r, const lts::Lts& l) {
  const bisim::Partition fast = bisim::strong_partition(l, bisim::StrongRoute::fastest);
  const bisim::Partition alone = bisim::strong_partition(l, bisim::StrongRoute::paige_tarjan_only);
  ASSERT_TRUE(bisim::same_partition(fast, alone));
  ASSERT_EQ(fast.num_blocks, alone.num_blocks);
  // Worklist rounds from the hashed classes, whose exact check of the
  // fixpoint takes two threads here.
  ASSERT_TRUE(bisim::same_partition(bisim::strong_partition(l, bisim::StrongRoute::worklist_first), alone));
  for (std::size_t k = 0; k < r.kinds.size(); ++k) {
    const bisim::Partition reference = bisim::reference_partition(r.kinds[k], bisim::Equivalence::strong);
    ASSERT_TRUE(bisim::same_partition(restricted(fast, r.first_state[k], r.kinds[k].num_states), reference))
        << "kind " << k;
  }
}

}  // namespace

TEST(StrongTwoThreads, LargeLtsSameAsPaigeTarjanAndReference) {
  std::mt19937_64 rng(314);
  for (int round = 0; round < 2; ++round) {
    const testing_support::ReplicatedLts r = testing_support::replicated_random_lts(rng, 600, 50, 60);
    ASSERT_GE(r.lts.num_transitions(), lts::two_threads_from) << "too small to use two threads";
    check(r, r.lts);
    lts::Lts shuffled = r.lts;
    std::shuffle(shuffled.transitions.begin(), shuffled.transitions.end(), rng);
    check(r, shuffled);
  }
}
