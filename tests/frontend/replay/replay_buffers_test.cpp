// gen --replay under store buffers with step letters (docs/replay.md, "What
// is matched"; docs/memory-models.md): the lines step(T,store),
// step(T,store,K) and step(T,flush) are read with their kind, and a line is
// matched only by a step of its kind and thread.
#include <gtest/gtest.h>

#include <string>

#include "formats/diagnostic.hpp"
#include "frontend/compile.hpp"
#include "frontend/replay/render.hpp"
#include "frontend/replay/search.hpp"
#include "tests/frontend/replay/replay_check.hpp"

namespace frontend::replay {
namespace {
// (Unity build: these names differ from the other replay tests'.)

TEST(ReplayBuffers, StepLettersAreReadWithTheirKind) {
  const auto is = [](const std::string& label, int thread, StepKind kind, int stores) {
    const std::optional<StepLetter> l = step_letter(label);
    ASSERT_TRUE(l) << label;
    EXPECT_EQ(l->thread, thread) << label;
    EXPECT_EQ(l->kind, kind) << label;
    EXPECT_EQ(l->stores, stores) << label;
  };
  is("step(1)", 0, StepKind::step, 0);
  is("step(2,store)", 1, StepKind::store, 1);
  is("step(3,store,2)", 2, StepKind::store, 2);
  is("step(1,flush)", 0, StepKind::flush, 0);
  // As refines reads them (refine/progress/thread_steps.cpp): K from 2.
  for (const char* none : {"step(0)", "step(1,store,1)", "step(1,store,0)", "step(1,flsh)", "step(x)", "step(1,store,)",
                           "step(1)x", "i", "call(1,m)"})
    EXPECT_FALSE(step_letter(none)) << none;
}

TEST(ReplayBuffers, TheKindIsMatchedExactly) {
  const StepLetter any{}, step1{0, StepKind::step, 0}, store1{0, StepKind::store, 1}, store1x2{0, StepKind::store, 2},
      flush1{0, StepKind::flush, 0}, flush2{1, StepKind::flush, 0};
  // `i`: any internal step of any thread.
  for (const StepLetter& taken : {step1, store1, store1x2, flush1, flush2}) EXPECT_TRUE(letter_matches(any, taken));
  EXPECT_TRUE(letter_matches(step1, step1));
  EXPECT_FALSE(letter_matches(step1, store1));  // step(T) is no store ...
  EXPECT_FALSE(letter_matches(step1, flush1));  // ... and no flush
  EXPECT_TRUE(letter_matches(store1, store1));
  EXPECT_FALSE(letter_matches(store1, store1x2));  // as many stores
  EXPECT_FALSE(letter_matches(store1, step1));
  EXPECT_FALSE(letter_matches(store1, flush1));
  EXPECT_TRUE(letter_matches(flush1, flush1));
  EXPECT_FALSE(letter_matches(flush1, store1));
  EXPECT_FALSE(letter_matches(flush1, flush2));  // the thread
  EXPECT_FALSE(letter_matches(flush2, flush1));
}

TEST(ReplayBuffers, CounterexampleLinesCarryTheirKind) {
  const Counterexample c = parse_counterexample(
      "b.cex", "# lasso formula\ncall(1,set)\nstep(1,store)\nstep(2,store,3)\n# cycle\nstep(1,flush)\nstep(1)\n");
  ASSERT_EQ(c.stem.size(), 3u);
  EXPECT_TRUE(c.step_letters);
  EXPECT_EQ(c.stem[1].kind, StepKind::store);
  EXPECT_EQ(c.stem[1].stores, 1);
  EXPECT_EQ(c.stem[2].kind, StepKind::store);
  EXPECT_EQ(c.stem[2].stores, 3);
  EXPECT_EQ(c.stem[2].thread, 1);
  ASSERT_EQ(c.cycle.size(), 2u);
  EXPECT_EQ(c.cycle[0].kind, StepKind::flush);
  EXPECT_EQ(c.cycle[1].kind, StepKind::step);
  EXPECT_TRUE(c.stem[0].visible);
  // A label that reads as a store and is none: an error at its line.
  try {
    parse_counterexample("b.cex", "# lasso formula\ncall(1,set)\nstep(1,store,1)\n# cycle\nstep(1)\n");
    ADD_FAILURE() << "step(1,store,1) was read";
  } catch (const formats::ParseError& e) {
    EXPECT_EQ(e.diagnostic().line, 3u);
  }
}

// One thread stores x once, returns, and its store reaches memory before or
// after the return; then no thread has a step (the end of the run).
const char* buffered_set = R"(object Setter {
  shared x: int[0..1] = 0;
  method set() {
    x := 1;
    return;
  }
})";

Program buffered_setter() {
  CompileOptions o;
  o.threads = 1;
  o.ops = 1;
  o.memory = Memory::tso;
  return load_model_text("set.conc", buffered_set, o);
}

SearchResult replay_of(const Program& p, const std::string& lines) {
  return find_run(p, parse_counterexample("set.cex", "# lasso formula\n" + lines + "# end\n# cycle\n# end\n"));
}

TEST(ReplayBuffers, StoreAndFlushLinesAreMatchedByKind) {
  const Program p = buffered_setter();
  // The store, the return, then the flush; and the flush before the return.
  for (const char* lines : {"call(1,set)\nstep(1,store)\nret(1,set)\nstep(1,flush)\n",
                            "call(1,set)\nstep(1,store)\nstep(1,flush)\nret(1,set)\n"}) {
    SCOPED_TRACE(lines);
    const SearchResult r = replay_of(p, lines);
    ASSERT_TRUE(r.run) << r.why.detail;
    EXPECT_EQ(reexecute(p, *r.run), (std::vector<std::string>{"call(1,set)", "ret(1,set)"}));
    ASSERT_EQ(r.run->steps.size(), 4u);
    const std::string text = render_text(p, *r.run, source_lines(buffered_set));
    EXPECT_NE(text.find("buffer 1: [] -> [x := 1]"), std::string::npos) << text;
    EXPECT_NE(text.find("x: 0 -> 1; buffer 1: [x := 1] -> []"), std::string::npos) << text;
    EXPECT_NE(text.find("flush"), std::string::npos) << text;
  }
  // Each line of another kind has no run, and the reason names its line.
  struct Wrong {
    const char* lines;
    const char* named;
  };
  for (const Wrong& w : {
           Wrong{"call(1,set)\nstep(1,store)\nret(1,set)\nstep(1,store)\n", "line 5: step(1,store)"},  // a flush as a store
           Wrong{"call(1,set)\nstep(1,flush)\nret(1,set)\nstep(1,flush)\n", "line 3: step(1,flush)"},  // a store as a flush
           Wrong{"call(1,set)\nstep(1)\nret(1,set)\nstep(1,flush)\n", "line 3: step(1)"},              // a store as step(T)
           Wrong{"call(1,set)\nstep(1,store,2)\nret(1,set)\nstep(1,flush)\n", "line 3: step(1,store,2)"},  // 2 stores
           Wrong{"call(1,set)\nstep(1,store)\nret(1,set)\nstep(1)\n", "line 5: step(1)"},  // a flush as step(T)
       }) {
    SCOPED_TRACE(w.lines);
    const SearchResult r = replay_of(p, w.lines);
    EXPECT_FALSE(r.run);
    EXPECT_NE(r.why.detail.find(w.named), std::string::npos) << r.why.detail;
  }
  // Without its flush the run does not end: the store is still pending.
  EXPECT_FALSE(replay_of(p, "call(1,set)\nstep(1,store)\nret(1,set)\n").run);
}

}  // namespace
}  // namespace frontend::replay
