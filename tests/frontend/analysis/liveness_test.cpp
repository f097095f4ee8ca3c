// Dead locals (frontend/analysis/liveness.hpp): the analysis on a model worked out by
// hand; its reset leaves the strong quotient of random models isomorphic
// while resetting too much does not (so the comparison has teeth); and the
// one semantic difference, nodes that only dead locals point to are
// collected, argued on a model whose pool runs out only without the reset.
#include "frontend/analysis/liveness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "formats/diagnostic.hpp"
#include "frontend/compile.hpp"
#include "frontend/explore/explorer.hpp"
#include "tests/frontend/random_runs.hpp"
#include "tests/support/random_model.hpp"

namespace frontend {
namespace {

Program compile_text(const std::string& text, bool reset, int threads = 2, long ops = 1) {
  CompileOptions o;
  o.threads = threads;
  o.ops = ops;
  o.reset_dead_locals = reset;
  return load_model_text("test.conc", text, o);
}

// Line numbers below are those of this text (line 1 is "object Q {").
const char* hand_worked = R"(object Q {
  values 1..2;
  node Node { val: value; next: Node; }
  pool 4;
  shared Tail: Node;
  shared x: 0..3;
  method enq(v: value) {
    n := new Node(v, null);
    loop {
      t := Tail;
      if t == null { Tail := n; return; }
      x := 1;
    }
  }
  method unused(w: value) { x := 2; }
})";

// The names of the locals dead at the first statement of `line`.
std::vector<std::string> dead_at_line(const Program& p, int method, std::uint32_t line) {
  const auto at = std::find_if(p.code.begin(), p.code.end(), [&](const Instr& in) { return in.loc.line == line; });
  EXPECT_NE(at, p.code.end()) << "no statement on line " << line;
  if (at == p.code.end()) return {};
  const DeadLocals& d = p.dead_locals[at - p.code.begin()];
  std::vector<std::string> names;
  for (const NamedSlot& v : p.methods[method].local_names) {
    const bool ref = std::find(d.refs.begin(), d.refs.end(), v.offset) != d.refs.end();
    const bool value = std::find(d.values.begin(), d.values.end(), v.offset) != d.values.end();
    if (ref || value) names.push_back(v.name);
    EXPECT_EQ(ref, v.type->kind == Type::Ref && (ref || value)) << v.name << " in the wrong list";
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Argued: `n` is written on line 8 before any read, so it is dead there,
// and any round may read it on line 11, so it is live inside the loop; `v` is read
// only on line 8, so dead from the loop on; `t` is written at the top of
// each round (line 10) before any read, so dead there, before the loop, and
// after `x := 1` (line 12, whose successor is line 10), but live at the test
// of line 11, which reads it. `unused` never reads `w`.
TEST(DeadLocals, HandWorked) {
  const Program p = compile_text(hand_worked, true);
  ASSERT_EQ(p.dead_locals.size(), p.code.size());
  using V = std::vector<std::string>;
  EXPECT_EQ(dead_at_line(p, 0, 8), (V{"n", "t"}));
  EXPECT_EQ(dead_at_line(p, 0, 10), (V{"t", "v"}));
  EXPECT_EQ(dead_at_line(p, 0, 11), V{"v"});
  EXPECT_EQ(dead_at_line(p, 0, 12), (V{"t", "v"}));
  EXPECT_EQ(dead_at_line(p, 1, 15), V{"w"});
  EXPECT_TRUE(compile_text(hand_worked, false).dead_locals.empty());
}

// Thread 1 calls enq(1) and enq(2): without the reset the parameter stays
// in the state for the rest of the call and the two calls reach different
// states; with it they meet. The reset LTS is smaller and, by the argument
// of liveness.hpp, strongly bisimilar.
TEST(DeadLocals, MergeStatesAndKeepStrongBisimilarity) {
  ExploreOptions e;
  test::Outcome full, reset;
  full.lts = explore(compile_text(hand_worked, false, 2, 2), e);
  reset.lts = explore(compile_text(hand_worked, true, 2, 2), e);
  EXPECT_LT(reset.lts.num_states, full.lts.num_states);
  EXPECT_FALSE(test::strong_quotients_differ(full, reset, test::Faults::same));
}

// Garbage collection counts a node that only a dead local points to as
// garbage. `hold` allocates a into a local it never reads again, then
// writes x, then allocates b. With a pool of 1, the full route keeps a
// (a local points to it) and b's `new` runs out of heap; the reset route
// collects a once the step that allocated it ends, and b fits. The object
// is the same; only the pool it needs is smaller (docs/reduction.md).
TEST(DeadLocals, CollectNodesOnlyDeadLocalsPointTo) {
  const std::string text = R"(object H {
  node Cell { v: 0..1; }
  pool 1;
  shared x: 0..1;
  method hold() {
    a := new Cell(0);
    x := 1;
    b := new Cell(1);
    x := 0;
  }
})";
  ExploreOptions e;
  EXPECT_THROW(explore(compile_text(text, false, 1, 1), e), formats::ParseError);
  EXPECT_NO_THROW(explore(compile_text(text, true, 1, 1), e));
}

// Every local of every method dead everywhere: a wrong analysis.
void break_analysis(Program& p) {
  for (std::size_t i = 0; i < p.code.size(); ++i) {
    DeadLocals all;
    for (const MethodInfo& m : p.methods)
      for (const NamedSlot& v : m.local_names)
        for (int s = 0; s < v.type->size; ++s) {
          const bool ref = std::any_of(m.local_refs.begin(), m.local_refs.end(),
                                       [&](const auto& r) { return r.first == v.offset + s; });
          (ref ? all.refs : all.values).push_back(v.offset + s);
        }
    p.dead_locals[i] = all;
  }
}

// On random models the reset merges states on many seeds (the comparison in
// reduction_equivalence_test.cpp is not vacuous), and an analysis that
// calls every local dead is caught by that comparison on many seeds.
TEST(DeadLocals, RandomModelsMergeAndABrokenAnalysisIsCaught) {
  int compared = 0, smaller = 0, caught = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const std::string text = testing_support::random_model(seed);
    const test::Outcome full = test::run_program(compile_text(text, false, 2, 2), {});
    const test::Outcome reset = test::run_program(compile_text(text, true, 2, 2), {});
    EXPECT_FALSE(test::strong_quotients_differ(full, reset)) << "seed " << seed;  // faults included
    if (full.kind != test::Outcome::explored || reset.kind != test::Outcome::explored) continue;
    ++compared;
    smaller += reset.lts.num_states < full.lts.num_states;
    Program wrong = compile_text(text, true, 2, 2);
    break_analysis(wrong);
    caught += test::strong_quotients_differ(full, test::run_program(wrong, {})).has_value();
  }
  RecordProperty("compared", compared);
  RecordProperty("smaller", smaller);
  RecordProperty("caught", caught);
  EXPECT_GE(compared, 150);
  EXPECT_GE(smaller, compared / 3);
  EXPECT_GE(caught, compared / 5);
}

}  // namespace
}  // namespace frontend
