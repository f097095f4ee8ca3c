// Litmus tests of gen --memory (docs/memory-models.md). Each thread makes one
// call and returns what it read, so an outcome is a pair of return labels.
// Verdicts after Owens, Sarkar, Sewell (x86-TSO, TPHOLs 2009) and the SPARC
// v9 manual, Appendix D (PSO).
#include <gtest/gtest.h>

#include <string>

#include "formats/aut_writer.hpp"
#include "frontend/compile.hpp"
#include "frontend/language/limits.hpp"
#include "tests/frontend/run/memory_outcomes.hpp"

namespace frontend::test {
namespace {

const Outcome zero_zero{"0", "0"};

// Whether outcome o is reachable; the full and the reduced route agree.
bool allowed(const std::string& text, Memory m, const Outcome& o) {
  const bool full = outcomes(explore_text(text, {m, 2, false}), 2).count(o) != 0;
  const bool reduced = outcomes(explore_text(text, {m, 2, true}), 2).count(o) != 0;
  EXPECT_EQ(full, reduced) << "the reduced route differs";
  return full;
}

// SB: thread 1 `x := 1; r1 := y`, thread 2 `y := 1; r2 := x`. STORE and
// FENCE are put between each store and its load.
std::string store_buffering(const std::string& between1, const std::string& between2) {
  return "object SB {\n  shared x: 0..1 = 0;\n  shared y: 0..1 = 0;\n  method t(): 0..1 {\n"
         "    if tid == 1 { x := 1; " + between1 + " r1 := y; return r1; }\n"
         "    y := 1; " + between2 + " r2 := x; return r2;\n  }\n}\n";
}

// Under sc one of the loads comes after both stores, so some thread reads 1.
// Under tso both stores may wait in their buffers while both loads read
// memory: r1 = r2 = 0 (x86-TSO's SB test, Owens et al. Sec. 2).
TEST(MemoryLitmus, StoreBufferingIsAllowedOnlyUnderBuffers) {
  const std::string sb = store_buffering("", "");
  EXPECT_FALSE(allowed(sb, Memory::sc, zero_zero));
  EXPECT_TRUE(allowed(sb, Memory::tso, zero_zero));
  EXPECT_TRUE(allowed(sb, Memory::pso, zero_zero));
  EXPECT_EQ(outcomes(explore_text(sb, {Memory::tso}), 2).size(), 4u);  // every pair
}

// A fence between store and load waits until the store reached memory, so
// each load follows its own thread's store in memory order: one of them
// reads the other's store, as under sc (x86's MFENCE, Owens et al. Sec. 3).
TEST(MemoryLitmus, FencesRestoreStoreBuffering) {
  const std::string fenced = store_buffering("fence;", "fence;");
  for (Memory m : {Memory::sc, Memory::tso, Memory::pso}) EXPECT_FALSE(allowed(fenced, m, zero_zero));
  // One fence is not enough: thread 2's store may still sit in its buffer
  // while thread 2 reads x before thread 1's (fenced) store is flushed.
  EXPECT_TRUE(allowed(store_buffering("fence;", ""), Memory::tso, zero_zero));
}

// A locked read-modify-write drains the buffer like a fence: cas(y, 0, 0)
// reads y (true when 0) after the thread's own store reached memory.
TEST(MemoryLitmus, CasDrainsTheBuffer) {
  const std::string sb =
      "object SBCas {\n  shared x: 0..1 = 0;\n  shared y: 0..1 = 0;\n  method t(): bool {\n"
      "    if tid == 1 { x := 1; b := cas(y, 0, 0); return b; }\n"
      "    y := 1; c := cas(x, 0, 0); return c;\n  }\n}\n";
  const Outcome both_saw_zero{"true", "true"};
  EXPECT_FALSE(allowed(sb, Memory::tso, both_saw_zero));
  EXPECT_FALSE(allowed(sb, Memory::pso, both_saw_zero));
}

// MP: thread 1 writes data then flag; thread 2 reads flag then data, and
// returns 2 * flag + data. Outcome 2 (flag seen, data not) needs the two
// stores to reach memory out of order: never under tso (one FIFO per
// thread; loads are not reordered with loads), possible under pso (one FIFO
// per location: the flag's may flush first). A fence between the stores
// forbids it again under pso (SPARC's STBAR / MEMBAR #StoreStore).
std::string message_passing(const std::string& between) {
  return "object MP {\n  shared d: 0..1 = 0;\n  shared f: 0..1 = 0;\n  method t(): 0..3 {\n"
         "    if tid == 1 { d := 1; " + between + " f := 1; return 0; }\n"
         "    a := f;\n    b := d;\n    return 2 * a + b;\n  }\n}\n";
}

TEST(MemoryLitmus, MessagePassingBreaksOnlyUnderPso) {
  const Outcome flag_without_data{"0", "2"};
  const std::string mp = message_passing("");
  EXPECT_FALSE(allowed(mp, Memory::sc, flag_without_data));
  EXPECT_FALSE(allowed(mp, Memory::tso, flag_without_data));
  EXPECT_TRUE(allowed(mp, Memory::pso, flag_without_data));
  EXPECT_FALSE(allowed(message_passing("fence;"), Memory::pso, flag_without_data));
}

// Under sc a fence compiles to nothing: the LTS is that of the model
// without it, byte for byte, and the state has no buffer.
TEST(MemoryLitmus, FenceIsNothingUnderSc) {
  auto aut = [](const std::string& text) {
    return formats::write_aut_string(explore_text(text, {Memory::sc}));
  };
  EXPECT_EQ(aut(store_buffering("fence;", "fence; fence;")), aut(store_buffering("", "")));
  CompileOptions o;
  const Program sc = load_model_text("sb.conc", store_buffering("", ""), o);
  o.memory = Memory::tso;
  const Program tso = load_model_text("sb.conc", store_buffering("", ""), o);
  EXPECT_EQ(sc.state_size, sc.thread_base + 2 * sc.thread_stride);
  EXPECT_EQ(tso.state_size, sc.state_size + 2 * tso.buffers.stride());
}

// A store beyond --buffer is a fault at the store, naming --buffer.
TEST(MemoryLitmus, AFullBufferIsAnErrorAtTheStore) {
  const std::string three = "object Three {\n  shared x: 0..3 = 0;\n  method m() {\n    x := 1;\n    x := 2;\n"
                            "    x := 3;\n  }\n}\n";
  try {
    explore_text(three, {Memory::tso, 2}, 1);
    FAIL() << "no error";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("litmus.conc:6:5"), std::string::npos) << what;
    EXPECT_NE(what.find("--buffer"), std::string::npos) << what;
  }
  EXPECT_NO_THROW(explore_text(three, {Memory::tso, 3}, 1));
  EXPECT_NO_THROW(explore_text("object F {\n  shared x: 0..3 = 0;\n  method m() {\n    x := 1;\n    x := 2;\n"
                               "    fence;\n    x := 3;\n  }\n}\n",
                               {Memory::pso, 2}, 1));
}

// The heap under buffers: stores into nodes, references pending in buffers.
// Every worker count gives the same LTS.
TEST(MemoryLitmus, HeapModelsExploreWithEveryWorkerCount) {
  for (const char* name : {"treiber_stack.conc", "ms_queue.conc"})
    for (Memory m : {Memory::tso, Memory::pso}) {
      CompileOptions o;
      o.memory = m;
      o.buffer = 3;
      o.reset_dead_locals = true;
      const Program p = load_model(std::string(BB_MODELS) + "/" + name, o);
      ExploreOptions e;
      e.reduce = true;
      std::string first;
      for (unsigned w : {1u, 2u}) {
        e.workers = w;
        const std::string aut = formats::write_aut_string(explore(p, e));
        if (w == 1) first = aut;
        else EXPECT_EQ(aut, first) << name;
      }
    }
}

TEST(MemoryLitmus, RefusedCombinations) {
  CompileOptions o;
  o.memory = Memory::tso;
  o.spec = true;
  EXPECT_THROW(load_model_text("sb.conc", store_buffering("", ""), o), std::exception);
  o.spec = false;
  o.symmetry = true;
  EXPECT_THROW(load_model_text("sb.conc", store_buffering("", ""), o), OptionError);
}

}  // namespace
}  // namespace frontend::test
