// On random symmetric models (no `tid`: RandomModelOptions::symmetric;
// locks are renamed with the threads; a fifth of them have flags indexed
// relative to the thread, RandomModelOptions::rotations, and are explored
// up to rotations), for 2x1, 2x2, 3x1 and 2xinf: the orbit LTS (explore_orbits),
// with and without the partial-order reduction and the reset of dead
// locals, has quotients modulo symmetry (bisim/symmetry/) isomorphic to the
// divbranching and branching quotients of the full LTS, and faults exactly
// when the full exploration faults; two workers give exactly the orbit LTS
// of one. This is the guarantee of gen --symmetry (docs/reduction.md,
// "Thread symmetry"). The same, and the progress verdicts, on random
// litmus tests whose `tid` only indexes an array relative to the thread
// (LitmusOptions::rotations), explored up to rotations of the threads.
// BB_REDUCE_ROUNDS and BB_REDUCE_SEED as for the
// reduction (docs/architecture.md, "Random models").
#include <gtest/gtest.h>

#include <string>

#include "formats/diagnostic.hpp"
#include "frontend/compile.hpp"
#include "refine/progress/progress.hpp"
#include "tests/frontend/random_runs.hpp"
#include "tests/support/random_litmus.hpp"
#include "tests/support/random_model.hpp"

namespace frontend::test {
namespace {

// No `tid`, or (a fifth of them) flags indexed relative to the thread:
// explored up to rotations then.
std::string symmetric_model(std::uint64_t seed) {
  testing_support::RandomModelOptions o;
  o.symmetric = true;
  o.rotations = true;
  return testing_support::random_model(seed, o);
}

class SymmetryEquivalence : public ::testing::TestWithParam<std::pair<int, long>> {};

TEST_P(SymmetryEquivalence, RandomModels) {
  const auto [threads, ops] = GetParam();
  const RunSetup full{threads, ops};
  const RunSetup orbits{threads, ops, false, 1, false, false, false, true};
  const RunSetup reduced{threads, ops, true, 1, false, true, false, true};  // gen --symmetry
  const RunSetup reduced2{threads, ops, true, 2, false, true, false, true};
  const SeedRange seeds = seed_range();
  std::uint64_t skipped = 0, faulted = 0, smaller = 0;
  int reports = 0;
  for (std::uint64_t seed = seeds.first; seed < seeds.first + seeds.count; ++seed) {
    const std::string text = symmetric_model(seed);
    Outcome f, o;
    try {
      f = run_model(text, full);
      o = run_model(text, orbits);
    } catch (const formats::ParseError& e) {
      FAIL() << "seed " << seed << ": the model is rejected (a generator bug): " << e.what() << "\n" << text;
    }
    if (f.kind == Outcome::too_big) {
      ++skipped;
      continue;
    }
    faulted += f.kind == Outcome::faulted;
    smaller += f.kind == Outcome::explored && o.kind == Outcome::explored && o.orbits.num_states < f.lts.num_states;
    const Outcome r = run_model(text, reduced);
    if (report_difference(quotients_differ(f, o), seed, full, orbits, text, reports)) return;
    const Difference reduced_differs = quotients_differ(f, r, Faults::fewer_heap_faults);
    if (report_difference(reduced_differs, seed, full, reduced, text, reports)) return;
    if (report_difference(runs_differ(r, run_model(text, reduced2)), seed, reduced, reduced2, text, reports)) return;
  }
  RecordProperty("skipped", static_cast<int>(skipped));
  RecordProperty("faulted", static_cast<int>(faulted));
  RecordProperty("smaller", static_cast<int>(smaller));
  // Not vacuous: most models are explored, and symmetry removes states
  // from most of those that end without a fault.
  if (seeds.count >= 100) {
    EXPECT_LE(skipped * 20, seeds.count);
    EXPECT_LE(faulted * 10, seeds.count);
    EXPECT_GE(smaller * 2, seeds.count - skipped - faulted) << "symmetry removes too little";
  }
}

std::string rotation_litmus(std::uint64_t seed) {
  testing_support::LitmusOptions o;
  o.rotations = true;
  return testing_support::random_litmus(seed, o);
}

TEST_P(SymmetryEquivalence, RandomLitmusRotations) {
  const auto [threads, ops] = GetParam();
  const RunSetup full = litmus_setup(threads, ops, false, 1, false, false);
  const RunSetup orbits = litmus_setup(threads, ops, false, 1, false, true);
  const RunSetup reduced = litmus_setup(threads, ops, true, 1, false, true);
  const RunSetup reduced2 = litmus_setup(threads, ops, true, 2, false, true);
  const RunSetup full_steps = litmus_setup(threads, ops, false, 1, true, false);
  const RunSetup reduced_steps = litmus_setup(threads, ops, true, 1, true, true);
  const SeedRange seeds = litmus_seed_range(threads);
  std::uint64_t skipped = 0, smaller = 0;
  int reports = 0;
  for (std::uint64_t seed = seeds.first; seed < seeds.first + seeds.count; ++seed) {
    const std::string text = rotation_litmus(seed);
    const Outcome f = run_model(text, full), o = run_model(text, orbits);
    if (f.kind == Outcome::too_big) {
      ++skipped;
      continue;
    }
    ASSERT_EQ(f.kind, Outcome::explored) << "seed " << seed << ": a litmus test faults: " << f.fault << "\n" << text;
    smaller += o.kind == Outcome::explored && o.orbits.num_states < f.lts.num_states;
    if (report_difference(quotients_differ(f, o), seed, full, orbits, text, reports)) return;
    const Outcome r = run_model(text, reduced);
    if (report_difference(quotients_differ(f, r), seed, full, reduced, text, reports)) return;
    if (report_difference(runs_differ(r, run_model(text, reduced2)), seed, reduced, reduced2, text, reports)) return;
    const Difference steps = progress_differs(run_model(text, full_steps), run_model(text, reduced_steps));
    if (report_difference(steps, seed, full_steps, reduced_steps, text, reports)) return;
  }
  RecordProperty("skipped", static_cast<int>(skipped));
  RecordProperty("smaller", static_cast<int>(smaller));
  if (seeds.count >= 100) {  // not vacuous: rotations merge states in most tests
    EXPECT_LE(skipped * 20, seeds.count);
    EXPECT_GE(smaller * 2, seeds.count - skipped) << "rotations remove too little";
  }
}

INSTANTIATE_TEST_SUITE_P(Configurations, SymmetryEquivalence,
                         ::testing::Values(std::pair{2, 1L}, std::pair{2, 2L}, std::pair{3, 1L}, std::pair{2, -1L}),
                         [](const auto& info) { return configuration_name(info.param); });

// The five progress verdicts, and the threads that fail each per-thread
// one, of refine::check_symmetric_progress on the orbit LTS with step(T)
// labels (with and without the reduction and dead locals) equal those of
// the direct route on the full LTS (gen --no-reduce --thread-steps).
class SymmetricProgress : public ::testing::TestWithParam<std::pair<int, long>> {};

TEST_P(SymmetricProgress, RandomModels) {
  const auto [threads, ops] = GetParam();
  const RunSetup full{threads, ops, false, 1, true};
  const RunSetup orbits{threads, ops, false, 1, true, false, false, true};
  const RunSetup reduced{threads, ops, true, 1, true, true, false, true};
  const SeedRange seeds = seed_range();
  std::uint64_t compared = 0, failing = 0;
  int reports = 0;
  for (std::uint64_t seed = seeds.first; seed < seeds.first + seeds.count; ++seed) {
    const std::string text = symmetric_model(seed);
    const Outcome f = run_model(text, full);
    if (f.kind != Outcome::explored) continue;
    ++compared;
    const Outcome o = run_model(text, orbits);
    if (report_difference(progress_differs(f, o), seed, full, orbits, text, reports)) return;
    const Outcome r = run_model(text, reduced);
    if (report_difference(progress_differs(f, r, Faults::fewer_heap_faults), seed, full, reduced, text, reports))
      return;
    try {
      failing += !refine::check_progress(f.lts, {refine::Progress::starvation_free}).verdicts.front().holds;
    } catch (const refine::ProgressInputError&) {  // no step at all: both sides refuse it alike
    }
  }
  RecordProperty("compared", static_cast<int>(compared));
  RecordProperty("failing", static_cast<int>(failing));
  if (seeds.count >= 100) {  // not vacuous: both verdicts occur, a failure mostly with operations for ever
    EXPECT_GE(compared * 10, seeds.count * 8);
    EXPECT_GE(failing * (ops < 0 ? 10 : 50), compared) << "too few models fail a property";
    EXPECT_GE((compared - failing) * 10, compared) << "too few models hold every property";
  }
}

INSTANTIATE_TEST_SUITE_P(Configurations, SymmetricProgress,
                         ::testing::Values(std::pair{2, 1L}, std::pair{2, 2L}, std::pair{3, 1L}, std::pair{2, -1L},
                                           std::pair{3, -1L}),
                         [](const auto& info) { return configuration_name(info.param); });

// Every random symmetric model is accepted by --symmetry's check, and the
// models that name a thread are refused with its location.
TEST(SymmetryEquivalenceHarness, SymmetricModelsPassTheCheckAndOthersDoNot) {
  int refused = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    CompileOptions c;
    c.symmetry = true;
    EXPECT_NO_THROW(load_model_text("random.conc", symmetric_model(seed), c)) << "seed " << seed;
    try {
      load_model_text("random.conc", testing_support::random_model(seed), c);
    } catch (const formats::ParseError& e) {
      ++refused;
      EXPECT_NE(std::string(e.what()).find("--symmetry needs a model"), std::string::npos) << e.what();
    }
  }
  EXPECT_GE(refused, 20);  // tid in a condition, a client guard or an array index
}

}  // namespace
}  // namespace frontend::test
