// gen --replay on the lassos of refines --ltl --cex (docs/replay.md, "What
// is matched"): the reading of `# end` (the end stutter), and the runs:
// a deadlock or a divergence after the stem, a cycle matched weakly where
// internal steps are `i`, and a stem matched strictly where they are
// step(T) letters. Every run is re-executed through a fresh interpreter.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/diagnostic.hpp"
#include "frontend/compile.hpp"
#include "frontend/replay/render.hpp"
#include "frontend/replay/search.hpp"
#include "frontend/run/interpreter.hpp"
#include "frontend/run/labels.hpp"
#include "lts/builder.hpp"
#include "refine/progress/progress.hpp"
#include "tests/frontend/replay/replay_check.hpp"

namespace frontend::replay {
namespace {
// (Unity build: these names differ from replay_test.cpp's.)

Program ltl_model(const std::string& text, int threads, long ops) {
  CompileOptions o;
  o.threads = threads;
  o.ops = ops;
  return load_model_text("t.conc", text, o);
}

// The line of the error that parsing `text` raises (0 when it raises none).
std::size_t parse_error_line(const std::string& text) {
  try {
    parse_counterexamples("x.cex", text);
  } catch (const formats::ParseError& e) {
    EXPECT_EQ(e.diagnostic().file, "x.cex");
    return e.diagnostic().line;
  }
  return 0;
}

// Whether no thread has a step at `state`.
bool has_no_step(const Program& p, const std::vector<std::int32_t>& state) {
  lts::LtsBuilder builder;
  Labels labels(p, builder);
  Interpreter interpreter(p, labels, false);
  for (int t = 0; t < p.threads; ++t) {
    Successors next;
    interpreter.successors(state.data(), t, next);
    if (!next.labels.empty()) return false;
  }
  return true;
}

TEST(LtlReplayParse, EndStutterClosesTheStemAndIsTheCycle) {
  // refines --ltl --cex writes the end stutter as the stem's last lines
  // and the whole cycle (several `# end` when the automaton moves there).
  const Counterexample c =
      parse_counterexample("x", "# lasso formula\ncall(1,a)\ni\n# end\n# end\n# cycle\n# end\n# end\n");
  EXPECT_TRUE(c.lasso);
  EXPECT_TRUE(c.ends);
  EXPECT_TRUE(c.ltl);
  EXPECT_EQ(c.end_line, 4u);
  ASSERT_EQ(c.stem.size(), 2u);
  EXPECT_FALSE(c.stem[1].visible);
  EXPECT_TRUE(c.cycle.empty());
  EXPECT_FALSE(c.step_letters);
  // Another line that starts with `# end` stays a comment.
  const Counterexample d = parse_counterexample("x", "# lasso f\ncall(1,a)\n# ending here\n# cycle\nret(1,a)\n");
  EXPECT_FALSE(d.ends);
  EXPECT_EQ(d.cycle.size(), 1u);
  // Blocks of one file: each its own end stutter.
  const auto all = parse_counterexamples("x",
                                         "# lasso f\ncall(1,a)\n# end\n# cycle\n# end\n"
                                         "# lasso g\ncall(2,a)\n# cycle\nret(2,a)\n");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_TRUE(all[0].ends);
  EXPECT_FALSE(all[1].ends);
  EXPECT_EQ(all[1].cycle.size(), 1u);
}

TEST(LtlReplayParse, MisplacedEndStutterIsALocatedError) {
  // After `# end` the run has ended: a label there (line 4).
  EXPECT_EQ(parse_error_line("# lasso f\ncall(1,a)\n# end\nret(1,a)\n# cycle\n# end\n"), 4u);
  // A label in the cycle of an end stutter (line 5), before or after its `# end`.
  EXPECT_EQ(parse_error_line("# lasso f\ncall(1,a)\n# end\n# cycle\ncall(1,a)\n"), 5u);
  EXPECT_EQ(parse_error_line("# lasso f\ncall(1,a)\n# end\n# cycle\n# end\ncall(1,a)\n"), 6u);
  // `# end` in a cycle whose stem does not end with it (line 5).
  EXPECT_EQ(parse_error_line("# lasso f\ncall(1,a)\n# cycle\ncall(2,a)\n# end\n"), 5u);
  EXPECT_EQ(parse_error_line("# lasso f\ncall(1,a)\n# cycle\n# end\n"), 4u);
  // The stem's `# end` and no `# end` after `# cycle` (line 4, the cycle line).
  EXPECT_EQ(parse_error_line("# lasso f\ncall(1,a)\n# end\n# cycle\n"), 4u);
  // `# end` without `# cycle`: at its line, also when the next block starts.
  EXPECT_EQ(parse_error_line("call(1,a)\n# end\n"), 2u);
  EXPECT_EQ(parse_error_line("# lasso f\ncall(1,a)\n# end\n# lasso g\ncall(1,a)\n# cycle\ni\n"), 3u);
  // Before the first `# lasso` of a file of blocks (line 2), and in a play.
  EXPECT_EQ(parse_error_line("# end\n# lasso f\ncall(1,a)\n# cycle\ni\n"), 2u);
  EXPECT_EQ(parse_error_line("# play divbranching\n# end\n"), 2u);
  // And well placed: none.
  EXPECT_EQ(parse_error_line("# lasso f\n# end\n# cycle\n# end\n"), 0u);
}

TEST(LtlReplayParse, WhichFilesAreRefinesLtlAndWhichHaveStepLetters) {
  // refines --progress names its blocks by the five properties; any other
  // name, or an end stutter, makes the file one of refines --ltl.
  for (refine::Progress p : refine::all_progress)
    EXPECT_TRUE(is_progress_property(std::string(refine::progress_name(p))));
  EXPECT_FALSE(is_progress_property("formula"));
  EXPECT_FALSE(parse_counterexample("x", "# lasso lock-free\ncall(1,a)\n# cycle\ni\n").ltl);
  EXPECT_FALSE(parse_counterexample("x", "call(1,a)\n# cycle\ni\n").ltl);  // refines --lockfree
  EXPECT_TRUE(parse_counterexample("x", "# lasso formula\ncall(1,a)\n# cycle\ni\n").ltl);
  const auto mixed =
      parse_counterexamples("x", "# lasso lock-free\ncall(1,a)\n# cycle\ni\n# lasso wait-free.1\n# cycle\nstep(1)\n");
  EXPECT_TRUE(mixed[0].ltl && mixed[1].ltl);
  EXPECT_FALSE(mixed[0].step_letters);
  EXPECT_TRUE(mixed[1].step_letters);
}

// One thread: `go` returns at once, `hang` waits for ever (a self-loop,
// docs/language.md "Waiting"), one operation. After call(1,hang) the only
// continuation is that wait: a divergence, never a deadlock. After
// call(1,go), ret(1,go) no step is left: a deadlock, never a divergence.
// After call(1,go) alone the next step is the return, visible: neither.
const char* go_or_hang = R"(object GoOrHang {
  method go() { return; }
  method hang() { await false; }
})";

TEST(LtlReplay, EndStutterAfterAWaitIsADivergence) {
  const Program p = ltl_model(go_or_hang, 1, 1);
  const SearchResult r = find_run(p, parse_counterexample("x", "# lasso f\ncall(1,hang)\n# end\n# cycle\n# end\n"));
  ASSERT_TRUE(r.run) << r.why.detail;
  EXPECT_EQ(r.run->ending, Run::Ending::divergence);
  EXPECT_EQ(reexecute(p, *r.run), std::vector<std::string>{"call(1,hang)"});
  ASSERT_EQ(r.run->cycle_start, 1u);
  ASSERT_EQ(r.run->steps.size(), 2u);  // the call, then one wait back to the same state
  EXPECT_TRUE(r.run->steps[1].action.empty());
  EXPECT_EQ(r.run->steps[1].before, r.run->steps[1].after);
  const std::string text = render_text(p, *r.run, {});
  EXPECT_NE(text.find("-- the cycle"), std::string::npos) << text;
  EXPECT_NE(text.find("(a divergence)"), std::string::npos) << text;
  EXPECT_NE(render_json(p, *r.run, {}).find("\"ends\": \"divergence\""), std::string::npos);
}

TEST(LtlReplay, EndStutterAfterTheLastReturnIsADeadlock) {
  const Program p = ltl_model(go_or_hang, 1, 1);
  const SearchResult r =
      find_run(p, parse_counterexample("x", "# lasso f\ncall(1,go)\nret(1,go)\n# end\n# cycle\n# end\n"));
  ASSERT_TRUE(r.run) << r.why.detail;
  EXPECT_EQ(r.run->ending, Run::Ending::deadlock);
  EXPECT_EQ(r.run->cycle_start, Run::none);
  EXPECT_EQ(reexecute(p, *r.run), (std::vector<std::string>{"call(1,go)", "ret(1,go)"}));
  EXPECT_TRUE(has_no_step(p, r.run->steps.back().after));
  const std::string text = render_text(p, *r.run, {});
  EXPECT_EQ(text.find("-- the cycle"), std::string::npos) << text;
  const std::string last = text.substr(text.rfind('\n', text.size() - 2) + 1);
  EXPECT_NE(last.find("ret(1,go)"), std::string::npos) << text;
  EXPECT_NE(last.find("(a deadlock)"), std::string::npos) << text;
  EXPECT_NE(render_json(p, *r.run, {}).find("\"ends\": \"deadlock\""), std::string::npos);
}

TEST(LtlReplay, EndStutterWithNeitherIsRefused) {
  const Program p = ltl_model(go_or_hang, 1, 1);
  const SearchResult r = find_run(p, parse_counterexample("x", "# lasso f\ncall(1,go)\n# end\n# cycle\n# end\n"));
  EXPECT_FALSE(r.run);
  EXPECT_NE(r.why.detail.find("'# end' on line 3"), std::string::npos) << r.why.detail;
  EXPECT_NE(r.why.detail.find("a deadlock"), std::string::npos) << r.why.detail;
}

TEST(LtlReplay, EndStutterOfTheInitialState) {
  // No call is ever allowed: the initial state has no step, the run none.
  const Program p = ltl_model("object Never {\n  method go() when tid == 2 { return; }\n}", 1, 1);
  const SearchResult r = find_run(p, parse_counterexample("x", "# lasso f\n# end\n# cycle\n# end\n"));
  ASSERT_TRUE(r.run) << r.why.detail;
  EXPECT_EQ(r.run->ending, Run::Ending::deadlock);
  EXPECT_TRUE(r.run->steps.empty());
  EXPECT_NE(render_text(p, *r.run, {}).find("(a deadlock)"), std::string::npos);
  EXPECT_NE(render_json(p, *r.run, {}).find("\"step\": 0"), std::string::npos);
}

TEST(LtlReplay, WithStepLettersOnlyADeadlockEnds) {
  // With step(T) letters (gen --thread-steps) the wait is a letter step(1)
  // for ever, not an end: the end stutter after call(1,hang) has no run.
  const Program p = ltl_model(go_or_hang, 1, 1);
  const SearchResult r =
      find_run(p, parse_counterexample("x", "# lasso f\ncall(1,hang)\nstep(1)\n# end\n# cycle\n# end\n"));
  EXPECT_FALSE(r.run);
  EXPECT_NE(r.why.detail.find("only a deadlock"), std::string::npos) << r.why.detail;
  Counterexample go = parse_counterexample("x", "# lasso f\ncall(1,go)\nret(1,go)\n# end\n# cycle\n# end\n");
  go.step_letters = true;  // what gen --thread-steps --replay sets
  const SearchResult d = find_run(p, go);
  ASSERT_TRUE(d.run) << d.why.detail;
  EXPECT_EQ(d.run->ending, Run::Ending::deadlock);
}

// A counter whose increment is two internal steps before its return, one
// thread calling for ever.
const char* two_steps = R"(object Two {
  shared x: 0..1 = 0;
  method inc() { x := 1; x := 0; return; }
})";

TEST(LtlReplay, CycleWithInternalStepsIsMatchedWeakly) {
  // On the divbranching quotient the two writes are inert (x is 0 again at
  // each return), so refines --ltl writes the cycle `call(1,inc)
  // ret(1,inc)`: the model needs the two internal steps between them.
  const Program p = ltl_model(two_steps, 1, -1);
  const SearchResult r = find_run(p, parse_counterexample("x", "# lasso formula\n# cycle\ncall(1,inc)\nret(1,inc)\n"));
  ASSERT_TRUE(r.run) << r.why.detail;
  EXPECT_EQ(reexecute(p, *r.run), (std::vector<std::string>{"call(1,inc)", "ret(1,inc)"}));
  EXPECT_EQ(r.run->cycle_start, 0u);
  EXPECT_EQ(r.run->steps.size(), 4u);
  EXPECT_EQ(r.run->initial, r.run->steps.back().after);
  // A lasso of refines --progress (on an LTS with step(T) letters, where
  // every step is written) still matches each line: there, this cycle
  // lacks the steps.
  EXPECT_FALSE(find_run(p, parse_counterexample("x", "# lasso lock-free\n# cycle\ncall(1,inc)\nret(1,inc)\n")).run);
  // The weak cycle still needs its visible labels in order.
  EXPECT_FALSE(find_run(p, parse_counterexample("x", "# lasso formula\n# cycle\nret(1,inc)\nret(1,inc)\n")).run);
}

TEST(LtlReplay, StemWithStepLettersIsMatchedStrictly) {
  // Two threads, one increment each, with step(T) letters: the lasso has
  // thread 2's steps before thread 1's. Every letter is a position of the
  // word the formula reads, so the run takes them in that order (a weak
  // stem would take thread 1's first, the earlier thread in the search).
  const Program p = ltl_model(two_steps, 2, 1);
  const std::string lasso =
      "# lasso formula\ncall(1,inc)\ncall(2,inc)\nstep(2)\nstep(2)\nret(2,inc)\nstep(1)\nstep(1)\nret(1,inc)\n"
      "# end\n# cycle\n# end\n";
  const SearchResult r = find_run(p, parse_counterexample("x", lasso));
  ASSERT_TRUE(r.run) << r.why.detail;
  EXPECT_EQ(r.run->ending, Run::Ending::deadlock);
  reexecute(p, *r.run);
  std::vector<std::string> word;
  for (const RunStep& s : r.run->steps)
    word.push_back(s.action.empty() ? "step(" + std::to_string(s.thread + 1) + ")" : s.action);
  EXPECT_EQ(word, (std::vector<std::string>{"call(1,inc)", "call(2,inc)", "step(2)", "step(2)", "ret(2,inc)", "step(1)",
                                            "step(1)", "ret(1,inc)"}));
  // A letter the model cannot take there: thread 1 has returned.
  const SearchResult bad =
      find_run(p, parse_counterexample("x",
                                       "# lasso formula\ncall(1,inc)\nstep(1)\nstep(1)\nret(1,inc)\nstep(1)\n# cycle\n"
                                       "call(2,inc)\n"));
  EXPECT_FALSE(bad.run);
  EXPECT_NE(bad.why.detail.find("line 6: step(1)"), std::string::npos) << bad.why.detail;
}

}  // namespace
}  // namespace frontend::replay
