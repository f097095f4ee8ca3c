// gen --replay's search (frontend/replay/): every replayed run is re-executed
// step by step through a fresh interpreter, its visible labels are the
// counterexample's, and on small cases a brute-force enumeration of all
// shorter runs finds none that matches.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <set>

#include "bisim/quotient.hpp"
#include "formats/aut_reader.hpp"
#include "frontend/compile.hpp"
#include "frontend/replay/lts_numbering.hpp"
#include "frontend/replay/render.hpp"
#include "frontend/replay/search.hpp"
#include "frontend/replay/state_view.hpp"
#include "frontend/run/interpreter.hpp"
#include "frontend/run/labels.hpp"
#include "lts/builder.hpp"
#include "refine/equivalence/bisimilarity.hpp"
#include "refine/equivalence/play_file.hpp"
#include "refine/inclusion/trace_inclusion.hpp"
#include "refine/text/trace_report.hpp"
#include "tests/frontend/replay/replay_check.hpp"
#include "tests/frontend/support.hpp"

namespace frontend::replay {
namespace {

using test::here;
using test::model;
using test::slurp;

Program load(const std::string& path, const std::string& object, int threads = 2, long ops = 2) {
  CompileOptions o;
  o.object = object;
  o.threads = threads;
  o.ops = ops;
  return load_model(path, o);
}

Program load_text(const std::string& text, int threads = 2, long ops = 1) {
  CompileOptions o;
  o.threads = threads;
  o.ops = ops;
  return load_model_text("t.conc", text, o);
}

// Whether some run of at most `depth` steps has exactly the visible labels
// `want` (all of them): depth-first enumeration of every interleaving, a
// (state, position) skipped only when it already failed with as many steps
// left.
bool brute_force_match(const Program& p, const std::vector<std::string>& want, int depth) {
  std::map<std::pair<std::vector<std::int32_t>, std::size_t>, int> failed;
  lts::LtsBuilder builder;
  Labels labels(p, builder);
  Interpreter interpreter(p, labels, false);
  std::vector<std::int32_t> start = p.initial;
  interpreter.initialize(start);
  std::function<bool(const std::vector<std::int32_t>&, std::size_t, int)> go = [&](const std::vector<std::int32_t>& s,
                                                                                   std::size_t pos, int left) {
    if (pos == want.size()) return true;
    if (left == 0) return false;
    auto [it, added] = failed.emplace(std::make_pair(s, pos), left);
    if (!added && it->second >= left) return false;
    it->second = left;
    for (int t = 0; t < p.threads; ++t) {
      Successors next;
      interpreter.successors(s.data(), t, next);
      for (std::size_t i = 0; i < next.labels.size(); ++i) {
        std::size_t q = pos;
        if (next.labels[i] != lts::tau) {
          if (builder.labels().name(next.labels[i]) != want[pos]) continue;
          ++q;
        }
        const std::vector<std::int32_t> to(next.states.begin() + i * p.state_size,
                                           next.states.begin() + (i + 1) * p.state_size);
        if (go(to, q, left - 1)) return true;
      }
    }
    return false;
  };
  return go(start, 0, depth);
}

const char* racy_counter = R"(object Counter {
  shared c: 0..3 = 0;
  method inc(): 0..3 {
    var t: 0..3 := c;
    c := t + 1;
    return t;
  }
})";

TEST(Replay, TraceOfARacyCounterIsShortestAndReexecutes) {
  const Program p = load_text(racy_counter);
  const Counterexample cex = parse_counterexample("c.cex", "call(1,inc)\ncall(2,inc)\nret(1,inc,0)\nret(2,inc,0)\n");
  const SearchResult r = find_run(p, cex);
  ASSERT_TRUE(r.run);
  EXPECT_TRUE(r.run->refused);
  EXPECT_EQ(reexecute(p, *r.run), visible_of(cex.stem));
  // call, call, read, read, write, ret, write, ret: 8 steps, the two reads before either write.
  EXPECT_EQ(r.run->steps.size(), 8u);
  const std::vector<std::string> want = visible_of(cex.stem);
  EXPECT_TRUE(brute_force_match(p, want, static_cast<int>(r.run->steps.size())));
  EXPECT_FALSE(brute_force_match(p, want, static_cast<int>(r.run->steps.size()) - 1));
  const std::string text = render_text(p, *r.run, {});
  EXPECT_NE(text.find("c: 0 -> 1"), std::string::npos) << text;
  EXPECT_NE(text.find("the specification cannot do this"), std::string::npos) << text;
}

// A step names its statement, not the whole line: a one-line method holds
// three steps of the counter above.
TEST(Replay, EachStepShowsItsOwnStatement) {
  const std::string model =
      "object Counter {\n  shared c: 0..3 = 0;\n"
      "  method inc(): 0..3 { t := c; c := (t + 1) % 4; return t; }  // one line\n}\n";
  const Program p = load_text(model);
  const Counterexample cex = parse_counterexample("c.cex", "call(1,inc)\ncall(2,inc)\nret(1,inc,0)\nret(2,inc,0)\n");
  const SearchResult r = find_run(p, cex);
  ASSERT_TRUE(r.run);
  const std::vector<std::string> source = source_lines(model);
  std::vector<std::string> statements;
  for (std::size_t i = 0; i < r.run->steps.size(); ++i) statements.push_back(place(p, *r.run, i, source).statement);
  const std::vector<std::string> want = {"",          "t := c;",           "",         "t := c;", "c := (t + 1) % 4;",
                                         "return t;", "c := (t + 1) % 4;", "return t;"};
  EXPECT_EQ(statements, want) << render_text(p, *r.run, source);
}

TEST(Replay, StatementTextEndsAtItsSemicolonOrBrace) {
  const std::string line = "    if x == 1 { a := 1; } else { a := 2; } while f(x, y) { u := {}; v := 1; }  // c; d";
  const auto at = [&](const std::string& start) { return line.find(start) + 1; };
  EXPECT_EQ(statement_text(line, at("if x")), "if x == 1 {");
  EXPECT_EQ(statement_text(line, at("a := 2")), "a := 2;");
  EXPECT_EQ(statement_text(line, at("while")), "while f(x, y) {");  // a brace after parentheses ends it
  EXPECT_EQ(statement_text(line, at("u := {}")), "u := {};");       // the empty set ends nothing
  // No column, a column inside a statement, or past the line's end: the whole line, trimmed, without its comment.
  const std::string whole = "if x == 1 { a := 1; } else { a := 2; } while f(x, y) { u := {}; v := 1; }";
  EXPECT_EQ(statement_text(line, 0), whole);
  EXPECT_EQ(statement_text(line, at("x == 1")), whole);
  EXPECT_EQ(statement_text(line, line.size() + 5), whole);
  // A statement that goes on past its line: the rest of the line.
  EXPECT_EQ(statement_text("      if cas(t.next,   ", 7), "if cas(t.next,");
}

// A step that writes into a node and makes it garbage at once shows the
// write before the node goes free: the atomic block sets N.1.v to 1 and
// drops the last references to N.1. Without the state
// before collection the column said only "N.1: (v=0) -> free".
TEST(Replay, AWriteIntoANodeTheStepFreesIsShown) {
  const Program p = load_text(
      "object W {\n  node N { v: 0..1; }\n  pool 1;\n  shared X: N;\n  init { X := new N(0); }\n"
      "  method m(): 0..1 {\n    t := X;\n    atomic { t.v := 1; X := null; t := null; }\n    return 1;\n  }\n}\n");
  const Counterexample cex = parse_counterexample("w.cex", "call(1,m)\nret(1,m,1)\n");
  const SearchResult r = find_run(p, cex);
  ASSERT_TRUE(r.run);
  ASSERT_EQ(r.run->steps.size(), 4u);
  const RunStep& s = r.run->steps[2];
  const std::vector<Change> got = changes(p, s.before, s.after, s.written);
  ASSERT_EQ(got.size(), 3u) << render_text(p, *r.run, {});
  EXPECT_EQ(got[0].cell, "X");
  EXPECT_EQ(got[1].cell, "N.1.v");
  EXPECT_EQ(got[1].old_value, "0");
  EXPECT_EQ(got[1].new_value, "1");
  EXPECT_EQ(got[2].cell, "N.1");
  EXPECT_EQ(got[2].old_value, "(v=1)");
  EXPECT_EQ(got[2].new_value, "free");
  EXPECT_NE(render_text(p, *r.run, {}).find("N.1.v: 0 -> 1; N.1: (v=1) -> free"), std::string::npos);
}

// Lines as the lexer counts columns: a byte-order mark is no column, and a
// comment, even one that spans lines, is blanked, so the statement after it
// is shown alone rather than its whole line.
TEST(Replay, SourceLinesBlankCommentsAndKeepColumns) {
  const std::vector<std::string> lines = source_lines(
      "\xEF\xBB\xBF"
      "a := 1; /* b; */ c := 2; // d;\n/* e\n f; */ g := 3;\n// /* h\ni := 4;");
  const std::vector<std::string> want = {"a := 1;          c := 2;      ", "    ", "       g := 3;", "       ",
                                         "i := 4;"};
  EXPECT_EQ(lines, want);
  EXPECT_EQ(statement_text(lines[0], lines[0].find("c :=") + 1), "c := 2;");
  EXPECT_EQ(statement_text(lines[2], lines[2].find("g :=") + 1), "g := 3;");
  // An unterminated comment (the lexer's error) blanks the rest.
  EXPECT_EQ(source_lines("x; /* y\nz"), (std::vector<std::string>{"x;     ", " "}));
}

// A play's side that never moves still says, in both forms, what the other
// side does or cannot do.
TEST(Replay, APlaySideThatNeverMovesKeepsItsNote) {
  const Program p = load_text(racy_counter);
  frontend::replay::Run run;
  run.initial = p.initial;
  run.end_note = "B cannot: call(1,inc)";
  EXPECT_NE(render_text(p, run, {}).find("B cannot: call(1,inc)"), std::string::npos);
  const std::string json = render_json(p, run, {});
  EXPECT_NE(json.find("\"step\": 0"), std::string::npos) << json;
  EXPECT_NE(json.find("\"note\": \"B cannot: call(1,inc)\""), std::string::npos) << json;
}

TEST(Replay, ImpossibleTraceHasNoRun) {
  const Program p = load_text(racy_counter);
  const SearchResult r = find_run(p, parse_counterexample("c.cex", "call(1,inc)\nret(1,inc,1)\n"));
  EXPECT_FALSE(r.run);
  EXPECT_EQ(r.why.matched, 1u);
  EXPECT_NE(r.why.detail.find("line 2: ret(1,inc,1)"), std::string::npos) << r.why.detail;
}

TEST(Replay, LassoOfASpinLoop) {
  // Thread 2 spins while thread 1 holds the flag between its two steps.
  const Program p = load_text(R"(object Spin {
  shared f: 0..1 = 0;
  method go() {
    f := 1;
    f := 0;
  }
  method wait() {
    var x: 0..1 := f;
    while x == 1 { x := f; }
  }
})");
  const Counterexample cex = parse_counterexample("l", "call(1,go)\ncall(2,wait)\n# cycle\nstep(2)\n");
  const SearchResult r = find_run(p, cex);
  ASSERT_TRUE(r.run);
  ASSERT_NE(r.run->cycle_start, Run::none);
  reexecute(p, *r.run);
  EXPECT_EQ(r.run->steps[r.run->cycle_start].before, r.run->steps.back().after);
  for (std::size_t i = r.run->cycle_start; i < r.run->steps.size(); ++i) EXPECT_EQ(r.run->steps[i].thread, 1);
  // call, call, f := 1, x := f (the declaration), x := f (the body; the step
  // ends after it, before the jump back), then the cycle: one more body read
  // returns to the same state (same pc, x = 1).
  EXPECT_EQ(r.run->steps.size(), 6u);
  EXPECT_EQ(r.run->cycle_start, 5u);
  EXPECT_FALSE(find_run(p, parse_counterexample("l", "call(1,go)\ncall(2,wait)\n# cycle\nstep(1)\n")).run);
}

TEST(Replay, LassoWhoseCycleClosesAfterTwoRounds) {
  // Thread 1 waits for ever while thread 2 flips b. One round of the cycle
  // (a call of flip and its return) changes b, so only two rounds come back
  // to the same state; a quotient that forgets b (the strong one: b changes
  // no label) closes the cycle after one, and refines writes that lasso.
  const Program p = load_text(R"(object Toggle {
  shared b: bool = false;
  method flip() { atomic { b := !b; } }
  method wait() { await false; }
})",
                              2, -1);
  const Counterexample cex =
      parse_counterexample("l", "call(1,wait)\n# cycle\ncall(2,flip)\nstep(2)\nret(2,flip)\nstep(1)\n");
  const SearchResult r = find_run(p, cex);
  ASSERT_TRUE(r.run) << r.why.detail;
  ASSERT_NE(r.run->cycle_start, Run::none);
  const std::vector<std::string> visible = reexecute(p, *r.run);
  EXPECT_EQ(r.run->steps[r.run->cycle_start].before, r.run->steps.back().after);
  // The stem's call, then the cycle twice: call, flip, return, a wait of
  // thread 1 (the first round may also lie in the stem, before the cycle).
  EXPECT_EQ(visible,
            (std::vector<std::string>{"call(1,wait)", "call(2,flip)", "ret(2,flip)", "call(2,flip)", "ret(2,flip)"}));
  EXPECT_EQ(r.run->steps.size(), 9u);
  std::size_t rounds = 0;
  for (std::size_t i = r.run->cycle_start; i < r.run->steps.size(); ++i)
    rounds += r.run->steps[i].action == "ret(2,flip)";
  EXPECT_GE(rounds, 1u);
  // Without a wait of thread 1 in it, no cycle of the model matches: thread
  // 2 alone cannot run for ever (each flip returns and its calls are
  // unbounded, but the lasso names thread 1's step).
  EXPECT_FALSE(
      find_run(p, parse_counterexample("l", "call(1,wait)\n# cycle\ncall(2,flip)\nstep(1)\nret(2,flip)\n")).run);
}

TEST(Replay, InitThatAllocatesFromAManualPool) {
  // `free` makes the pool manual: the init's `new` may take any of the three
  // slots, and the replay does not renumber nodes, so the init has three
  // outcomes that are one up to renumbering (and must not be refused). Each
  // swap moves H to another slot: two swaps bring the heap back.
  const Program p = load_text(R"(object Cell {
  node N { x: 0..1; }
  pool 3;
  shared H: N;
  init { H := new N; }
  method swap() {
    n := new N;
    old := H;
    H := n;
    free(old);
  }
})",
                              2, -1);
  const SearchResult r =
      find_run(p, parse_counterexample(
                      "s.cex", "call(1,swap)\n# cycle\ni\nret(1,swap)\ncall(1,swap)\ni\nret(1,swap)\ncall(1,swap)\n"));
  ASSERT_TRUE(r.run) << r.why.detail;
  reexecute(p, *r.run);
  EXPECT_EQ(r.run->steps[r.run->cycle_start].before, r.run->steps.back().after);
}

TEST(Replay, FaultRunEndsWithTheFault) {
  const Program p = load(here("bad/assert_fails.conc"), "", 2, 1);
  const auto run = find_fault_run(p);
  ASSERT_TRUE(run);
  ASSERT_TRUE(run->fault);
  EXPECT_EQ(run->fault->message, "assertion failed");
  EXPECT_EQ(run->fault->line, 4u);
  EXPECT_EQ(run->steps.size(), 5u);  // call(1,set) x:=1 call(2,check) t:=x, then the assertion
  replay::Run done = *run;
  done.steps.pop_back();
  reexecute(p, done);
}

// The store-buffering litmus test (Owens, Sarkar, Sewell, TPHOLs 2009,
// Sec. 2, test SB): each thread stores its flag, then reads the other's.
// Both reads return false only when both stores still wait in the buffers,
// so under tso that trace exists and its run shows both pending stores and
// their flushes after the reads; under sc it has no run.
const char* store_buffering = R"(object SB {
  shared x: bool = false;
  shared y: bool = false;
  method go(): bool {
    if tid == 1 { x := true; r := y; return r; }
    y := true;
    r := x;
    return r;
  }
})";

TEST(Replay, StoreBufferingShowsTheBuffersAndTheFlushes) {
  const std::string trace = "call(1,go)\ncall(2,go)\nret(1,go,false)\nret(2,go,false)\n";
  const Counterexample cex = parse_counterexample("sb.cex", trace);
  CompileOptions o;
  o.ops = 1;
  EXPECT_FALSE(find_run(load_model_text("sb.conc", store_buffering, o), cex).run);
  o.memory = Memory::tso;
  const Program p = load_model_text("sb.conc", store_buffering, o);
  const SearchResult r = find_run(p, cex);
  ASSERT_TRUE(r.run);
  EXPECT_EQ(reexecute(p, *r.run), visible_of(cex.stem));
  const std::string text = render_text(p, *r.run, source_lines(store_buffering));
  EXPECT_NE(text.find("buffer 1: [] -> [x := true]"), std::string::npos) << text;
  EXPECT_NE(text.find("buffer 2: [] -> [y := true]"), std::string::npos) << text;
  // A trace ends at its last visible step: no flush is needed for it.
  EXPECT_EQ(text.find("flush"), std::string::npos) << text;
  // Thread 2 reads x = true only after thread 1's store reached memory: the
  // run has that flush, a step of thread 1 without a statement.
  const Counterexample seen =
      parse_counterexample("sb.cex", "call(1,go)\nret(1,go,false)\ncall(2,go)\nret(2,go,true)\n");
  const SearchResult r2 = find_run(p, seen);
  ASSERT_TRUE(r2.run);
  EXPECT_EQ(reexecute(p, *r2.run), visible_of(seen.stem));
  const std::string text2 = render_text(p, *r2.run, source_lines(store_buffering));
  EXPECT_NE(text2.find("flush"), std::string::npos) << text2;
  EXPECT_NE(text2.find("x: false -> true; buffer 1: [x := true] -> []"), std::string::npos) << text2;
}

TEST(Replay, TableOneCounterexamplesReexecute) {
  struct Case {
    const char *file, *object, *cex;
  };
  for (const Case& c : {Case{"hm_list_book.conc", "HMListBook", "replay/hm_list_book_9-1.cex"},
                        Case{"buggy_queue.conc", "ShannQueue", "replay/buggy_queue_17.cex"},
                        Case{"treiber_hp_fu.conc", "TreiberHPFu", "replay/treiber_hp_fu_3.lasso"}}) {
    SCOPED_TRACE(c.cex);
    const Program p = load(model(c.file), c.object);
    const Counterexample cex = parse_counterexample(c.cex, slurp(here(c.cex)));
    const SearchResult r = find_run(p, cex);
    ASSERT_TRUE(r.run);
    std::vector<std::string> want = visible_of(cex.stem);
    const std::vector<std::string> cycle = visible_of(cex.cycle);
    want.insert(want.end(), cycle.begin(), cycle.end());
    EXPECT_EQ(reexecute(p, *r.run), want);
    if (cex.lasso) {
      EXPECT_EQ(r.run->steps[r.run->cycle_start].before, r.run->steps.back().after);
    }
    if (!cex.lasso) {
      const int n = static_cast<int>(r.run->steps.size());
      EXPECT_TRUE(brute_force_match(p, want, n));
      EXPECT_FALSE(brute_force_match(p, want, n - 1)) << "a shorter run matches";
    }
    // Made impossible: the last visible label's result changed.
    if (!cex.lasso) {
      std::string text = slurp(here(c.cex));
      text.insert(text.rfind(')'), "9");
      EXPECT_FALSE(find_run(p, parse_counterexample(c.cex, text)).run);
    }
  }
}

// The five lassos `refines --progress all --cex` wrote for row 3 (on `gen
// --thread-steps`): each replays, its cycle returns to its first state, and
// where the cycle names one thread only that thread steps in it.
TEST(Replay, ProgressLassosOfTableOneRowThree) {
  const Program p = load(model("treiber_hp_fu.conc"), "TreiberHPFu");
  const auto blocks = parse_counterexamples("p", slurp(here("replay/treiber_hp_fu_3.progress")));
  ASSERT_EQ(blocks.size(), 5u);
  for (const Counterexample& cex : blocks) {
    SCOPED_TRACE(cex.property);
    const SearchResult r = find_run(p, cex);
    ASSERT_TRUE(r.run);
    reexecute(p, *r.run);
    ASSERT_NE(r.run->cycle_start, Run::none);
    EXPECT_EQ(r.run->steps[r.run->cycle_start].before, r.run->steps.back().after);
    std::set<int> named, stepping;
    for (const CexItem& i : cex.cycle) named.insert(i.thread);
    for (std::size_t s = r.run->cycle_start; s < r.run->steps.size(); ++s) stepping.insert(r.run->steps[s].thread);
    if (!named.count(-1)) {
      EXPECT_TRUE(std::includes(named.begin(), named.end(), stepping.begin(), stepping.end()));
    }
  }
}

// Trace inclusion of impl (the LTS of p) in spec fails; the counterexample's
// replay re-executes step by step, ends in the refusal, and no shorter run
// of p matches it.
void expect_shortest_replay_of_refusal(const Program& p, const lts::Lts& impl, const lts::Lts& spec) {
  const refine::InclusionResult inclusion = refine::check_trace_inclusion(impl, spec);
  ASSERT_FALSE(inclusion.holds);
  const std::vector<std::string> want = refine::visible_labels(impl, inclusion.path);
  const SearchResult r = find_run(p, parse_counterexample("m.cex", refine::trace_file_text(want)));
  ASSERT_TRUE(r.run);
  EXPECT_EQ(reexecute(p, *r.run), want);
  EXPECT_TRUE(r.run->refused);
  EXPECT_TRUE(brute_force_match(p, want, static_cast<int>(r.run->steps.size())));
  EXPECT_FALSE(brute_force_match(p, want, static_cast<int>(r.run->steps.size()) - 1));
}

// Generated bugs: the Treiber stack with one compare-and-swap turned into a
// plain write. Trace inclusion against the mutant's own --spec (the body as
// one atomic step, hence a correct stack) gives the counterexample; its
// replay re-executes and no shorter run matches it.
TEST(Replay, MutatedTreiberStacks) {
  const std::string original = slurp(model("treiber_stack.conc"));
  const std::vector<std::pair<std::string, std::string>> mutations = {
      {"if cas(Top, t, nx) { return t.val; }", "Top := nx; return t.val;"},
      {"if cas(Top, t, n) { return; }", "Top := n; return;"},
  };
  for (const auto& [from, to] : mutations) {
    SCOPED_TRACE(to);
    std::string text = original;
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos);
    text.replace(at, from.size(), to);
    CompileOptions o;
    o.threads = 2;
    o.ops = 2;
    const Program p = load_model_text("mutant.conc", text, o);
    o.spec = true;
    expect_shortest_replay_of_refusal(p, explore(p, {}), explore(load_model_text("mutant.conc", text, o), {}));
  }
}

// Generated bugs in three more models (tests/data/mutants, each file's
// header names its mutation): the MS queue's dequeue without its
// compare-and-swap on Head, the lazy list without validation, the counter
// with a non-atomic increment. Each fails trace inclusion against its own
// --spec; the counterexample's replay re-executes step by step, and no
// shorter run matches it.
TEST(Replay, MutatedQueueListAndCounter) {
  const std::vector<std::pair<std::string, std::string>> mutants = {
      {"ms_queue_deq_write.conc", "MSQueue"},
      {"lazy_list_no_validation.conc", "LazyList"},
      {"counter_nonatomic.conc", "Counter"},
  };
  for (const auto& [file, object] : mutants) {
    SCOPED_TRACE(file);
    const Program p = load(here("../data/mutants/" + file), object);
    CompileOptions o;
    o.object = object;
    o.threads = 2;
    o.ops = 2;
    o.spec = true;
    expect_shortest_replay_of_refusal(p, explore(p, {}), explore(load_model(here("../data/mutants/" + file), o), {}));
  }
}

// Table 1 row 3 (Treiber's stack with revised hazard pointers) at 2 threads
// x 2 operations: the object, and its specification (--spec).
std::pair<Program, Program> row3_programs() {
  CompileOptions o;
  o.object = "TreiberHPFu";
  o.threads = 2;
  o.ops = 2;
  Program impl = load_model(model("treiber_hp_fu.conc"), o);
  o.spec = true;
  return {std::move(impl), load_model(model("treiber_hp_fu.conc"), o)};
}

// The numbering a play is followed through is that of the LTS gen wrote,
// with the reduction and with step(T) labels or without: with step(T)
// labels no single-step state is merged and fewer steps go alone, so the
// counts differ on row 3 (docs/reduction.md, "--thread-steps").
TEST(Replay, NumberingFollowsTheReductionAndThreadSteps) {
  const Program p = row3_programs().first;
  std::set<std::uint32_t> counts;
  for (const bool reduce : {false, true})
    for (const bool thread_steps : {false, true}) {
      ExploreOptions o;
      o.reduce = reduce;
      o.thread_steps = thread_steps;
      const std::uint32_t states = LtsNumbering(p, o).states();
      EXPECT_EQ(states, explore(p, o).num_states) << "reduce " << reduce << ", thread steps " << thread_steps;
      if (reduce) counts.insert(states);
    }
  EXPECT_EQ(counts.size(), 2u);
}

// A bisimilarity play (refines --equiv) of Table 1 row 3 against its
// specification, divbranching: each side's replay re-executes step by step,
// passes through the very LTS states the play names (numbered as explore
// numbers them: each step's target, renumbered, is the named state), and its
// labels are that side's steps in the play.
TEST(Replay, BisimilarityPlayFollowsTheNamedStates) {
  const auto [impl_p, spec_p] = row3_programs();
  const lts::Lts impl = explore(impl_p, {}), spec = explore(spec_p, {});
  const auto e = bisim::Equivalence::divbranching;
  const refine::BisimilarityResult bisimilar = refine::check_bisimilarity(impl, spec, e);
  ASSERT_FALSE(bisimilar.holds);
  const Counterexample cex = parse_counterexample("p.cex", refine::play_file_text(bisimilar, e, "impl", "spec"));
  ASSERT_TRUE(cex.play);
  for (const bool side_a : {true, false}) {
    SCOPED_TRACE(side_a ? "A" : "B");
    const Program& p = side_a ? impl_p : spec_p;
    const lts::Lts& l = side_a ? impl : spec;
    LtsNumbering numbering(p, ExploreOptions{});
    ASSERT_EQ(numbering.states(), l.num_states);
    const SidePath side = side_path("p.cex", cex, side_a);
    const SearchResult r = find_play_run(p, side, l.num_states, ExploreOptions{});
    ASSERT_TRUE(r.run);
    ASSERT_EQ(r.run->steps.size(), side.steps.size());
    std::vector<std::string> visible;
    for (std::size_t i = 0; i < side.steps.size(); ++i) {
      const RunStep& step = r.run->steps[i];
      EXPECT_EQ(step.action.empty() ? "i" : step.action, side.steps[i].label);
      EXPECT_EQ(numbering.number(step.after), side.steps[i].to);
      bool in_lts = false;  // the named step is a transition of explore's LTS
      for (const lts::Transition& t : l.transitions)
        in_lts = in_lts || (t.from == side.steps[i].from && t.to == side.steps[i].to &&
                            (t.label == lts::tau ? "i" : l.labels.name(t.label)) == side.steps[i].label);
      EXPECT_TRUE(in_lts);
      if (!step.action.empty()) visible.push_back(step.action);
    }
    EXPECT_EQ(reexecute(p, *r.run), visible);
    EXPECT_FALSE(r.run->refused);
    EXPECT_FALSE(r.run->end_note.empty());
  }
}

// The state map of `l`'s quotient under `e`, as quotient --map writes it.
StateMap quotient_map(const lts::Lts& l, bisim::Equivalence e, lts::Lts* quotient) {
  bisim::Minimised m = bisim::minimise(l, e);
  StateMap map;
  for (const lts::StateId c : m.state_map) map.class_of.push_back(c);
  map.classes = m.quotient.num_states;
  *quotient = std::move(m.quotient);
  return map;
}

// The class of a concrete state, by explore's numbering and the map.
std::uint32_t class_of(LtsNumbering& numbering, const StateMap& map, const std::vector<std::int32_t>& state) {
  const std::optional<std::uint32_t> n = numbering.number(state);
  EXPECT_TRUE(n) << "a state outside the LTS";
  return n ? map.class_of[*n] : static_cast<std::uint32_t>(-1);
}

// Whether a concrete step (label, or "" for an internal one, and the class
// it enters) may advance play step `k` or stay inside its class FROM.
struct PlayRule {
  const SidePath& side;
  bool advances(std::size_t k, const std::string& action, std::uint32_t c) const {
    return k < side.steps.size() && (action.empty() ? "i" : action) == side.steps[k].label && c == side.steps[k].to;
  }
  bool stays(std::size_t k, const std::string& action, std::uint32_t c) const {
    return k < side.steps.size() && action.empty() && c == side.steps[k].from;
  }
};

// Whether every state of `run` lies in the class the play names where the
// run is: the positions the run can be at, step by step, end on the last.
bool follows_classes(const Program& p, const Run& run, const SidePath& side, const StateMap& map,
                     const ExploreOptions& gen) {
  LtsNumbering numbering(p, gen);
  const PlayRule rule{side};
  std::set<std::size_t> at{0};
  if (!side.steps.empty() && class_of(numbering, map, run.initial) != side.steps[0].from) return false;
  for (const RunStep& s : run.steps) {
    const std::uint32_t c = class_of(numbering, map, s.after);
    std::set<std::size_t> next;
    for (const std::size_t k : at) {
      if (rule.stays(k, s.action, c)) next.insert(k);
      if (rule.advances(k, s.action, c)) next.insert(k + 1);
    }
    if (next.empty()) return false;
    at = std::move(next);
  }
  return at.count(side.steps.size()) == 1;
}

// The length of a shortest run that follows the play's classes: a plain
// breadth-first search over (concrete state, position) with the
// interpreter, independent of frontend/replay/search.cpp.
std::size_t shortest_following(const Program& p, const SidePath& side, const StateMap& map) {
  LtsNumbering numbering(p, ExploreOptions{});
  const PlayRule rule{side};
  lts::LtsBuilder builder;
  Labels labels(p, builder);
  Interpreter interpreter(p, labels, false);
  std::vector<std::int32_t> start = p.initial;
  interpreter.initialize(start);
  using Node = std::pair<std::vector<std::int32_t>, std::size_t>;
  std::map<Node, std::size_t> depth{{{start, 0}, 0}};
  std::deque<Node> queue{{start, 0}};
  while (!queue.empty()) {
    const Node n = queue.front();
    queue.pop_front();
    if (n.second == side.steps.size()) return depth[n];
    for (int t = 0; t < p.threads; ++t) {
      Successors next;
      interpreter.successors(n.first.data(), t, next);
      for (std::size_t i = 0; i < next.labels.size(); ++i) {
        const std::vector<std::int32_t> to(next.states.begin() + i * p.state_size,
                                           next.states.begin() + (i + 1) * p.state_size);
        if (!numbering.number(to)) continue;
        const std::uint32_t c = class_of(numbering, map, to);
        const std::string action = next.labels[i] == lts::tau ? "" : builder.labels().name(next.labels[i]);
        for (const std::size_t k : {n.second, n.second + 1}) {
          const bool ok = k == n.second ? rule.stays(n.second, action, c) : rule.advances(n.second, action, c);
          if (ok && depth.emplace(Node{to, k}, depth[n] + 1).second) queue.push_back({to, k});
        }
      }
    }
  }
  return static_cast<std::size_t>(-1);
}

// A play found on the branching quotients of DecideEarly and DecideLate
// (tests/frontend/models/decide_early_late.conc: same weak traces, not
// branching bisimilar): each side's replay re-executes step by step, every
// state lies in the class the play names there, the visible actions are the
// side's, the run is as short as the independent search finds, and
// DecideEarly's deciding move takes its inert read first (a run longer
// than the side's path).
// Labels from other tools may hold blanks, or be a slash, the separator of
// a move line: play_file_text quotes them, so the line still splits into
// its words, and the reader gives them back (a replay refuses labels with
// blanks on the lines of A's steps: gen writes none).
TEST(Replay, PlayLabelsWithBlanksAndSlashesAreQuoted) {
  const auto e = bisim::Equivalence::strong;
  const lts::Lts a = formats::read_aut_text("des (0,2,3)\n(0,\"x / y\",1)\n(1,\"a b\",2)\n", "a.aut");
  const lts::Lts b = formats::read_aut_text("des (0,2,3)\n(0,\"x / y\",1)\n(1,\"c\",2)\n", "b.aut");
  const refine::BisimilarityResult blanks = refine::check_bisimilarity(a, b, e);
  ASSERT_FALSE(blanks.holds);
  const std::string quoted = refine::play_file_text(blanks, e, "a.aut", "b.aut");
  EXPECT_NE(quoted.find("# move 1 A 0 \"x / y\" 1 / B 0 \"x / y\" 1"), std::string::npos) << quoted;

  const lts::Lts c = formats::read_aut_text("des (0,2,3)\n(0,\"/\",1)\n(1,q,2)\n", "c.aut");
  const lts::Lts d = formats::read_aut_text("des (0,2,3)\n(0,\"/\",1)\n(1,r,2)\n", "d.aut");
  const refine::BisimilarityResult slash = refine::check_bisimilarity(c, d, e);
  ASSERT_FALSE(slash.holds);
  const std::string text = refine::play_file_text(slash, e, "c.aut", "d.aut");
  const Counterexample cex = parse_counterexample("p.cex", text);
  std::vector<std::string> labels;
  for (const PlayMoveLine& m : cex.moves)
    for (const PlayStep& s : m.attack) labels.push_back(s.label);
  ASSERT_EQ(cex.moves.size(), 2u) << text;
  EXPECT_EQ(labels[0], "/") << text;
  EXPECT_EQ(cex.moves[0].answer_path.front().label, "/") << text;
  EXPECT_EQ(cex.moves.back().answer, PlayMoveLine::Answer::cannot) << text;
}

TEST(Replay, PlayOnQuotientsFollowsTheClasses) {
  const Program early = load(here("models/decide_early_late.conc"), "DecideEarly", 2, 1);
  const Program late = load(here("models/decide_early_late.conc"), "DecideLate", 2, 1);
  const auto e = bisim::Equivalence::branching;
  lts::Lts qa, qb;
  const StateMap ma = quotient_map(explore(early, {}), e, &qa), mb = quotient_map(explore(late, {}), e, &qb);
  const refine::BisimilarityResult bisimilar = refine::check_bisimilarity(qa, qb, e);
  ASSERT_FALSE(bisimilar.holds);
  const Counterexample cex = parse_counterexample("p.cex", refine::play_file_text(bisimilar, e, "a", "b"));
  ASSERT_TRUE(cex.play);
  bool longer = false;
  for (const bool side_a : {true, false}) {
    SCOPED_TRACE(side_a ? "A" : "B");
    const Program& p = side_a ? early : late;
    const StateMap& map = side_a ? ma : mb;
    const SidePath side = side_path("p.cex", cex, side_a, true);
    const SearchResult r =
        find_quotient_play_run(p, side, side_a ? qa.num_states : qb.num_states, map, ExploreOptions{});
    ASSERT_TRUE(r.run) << r.why.detail;
    EXPECT_TRUE(follows_classes(p, *r.run, side, map, ExploreOptions{}));
    EXPECT_EQ(r.run->steps.size(), shortest_following(p, side, map));
    std::vector<std::string> visible;
    for (const PlayStep& s : side.steps)
      if (s.label != "i") visible.push_back(s.label);
    EXPECT_EQ(reexecute(p, *r.run), visible);
    ASSERT_EQ(r.run->classes.size(), r.run->steps.size());
    LtsNumbering numbering(p, ExploreOptions{});
    for (std::size_t i = 0; i < r.run->steps.size(); ++i) {
      EXPECT_EQ(r.run->classes[i], class_of(numbering, map, r.run->steps[i].after));
    }
    longer = longer || r.run->steps.size() > side.steps.size();
    // The other side's map, or a class count that is not the play's: no run.
    const StateMap& other = side_a ? mb : ma;
    EXPECT_FALSE(find_quotient_play_run(p, side, side_a ? qa.num_states : qb.num_states, other, ExploreOptions{}).run);
    EXPECT_FALSE(find_quotient_play_run(p, side, 1000, map, ExploreOptions{}).run);
  }
  EXPECT_TRUE(longer) << "no inert step taken";
}

// Table 1 row 3 against its specification on their divbranching quotients
// (with the reduction, as gen writes them): the implementation's side ends
// in a divergence, replayed as a cycle of internal steps that returns to its
// first state and stays in one class; both sides follow the play's classes.
TEST(Replay, DivergenceOnQuotientsIsACycleInsideTheClass) {
  const auto [impl_p, spec_p] = row3_programs();
  ExploreOptions reduced;
  reduced.reduce = true;
  const auto e = bisim::Equivalence::divbranching;
  lts::Lts qa, qb;
  const StateMap ma = quotient_map(explore(impl_p, reduced), e, &qa),
                 mb = quotient_map(explore(spec_p, reduced), e, &qb);
  const refine::BisimilarityResult bisimilar = refine::check_bisimilarity(qa, qb, e);
  ASSERT_FALSE(bisimilar.holds);
  const Counterexample cex = parse_counterexample("p.cex", refine::play_file_text(bisimilar, e, "a", "b"));
  for (const bool side_a : {true, false}) {
    SCOPED_TRACE(side_a ? "A" : "B");
    const Program& p = side_a ? impl_p : spec_p;
    const SidePath side = side_path("p.cex", cex, side_a, true);
    const SearchResult r =
        find_quotient_play_run(p, side, side_a ? qa.num_states : qb.num_states, side_a ? ma : mb, reduced);
    ASSERT_TRUE(r.run) << r.why.detail;
    reexecute(p, *r.run);
    EXPECT_TRUE(follows_classes(p, *r.run, side, side_a ? ma : mb, reduced));
    ASSERT_EQ(side.cycle_start != SidePath::none, side_a);
    if (!side_a) continue;
    ASSERT_NE(r.run->cycle_start, Run::none);
    EXPECT_EQ(r.run->steps.back().after, r.run->steps[r.run->cycle_start].before);
    for (std::size_t i = r.run->cycle_start; i < r.run->steps.size(); ++i) {
      EXPECT_TRUE(r.run->steps[i].action.empty());
      EXPECT_EQ(r.run->classes[i], r.run->classes.back());
    }
  }
}

// A play of LTSs made with --thread-steps names internal steps step(T): the
// replay takes that thread's step only. In the racy counter after
// call(1,inc), only thread 1 is inside a method, so its read is step(1);
// the same play with step(2) has no run.
TEST(Replay, PlayStepLabelsNameTheThread) {
  const Program p = load_text(racy_counter);
  const lts::Lts l = explore(p, {});
  lts::StateId called = 0, read = 0;
  for (const lts::Transition& t : l.transitions)
    if (t.from == l.initial && t.label != lts::tau && l.labels.name(t.label) == "call(1,inc)") called = t.to;
  for (const lts::Transition& t : l.transitions)
    if (t.from == called && t.label == lts::tau) read = t.to;
  ASSERT_NE(called, 0u);
  ASSERT_NE(read, 0u);
  for (const int thread : {1, 2}) {
    const std::string text = fmt::format(
        "# play strong\n# states A {} B 9\n# move 1 A 0 call(1,inc) {} / B 0 call(1,inc) 1\n"
        "# move 2 A {} step({}) {} / B cannot 1\n",
        l.num_states, called, called, thread, read);
    const Counterexample cex = parse_counterexample("p.cex", text);
    const SearchResult r = find_play_run(p, side_path("p.cex", cex, true), l.num_states, ExploreOptions{});
    ASSERT_EQ(r.run.has_value(), thread == 1);
    if (r.run) {
      ASSERT_EQ(r.run->steps.size(), 2u);
      EXPECT_EQ(r.run->steps[1].thread, 0);
      EXPECT_EQ(reexecute(p, *r.run), std::vector<std::string>{"call(1,inc)"});
    }
  }
}

TEST(Replay, MalformedCounterexamples) {
  EXPECT_THROW(parse_counterexample("x", "call(1,a) b\n"), formats::ParseError);
  EXPECT_THROW(parse_counterexample("x", "call(1,a)\n# cycle\n"), formats::ParseError);
  EXPECT_THROW(parse_counterexample("x", "step(0)\n"), formats::ParseError);
  const Counterexample c = parse_counterexample("x", "# lasso lock-free\ncall(1,a)\ni\n# cycle\nstep(2)\nret(1,a)\n");
  EXPECT_TRUE(c.lasso);
  ASSERT_EQ(c.cycle.size(), 2u);
  EXPECT_EQ(c.cycle[0].thread, 1);
  EXPECT_FALSE(c.stem[1].visible);
  const auto blocks = parse_counterexamples(
      "x", "# lasso wait-free\ncall(1,a)\nstep(1)\n# cycle\nstep(1)\n# lasso lock-free\ncall(2,a)\n# cycle\ni\n");
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].property, "wait-free");
  EXPECT_EQ(blocks[1].property, "lock-free");
  EXPECT_EQ(blocks[1].stem.size(), 1u);
  EXPECT_THROW(parse_counterexamples("x", "# lasso a\ncall(1,a)\n# lasso b\n# cycle\ni\n"), formats::ParseError);
  EXPECT_THROW(parse_counterexamples("x", "call(1,a)\n# lasso b\n# cycle\ni\n"), formats::ParseError);
  EXPECT_THROW(parse_counterexample("x", "# lasso a\n# cycle\ni\n# lasso b\n# cycle\ni\n"), formats::ParseError);
  // A trace without a visible action is matched by every run (an empty or
  // wrong file): refused. A lasso needs none: its cycle is the constraint.
  EXPECT_THROW(parse_counterexample("x", ""), formats::ParseError);
  EXPECT_THROW(parse_counterexample("x", "# a comment\n\n"), formats::ParseError);
  EXPECT_THROW(parse_counterexample("x", "i\nstep(1)\n"), formats::ParseError);
  EXPECT_TRUE(parse_counterexample("x", "# cycle\nstep(1)\n").lasso);
}

}  // namespace
}  // namespace frontend::replay
