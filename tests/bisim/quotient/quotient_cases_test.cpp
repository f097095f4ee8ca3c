// Hand-made quotients, compared with their exact .aut text.
#include <gtest/gtest.h>

#include "bisim/bisimulation.hpp"
#include "bisim/quotient.hpp"
#include "formats/aut_writer.hpp"
#include "tests/bisim/reference/small_lts.hpp"

namespace {

using bisim::Equivalence;
using testing_support::small_lts;

std::string quotient_text(const lts::Lts& l, Equivalence e) {
  return formats::write_aut_string(bisim::minimise(l, e).quotient);
}

TEST(QuotientCases, InertTauIsDropped) {
  const lts::Lts l = small_lts(3, {{0, "i", 1}, {1, "a", 2}});
  EXPECT_EQ(quotient_text(l, Equivalence::branching), "des (0,1,2)\n(0,\"a\",1)\n");
  EXPECT_EQ(quotient_text(l, Equivalence::strong), "des (0,2,3)\n(0,i,1)\n(1,\"a\",2)\n");
}

TEST(QuotientCases, VisibleAndTauToTheSameTarget) {
  // 0 -a-> 1 and 0 -i-> 1: the tau leaves the class of 0, so both stay.
  const lts::Lts l = small_lts(2, {{0, "a", 1}, {0, "i", 1}});
  EXPECT_EQ(quotient_text(l, Equivalence::branching), "des (0,2,2)\n(0,i,1)\n(0,\"a\",1)\n");
}

TEST(QuotientCases, DivergentClassKeepsExactlyOneTauLoop) {
  // A tau-cycle 0 <-> 1 with a tau self-loop on 0, and a way out by a.
  const lts::Lts l = small_lts(3, {{0, "i", 1}, {1, "i", 0}, {0, "i", 0}, {1, "i", 1}, {0, "a", 2}});
  EXPECT_EQ(quotient_text(l, Equivalence::divbranching), "des (0,2,2)\n(0,i,0)\n(0,\"a\",1)\n");
  EXPECT_EQ(quotient_text(l, Equivalence::branching), "des (0,1,2)\n(0,\"a\",1)\n");
}

TEST(QuotientCases, DivergenceOnlyInsideAClass) {
  // 0 -i-> 1, 1 -i-> 1, both do a: one class, divergent through 1.
  const lts::Lts l = small_lts(3, {{0, "i", 1}, {1, "i", 1}, {1, "a", 2}, {0, "a", 2}});
  EXPECT_EQ(quotient_text(l, Equivalence::divbranching), "des (0,2,2)\n(0,i,0)\n(0,\"a\",1)\n");
  EXPECT_EQ(quotient_text(l, Equivalence::branching), "des (0,1,2)\n(0,\"a\",1)\n");
}

TEST(QuotientCases, BreadthFirstByLabelName) {
  // Labels interned as z, c, b, d; state 3, reached by b, is numbered first.
  const lts::Lts l = small_lts(4, {{0, "z", 1}, {1, "c", 2}, {0, "b", 3}, {3, "d", 3}});
  EXPECT_EQ(quotient_text(l, Equivalence::strong), "des (0,4,4)\n(0,\"b\",1)\n(0,\"z\",2)\n(1,\"d\",1)\n(2,\"c\",3)\n");
}

TEST(QuotientCases, StateMapMarksUnreachableStates) {
  // 3 is unreachable but bisimilar to 1: it still has no quotient state.
  const lts::Lts l = small_lts(4, {{0, "a", 1}, {0, "a", 2}, {3, "b", 3}, {1, "b", 1}});
  const bisim::Minimised m = bisim::minimise(l, Equivalence::strong);
  EXPECT_EQ(m.state_map, (std::vector<lts::StateId>{0, 1, 2, lts::no_state}));
  EXPECT_EQ(m.quotient.num_states, 3u);
}

TEST(QuotientCases, NoneIsTheReachablePartUnchanged) {
  const lts::Lts l = small_lts(4, {{0, "b", 2}, {0, "b", 2}, {2, "i", 2}, {3, "a", 0}});
  EXPECT_EQ(quotient_text(l, Equivalence::none), "des (0,3,2)\n(0,\"b\",1)\n(0,\"b\",1)\n(1,i,1)\n");
}

TEST(QuotientCases, PartitionNoneIsTheIdentity) {
  const lts::Lts l = small_lts(3, {{0, "a", 1}, {2, "a", 1}});
  const bisim::Partition p = bisim::partition(l, Equivalence::none);
  EXPECT_EQ(p.num_blocks, 3u);
  EXPECT_EQ(p.block, (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_EQ(bisim::partition(l, Equivalence::strong).num_blocks, 2u);
  EXPECT_EQ(bisim::partition(l, Equivalence::branching).num_blocks, 2u);
}

TEST(QuotientCases, QuotientOfAPartitionDropsUnreachableClasses) {
  const lts::Lts l = small_lts(3, {{0, "a", 0}, {2, "b", 1}});
  const bisim::Partition p = bisim::partition(l, Equivalence::strong);
  std::vector<lts::StateId> class_to_state;
  const lts::Lts q = bisim::quotient(l, p, Equivalence::strong, &class_to_state);
  EXPECT_EQ(q.num_states, 1u);
  EXPECT_EQ(class_to_state[p.block[0]], 0u);
  EXPECT_EQ(class_to_state[p.block[2]], lts::no_state);
}

}  // namespace
