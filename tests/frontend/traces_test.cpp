// Linearizability as weak trace inclusion, checked by a test-local subset
// construction (lts_checks.hpp): derived --spec LTSs are trace-equivalent to
// the hand-written spec objects, and the implementations refine them.
#include <gtest/gtest.h>

#include "tests/frontend/lts_checks.hpp"
#include "tests/frontend/support.hpp"

namespace frontend::test {
namespace {

TEST(Traces, DerivedTreiberSpecEqualsStackSpec) {
  for (int threads : {1, 2}) {
    const lts::Lts derived = generate(model("treiber_stack.conc"), threads, 2, true);
    const lts::Lts written = generate(model("stack_spec.conc"), threads, 2);
    EXPECT_TRUE(weak_traces_included(derived, written)) << threads;
    EXPECT_TRUE(weak_traces_included(written, derived)) << threads;
  }
}

TEST(Traces, DerivedMsQueueSpecEqualsQueueSpec) {
  const lts::Lts derived = generate(model("ms_queue.conc"), 2, 2, true);
  const lts::Lts written = generate(model("queue_spec.conc"), 2, 2);
  EXPECT_TRUE(weak_traces_included(derived, written));
  EXPECT_TRUE(weak_traces_included(written, derived));
}

TEST(Traces, StackAndQueueSpecsDiffer) {
  const lts::Lts stack = generate(model("stack_spec.conc"), 1, 3);
  const lts::Lts queue = generate(model("queue_spec.conc"), 1, 3);
  // Their method names differ; compare the stack with itself renamed is not
  // needed: no trace of one with a push is a trace of the other.
  EXPECT_FALSE(weak_traces_included(stack, queue));
}

TEST(Traces, TreiberStackIsLinearizable) {
  std::string witness;
  EXPECT_TRUE(weak_traces_included(generate(model("treiber_stack.conc"), 2, 2),
                                   generate(model("stack_spec.conc"), 2, 2), &witness))
      << witness;
}

TEST(Traces, MsQueueIsLinearizable) {
  std::string witness;
  EXPECT_TRUE(
      weak_traces_included(generate(model("ms_queue.conc"), 2, 2), generate(model("queue_spec.conc"), 2, 2), &witness))
      << witness;
}

TEST(Traces, StackWithoutCasIsNotLinearizable) {
  const lts::Lts bad = generate(here("models/racy_stack.conc"), 2, 2);
  std::string witness;
  EXPECT_FALSE(weak_traces_included(bad, generate(model("stack_spec.conc"), 2, 2), &witness));
  EXPECT_NE(witness.find("ret("), std::string::npos) << witness;
  // Its derived spec, though, is a correct stack.
  EXPECT_TRUE(weak_traces_included(generate(here("models/racy_stack.conc"), 2, 2, true),
                                   generate(model("stack_spec.conc"), 2, 2)));
}

}  // namespace
}  // namespace frontend::test
