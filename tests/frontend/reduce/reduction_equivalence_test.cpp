// On random models: for every seed and the configurations 2x1, 2x2, 3x1 and
// 2xinf (operations for ever), exploring with the reduction on
// (ExploreOptions::reduce) leaves the divbranching and the branching
// quotients isomorphic to those of the full exploration and faults exactly
// when it faults; exploring with two workers gives exactly the LTS (or the
// fault) of one, reduced or not; with thread-labelled steps
// (ExploreOptions::thread_steps) the reduction, which then takes no step
// alone that jumps back, changes no progress verdict of
// refine::check_progress. Resetting dead locals
// (CompileOptions::reset_dead_locals) leaves the strong quotient isomorphic,
// alone and with the reduction leaves the other two quotients and the
// progress verdicts, and only removes faults of an exhausted pool.
// The same on random litmus tests (tests/support/random_litmus.hpp), whose
// reads of thread-indexed and dynamically indexed elements all reach a
// result: a footprint that names the wrong element shows there.
// BB_REDUCE_ROUNDS (default 1000) seeds from BB_REDUCE_SEED (default 0); a
// failure prints the seed and the model (docs/architecture.md, "Random models").
#include <gtest/gtest.h>

#include <string>

#include "formats/diagnostic.hpp"
#include "tests/frontend/random_runs.hpp"
#include "tests/support/random_litmus.hpp"
#include "tests/support/random_model.hpp"

namespace frontend::test {
namespace {

using testing_support::random_model;

class ReductionEquivalence : public ::testing::TestWithParam<std::pair<int, long>> {};

TEST_P(ReductionEquivalence, RandomModels) {
  const auto [threads, ops] = GetParam();
  const RunSetup full{threads, ops, false, 1}, reduced{threads, ops, true, 1};
  const RunSetup full2{threads, ops, false, 2}, reduced2{threads, ops, true, 2};
  const RunSetup full_steps{threads, ops, false, 1, true}, reduced_steps{threads, ops, true, 1, true};
  const RunSetup dead{threads, ops, false, 1, false, true}, reduced_dead{threads, ops, true, 1, false, true};
  const RunSetup dead_steps{threads, ops, false, 1, true, true};
  const SeedRange seeds = seed_range();
  std::uint64_t skipped = 0, faulted = 0, steps_reduced = 0;
  int reports = 0;
  for (std::uint64_t seed = seeds.first; seed < seeds.first + seeds.count; ++seed) {
    const std::string text = random_model(seed);
    Outcome f;
    try {
      f = run_model(text, full);
    } catch (const formats::ParseError& e) {
      FAIL() << "seed " << seed << ": the checker rejects the model (a generator bug): " << e.what() << "\n" << text;
    }
    if (f.kind == Outcome::too_big) {
      ++skipped;
      continue;
    }
    faulted += f.kind == Outcome::faulted;
    const Outcome r = run_model(text, reduced);
    if (report_difference(quotients_differ(f, r), seed, full, reduced, text, reports)) return;
    if (report_difference(runs_differ(f, run_model(text, full2)), seed, full, full2, text, reports)) return;
    if (report_difference(runs_differ(r, run_model(text, reduced2)), seed, reduced, reduced2, text, reports)) return;
    const Outcome fs = run_model(text, full_steps), rs = run_model(text, reduced_steps);
    steps_reduced +=
        fs.kind == Outcome::explored && rs.kind == Outcome::explored && rs.lts.num_states < fs.lts.num_states;
    const Difference steps = progress_differs(fs, rs);
    if (report_difference(steps, seed, full_steps, reduced_steps, text, reports)) return;
    if (report_difference(strong_quotients_differ(f, run_model(text, dead)), seed, full, dead, text, reports)) return;
    const Difference both = quotients_differ(f, run_model(text, reduced_dead), Faults::fewer_heap_faults);
    if (report_difference(both, seed, full, reduced_dead, text, reports)) return;
    const Difference dead_progress = progress_differs(fs, run_model(text, dead_steps), Faults::fewer_heap_faults);
    if (report_difference(dead_progress, seed, full_steps, dead_steps, text, reports)) return;
  }
  RecordProperty("skipped", static_cast<int>(skipped));
  RecordProperty("faulted", static_cast<int>(faulted));
  RecordProperty("reduced with thread steps", static_cast<int>(steps_reduced));
  // Not vacuous, over many seeds (a single one reproduces a failure): few
  // models exceed the bound or fault (under `inf` too), and with step(T)
  // labels the reduction still removes states from many of them.
  if (seeds.count >= 100) {
    EXPECT_LE(skipped * 20, seeds.count) << "more than 5% of the models exceed " << random_max_states << " states";
    EXPECT_LE(faulted * 10, seeds.count) << "more than 10% of the models fault";
    EXPECT_GE(steps_reduced * 4, seeds.count - skipped - faulted)
        << "the reduction with thread steps removes too little";
  }
}

TEST_P(ReductionEquivalence, RandomLitmusTests) {
  const auto [threads, ops] = GetParam();
  const RunSetup full = litmus_setup(threads, ops, false, 1, false, false);
  const RunSetup reduced = litmus_setup(threads, ops, true, 1, false, false);
  const RunSetup reduced2 = litmus_setup(threads, ops, true, 2, false, false);
  const RunSetup full_steps = litmus_setup(threads, ops, false, 1, true, false);
  const RunSetup reduced_steps = litmus_setup(threads, ops, true, 1, true, false);
  const SeedRange seeds = litmus_seed_range(threads);
  std::uint64_t skipped = 0, reduced_some = 0;
  int reports = 0;
  for (std::uint64_t seed = seeds.first; seed < seeds.first + seeds.count; ++seed) {
    const std::string text = testing_support::random_litmus(seed);
    const Outcome f = run_model(text, full);
    if (f.kind == Outcome::too_big) {
      ++skipped;
      continue;
    }
    ASSERT_EQ(f.kind, Outcome::explored) << "seed " << seed << ": a litmus test faults: " << f.fault << "\n" << text;
    const Outcome r = run_model(text, reduced);
    reduced_some += r.kind == Outcome::explored && r.lts.num_states < f.lts.num_states;
    if (report_difference(quotients_differ(f, r), seed, full, reduced, text, reports)) return;
    if (report_difference(runs_differ(r, run_model(text, reduced2)), seed, reduced, reduced2, text, reports)) return;
    const Difference steps = progress_differs(run_model(text, full_steps), run_model(text, reduced_steps));
    if (report_difference(steps, seed, full_steps, reduced_steps, text, reports)) return;
  }
  RecordProperty("skipped", static_cast<int>(skipped));
  RecordProperty("reduced", static_cast<int>(reduced_some));
  // Not vacuous: few tests are skipped, and the reduction removes states
  // from most of the others.
  if (seeds.count >= 100) {
    EXPECT_LE(skipped * 20, seeds.count) << "more than 5% of the litmus tests exceed " << litmus_max_states;
    EXPECT_GE(reduced_some * 2, seeds.count - skipped) << "the reduction removes too little";
  }
}

INSTANTIATE_TEST_SUITE_P(Configurations, ReductionEquivalence,
                         ::testing::Values(std::pair{2, 1L}, std::pair{2, 2L}, std::pair{3, 1L}, std::pair{2, -1L}),
                         [](const auto& info) { return configuration_name(info.param); });

// The comparisons can fail: a side explored with another configuration is
// caught on (almost) every seed, by both comparisons.
TEST(ReductionEquivalenceHarness, CatchesABrokenSide) {
  int compared = 0, quotients = 0, runs = 0;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const std::string text = random_model(seed);
    const Outcome one = run_model(text, RunSetup{2, 1}), two = run_model(text, RunSetup{2, 2, true, 2});
    if (one.kind == Outcome::too_big || two.kind == Outcome::too_big) continue;
    ++compared;
    quotients += quotients_differ(one, two).has_value();
    runs += runs_differ(one, two).has_value();
  }
  EXPECT_GE(compared, 90);
  // A second operation adds traces unless both sides fault or no call
  // returns; 88 to 95 of the 100 models differ (gcc and clang order the
  // generator's calls differently, so their models differ).
  EXPECT_GE(quotients, compared * 4 / 5);
  EXPECT_GE(runs, quotients);
}

// A progress verdict that changes is a difference: a lock held for ever
// blocks the other thread (not deadlock-free) only with two threads.
TEST(ReductionEquivalenceHarness, CatchesAChangedProgressVerdict) {
  const std::string text = "object O { shared L: lock; method m() { lock(L); } }";
  const Outcome one = run_model(text, RunSetup{1, 1, false, 1, true}),
                two = run_model(text, RunSetup{2, 1, false, 1, true});
  ASSERT_EQ(one.kind, Outcome::explored);
  ASSERT_EQ(two.kind, Outcome::explored);
  const Difference d = progress_differs(one, two);
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->find("progress verdicts differ"), std::string::npos) << *d;
  EXPECT_FALSE(progress_differs(two, two).has_value());
}

// A fault on one side only is a difference: the thread variable overflows
// at the second operation of a thread.
TEST(ReductionEquivalenceHarness, CatchesAFaultOnOneSide) {
  const std::string text = "object O { thread h: 0..1; method m() { h := h + 1; } }";
  const Outcome one = run_model(text, RunSetup{2, 1}), two = run_model(text, RunSetup{2, 2});
  ASSERT_EQ(one.kind, Outcome::explored);
  ASSERT_EQ(two.kind, Outcome::faulted);
  const Difference d = quotients_differ(one, two);
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->find("only the second run faults"), std::string::npos) << *d;
  EXPECT_TRUE(runs_differ(one, two).has_value());
  EXPECT_FALSE(quotients_differ(two, two).has_value());
  EXPECT_FALSE(runs_differ(two, two).has_value());
}

}  // namespace
}  // namespace frontend::test
