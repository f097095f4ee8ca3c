// Every progress lasso refines finds replays on the model (gen --replay,
// frontend/replay/lasso_search.*), for random models: the lassos of the
// five properties on the strong quotient of gen's --thread-steps LTS,
// where a round of the cycle may close in the quotient and not yet in the
// model (docs/replay.md). Each run is re-executed through a fresh
// interpreter (tests/frontend/replay/replay_check.hpp): its visible actions are
// the stem's, then the cycle's some number of times, and its cycle comes
// back to the state it began in.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bisim/quotient.hpp"
#include "frontend/compile.hpp"
#include "frontend/replay/counterexample.hpp"
#include "frontend/replay/search.hpp"
#include "refine/progress/progress.hpp"
#include "refine/progress_report.hpp"
#include "refine/text/trace_report.hpp"
#include "tests/frontend/random_runs.hpp"
#include "tests/frontend/replay/replay_check.hpp"
#include "tests/support/random_model.hpp"

namespace frontend::test {
namespace {

// Whether `got` is `stem` followed by `cycle` some number of times.
bool stem_then_rounds(const std::vector<std::string>& got, const std::vector<std::string>& stem,
                      const std::vector<std::string>& cycle) {
  if (got.size() < stem.size() || !std::equal(stem.begin(), stem.end(), got.begin())) return false;
  if (cycle.empty()) return got.size() == stem.size();
  if ((got.size() - stem.size()) % cycle.size() != 0) return false;
  for (std::size_t i = stem.size(); i < got.size(); ++i)
    if (got[i] != cycle[(i - stem.size()) % cycle.size()]) return false;
  return true;
}

// The failing lassos of the strong quotient of `l`, as refines --progress
// all --cex writes them; none when the input is no thread-attributed object
// system (a model that never calls, say).
std::vector<replay::Counterexample> strong_quotient_lassos(const lts::Lts& l) {
  const lts::Lts q = bisim::minimise(l, bisim::Equivalence::strong).quotient;
  const std::vector<refine::Progress> all(std::begin(refine::all_progress), std::end(refine::all_progress));
  refine::ProgressResult r;
  try {
    r = refine::check_progress(q, all);
  } catch (const refine::ProgressInputError&) {
    return {};
  }
  const refine::Report report = refine::progress_report(q, r, "q.aut", {});
  if (report.holds) return {};
  return replay::parse_counterexamples("q.cex", refine::trace_file_text(report.trace));
}

class LassoReplay : public testing::TestWithParam<std::pair<int, long>> {};

TEST_P(LassoReplay, EveryLassoOfTheStrongQuotientReplaysOnTheModel) {
  const auto [threads, ops] = GetParam();
  const SeedRange range = seed_range();
  int lassos = 0, by_rounds = 0;
  for (std::uint64_t seed = range.first; seed < range.first + range.count; ++seed) {
    const std::string text = testing_support::random_model(seed);
    RunSetup setup{threads, ops, true};  // gen --thread-steps's default route
    setup.thread_steps = true;
    setup.dead_locals = true;
    const Outcome o = run_model(text, setup);
    if (o.kind != Outcome::explored) continue;
    const std::vector<replay::Counterexample> found = strong_quotient_lassos(o.lts);
    if (found.empty()) continue;
    CompileOptions c;
    c.threads = threads;
    c.ops = ops;
    c.reset_dead_locals = true;
    const Program p = load_model_text("random.conc", text, c);
    for (const replay::Counterexample& cex : found) {
      const replay::SearchResult r = replay::find_run(p, cex);
      ASSERT_TRUE(r.run) << "seed " << seed << " at " << threads << "x" << ops << ", " << cex.property << ": "
                         << r.why.detail << "\n"
                         << text;
      ASSERT_NE(r.run->cycle_start, replay::Run::none);
      const std::vector<std::string> visible = replay::reexecute(p, *r.run);
      EXPECT_EQ(r.run->steps[r.run->cycle_start].before, r.run->steps.back().after) << "seed " << seed;
      EXPECT_TRUE(stem_then_rounds(visible, replay::visible_of(cex.stem), replay::visible_of(cex.cycle)))
          << "seed " << seed;
      ++lassos;
      // Rounds that show: more visible actions before the cycle than the
      // stem has, or in the cycle than one round has.
      std::size_t before_cycle = 0;
      for (std::size_t i = 0; i < r.run->cycle_start; ++i) before_cycle += r.run->steps[i].action.empty() ? 0 : 1;
      by_rounds += before_cycle > replay::visible_of(cex.stem).size() ||
                   visible.size() - before_cycle > replay::visible_of(cex.cycle).size();
      if (HasFailure()) return;
    }
  }
  // The check means something only if lassos were replayed, and, with
  // calls for ever, some of them only by rounds (about one in six).
  EXPECT_GE(lassos, static_cast<int>(range.count / 20)) << "lassos replayed";
  if (ops < 0) {
    EXPECT_GT(by_rounds, 0) << "lassos replayed by rounds";
  }
  RecordProperty("lassos", lassos);
  RecordProperty("by_rounds", by_rounds);
}

INSTANTIATE_TEST_SUITE_P(Configurations, LassoReplay,
                         testing::Values(std::pair{2, 1L}, std::pair{2, -1L}, std::pair{3, 1L}),
                         [](const auto& info) { return configuration_name(info.param); });

}  // namespace
}  // namespace frontend::test
