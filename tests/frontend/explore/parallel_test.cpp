// Exploring with several workers gives the LTS of one worker: the same state
// ids, label ids and transitions in the same order (written out as .aut, byte
// for byte), the same first run-time fault and the same --max-states stop.
#include <algorithm>
#include <filesystem>
#include <memory>

#include <gtest/gtest.h>

#include "frontend/compile.hpp"
#include "tests/frontend/support.hpp"

namespace frontend::test {
namespace {

// The .aut text of the LTS, with the label table in id order appended (the
// .aut names labels inline, so label ids would otherwise not be compared).
std::string lts_text(const Program& p, unsigned workers, bool thread_steps = false) {
  ExploreOptions e;
  e.workers = workers;
  e.thread_steps = thread_steps;
  const lts::Lts l = explore(p, e);
  std::string text = formats::write_aut_string(l);
  for (std::size_t i = 0; i < l.labels.size(); ++i) text += l.labels.name(static_cast<lts::LabelId>(i)) + "\n";
  return text;
}

// What exploring fails with, or "no error".
std::string failure(const Program& p, unsigned workers, std::uint64_t max_states = 0) {
  ExploreOptions e;
  e.workers = workers;
  e.max_states = max_states;
  try {
    explore(p, e);
  } catch (const std::exception& error) {
    return error.what();
  }
  return "no error";
}

std::vector<std::string> models() {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::directory_iterator(BB_MODELS))
    if (entry.path().extension() == ".conc") out.push_back(entry.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

Program compiled(const std::string& path, int threads, long ops, bool spec = false) {
  CompileOptions o;
  o.threads = threads;
  o.ops = ops;
  o.spec = spec;
  return load_model(path, o);
}

TEST(Parallel, EveryModelGivesTheSameLtsWithOneTwoAndThreeWorkers) {
  const std::vector<std::string> all = models();
  ASSERT_GE(all.size(), 30u);
  for (const std::string& path : all) {
    for (const bool spec : {false, true}) {
      const Program p = compiled(path, 2, 1, spec);
      const std::string one = lts_text(p, 1);
      EXPECT_EQ(lts_text(p, 2), one) << path << (spec ? " --spec" : "");
      EXPECT_EQ(lts_text(p, 3), one) << path << (spec ? " --spec" : "");
    }
  }
}

// With thread steps, step(T) is interned when a thread starts a step, which
// may be before the label its step ends with: the order must still be kept.
TEST(Parallel, ThreadStepLabelsKeepTheirIds) {
  for (const std::string& path : models()) {
    const Program p = compiled(path, 2, 1);
    EXPECT_EQ(lts_text(p, 2, true), lts_text(p, 1, true)) << path;
  }
}

// Large enough for many chunks of states in flight at once.
TEST(Parallel, LargerStateSpacesAreTheSame) {
  for (const char* name : {"treiber_stack.conc", "ms_queue.conc", "hm_list.conc", "snzi.conc"}) {
    const Program p = compiled(model(name), 2, 2);
    const std::string one = lts_text(p, 1);
    EXPECT_EQ(lts_text(p, 2), one) << name;
    EXPECT_EQ(lts_text(p, 3), one) << name;
  }
}

TEST(Parallel, TheBadModelCorpusFailsAlikeWithSeveralWorkers) {
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(here("bad"))) {
    if (entry.path().extension() != ".conc") continue;
    CompileOptions o;
    o.threads = 2;
    o.ops = 2;
    std::unique_ptr<Program> p;
    try {
      p = std::make_unique<Program>(load_model_text(entry.path().filename().string(), slurp(entry.path()), o));
    } catch (const formats::ParseError&) {
      continue;  // a compile-time error: nothing is explored
    }
    EXPECT_EQ(failure(*p, 2), failure(*p, 1)) << entry.path();
    EXPECT_EQ(failure(*p, 3), failure(*p, 1)) << entry.path();
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

// x overflows its range in many states of one breadth-first level, after
// more than 100,000 states were found: the fault of the smallest state id is
// reported, with its run, whichever worker met a fault first.
const char* const deep_fault = R"(object O {
  shared x: 0..8 = 0;
  shared y: 0..3 = 0;
  method inc() { t := x; x := t + 1; }
  method flip() { u := y; if u < 3 { y := u + 1; } else { y := 0; } }
}
)";

TEST(Parallel, TheFirstFaultInStateOrderIsReported) {
  CompileOptions o;
  o.threads = 3;
  o.ops = -1;
  const Program p = load_model_text("deep.conc", deep_fault, o);
  const std::string one = failure(p, 1);
  EXPECT_NE(one.find("deep.conc:4:26: error: value 9 is outside the range 0..8\nnote: a run"), std::string::npos)
      << one;
  for (unsigned workers : {2u, 3u, 4u}) EXPECT_EQ(failure(p, workers), one) << workers << " workers";
}

TEST(Parallel, MaxStatesStopsAtTheSameState) {
  CompileOptions o;
  o.threads = 3;
  o.ops = -1;
  const Program p = load_model_text("deep.conc", deep_fault, o);
  for (std::uint64_t bound : {1u, 1000u, 5000u}) {
    const std::string one = failure(p, 1, bound);
    EXPECT_NE(one.find("stopped at --max-states"), std::string::npos) << one;
    for (unsigned workers : {2u, 3u}) EXPECT_EQ(failure(p, workers, bound), one) << bound;
  }
}

TEST(Parallel, ProgressIsReportedThroughTheCallbackOnly) {
  const Program p = compiled(model("treiber_stack.conc"), 2, 2);
  ExploreOptions e;
  e.workers = 2;
  int calls = 0;
  e.on_progress = [&](const ExploreProgress& progress) {
    ++calls;
    EXPECT_GT(progress.states, 0u);
  };
  testing::internal::CaptureStderr();
  explore(p, e);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_LE(calls, 5);  // about once a second, and this takes well under one on an idle machine
}

}  // namespace
}  // namespace frontend::test
