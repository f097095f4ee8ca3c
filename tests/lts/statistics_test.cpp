#include "lts/statistics.hpp"

#include <gtest/gtest.h>

TEST(Statistics, CountsDeadlocksTauAndCycles) {
  lts::Lts l;
  l.num_states = 5;
  const auto a = l.labels.intern("a");
  l.labels.intern("unused");
  l.transitions = {{0, a, 1}, {1, lts::tau, 2}, {2, lts::tau, 1}, {0, lts::tau, 3}};
  const lts::Statistics s = lts::statistics(l);
  EXPECT_EQ(s.states, 5u);
  EXPECT_EQ(s.transitions, 4u);
  EXPECT_EQ(s.labels, 2u);  // a and tau; "unused" has no transition
  EXPECT_EQ(s.tau_transitions, 3u);
  EXPECT_EQ(s.deadlock_states, 2u);   // 3 and 4
  EXPECT_EQ(s.tau_cycle_states, 2u);  // 1 and 2
  EXPECT_EQ(lts::to_string(s),
            "states 5, transitions 4, labels 2, tau transitions 3, deadlock states 2, states on tau-cycles 2");
}
