// The branching partitioner on LTSs large enough for its signature passes
// and stability check on two threads (lts/two_threads.hpp): copies of a
// contracted random LTS, interleaved so that copy k of state s is state
// s * copies + k. Tau-steps still go to smaller numbers, and many cross
// from the upper half of the states into the lower one, which makes the
// upper thread's states late (bisim/signatures/signature_refinement.hpp). Hashed
// rounds leave at most a copies-th of the states as classes, so the deep
// route runs: Bloom rounds proven by the stability check. The answer must
// be, copy by copy, the reference partitioner's on the small LTS.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bisim/branching/branching_bisimulation.hpp"
#include "bisim/branching/tau_contraction.hpp"
#include "lts/two_threads.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/support/random_lts.hpp"

namespace {

lts::Lts interleaved_copies(const lts::Lts& l, std::uint32_t copies) {
  lts::Lts big;
  big.num_states = l.num_states * copies;
  big.initial = l.initial * copies;
  big.labels = l.labels;
  for (const lts::Transition& t : l.transitions)
    for (std::uint32_t k = 0; k < copies; ++k)
      big.transitions.push_back({t.from * copies + k, t.label, t.to * copies + k});
  std::sort(big.transitions.begin(), big.transitions.end());  // by (source, label, target), as contraction lists them
  return big;
}

}  // namespace

TEST(BranchingTwoThreads, InterleavedCopiesSameAsPartitionRefinementAndReference) {
  std::mt19937_64 rng(2718);
  unsigned checked = 0;
  for (int round = 0; round < 4; ++round) {
    testing_support::RandomLtsShape shape = testing_support::random_shape(rng, 80);
    shape.tau_fraction = std::max(shape.tau_fraction, 0.3);  // inert steps to follow
    const lts::Lts kind = testing_support::random_lts(rng, shape);
    for (const bool divergence : {false, true}) {
      const bisim::branching::ContractedLts contracted = bisim::branching::contract_tau_sccs(kind, divergence, true);
      const std::size_t m = contracted.lts.num_transitions();
      const bool has_tau = std::any_of(contracted.lts.transitions.begin(), contracted.lts.transitions.end(),
                                       [](const lts::Transition& t) { return t.label == lts::tau; });
      if (m == 0 || !has_tau) continue;  // the strong partitioner would do it
      const auto copies = static_cast<std::uint32_t>(lts::two_threads_from / m + 2);
      const lts::Lts big = interleaved_copies(contracted.lts, copies);
      ASSERT_GE(big.num_transitions(), lts::two_threads_from) << "too small to use two threads";

      const bisim::Partition fast = bisim::branching_partition_of_contracted(big, false);

      // The reference's classes of the contracted states, copied.
      const bisim::Partition reference = bisim::reference_partition(
          kind, divergence ? bisim::Equivalence::divbranching : bisim::Equivalence::branching);
      std::vector<std::uint32_t> contracted_block(contracted.lts.num_states);
      for (lts::StateId s = 0; s < kind.num_states; ++s) contracted_block[contracted.component[s]] = reference.block[s];
      bisim::Partition expected{{}, reference.num_blocks, {}};
      for (lts::StateId s = 0; s < big.num_states; ++s) expected.block.push_back(contracted_block[s / copies]);
      ASSERT_TRUE(bisim::same_partition(fast, expected)) << "round " << round << ", divergence " << divergence;
      ++checked;
    }
  }
  EXPECT_GE(checked, 4u);
}
