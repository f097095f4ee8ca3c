#include "tools/common/gen_progress.hpp"

#include <chrono>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "formats/diagnostic.hpp"
#include "refine/progress/progress.hpp"
#include "refine/progress/symmetric_progress.hpp"
#include "refine/progress_report.hpp"
#include "tools/common/verdict_output.hpp"

namespace tools {

void add_gen_progress_options(CLI::App& app, GenProgressOptions& o) {
  auto* progress =
      app.add_option("--progress", o.properties,
                     "Instead of the LTS, decide progress properties as refines --progress does (all, or of\n"
                     "lock-free, wait-free, obstruction-free, deadlock-free, starvation-free), with step(T)\n"
                     "labels; with --symmetry on the orbit LTS, which has no .aut form (docs/progress.md)")
          ->type_name("P[,P...]|all");
  app.add_option("--cex", o.cex_path, "With --progress: write the lasso of each failing property (docs/refines.md)")
      ->type_name("FILE")
      ->needs(progress);
  app.add_flag("--explain", o.style.explain, "With --progress: show calls and returns in one column per thread")
      ->needs(progress);
}

namespace {

// gen --progress explores with step(T) labels, so an LTS without any has
// no internal step at all: refines' advice to use --thread-steps would not
// apply, and the question is vacuous (no call can wait or run for ever).
template <typename Transitions>
void refuse_without_steps(const lts::LabelTable& labels, const Transitions& transitions, const std::string& model) {
  std::vector<bool> step(labels.size());
  for (lts::LabelId id = 0; id < labels.size(); ++id) step[id] = labels.name(id).starts_with("step(");
  for (const auto& t : transitions)
    if (step[t.label]) return;
  throw formats::FileError(fmt::format(
      "{}: error: no method takes an internal step with these options, so no call can wait or run for ever: "
      "every progress property would hold vacuously, and gen --progress does not answer it",
      formats::display_name(model)));
}

}  // namespace

int check_progress(const frontend::Program& program, const std::string& model, const GenProgressOptions& o,
                   frontend::ExploreOptions explore, const std::function<void(const frontend::ExploreStats&)>& explored,
                   bool report) {
  const std::vector<refine::Progress> properties = refine::parse_progress_list(o.properties);
  explore.thread_steps = true;
  lts::Lts labels;  // the labels the report reads (the LTS itself on the direct route)
  refine::ProgressResult result;
  frontend::ExploreStats stats;
  const auto start = std::chrono::steady_clock::now();
  const auto show = [&](std::string_view phase) {
    if (report)
      fmt::print(stderr, "gen: {} ({:.1f} s)\n", phase,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  };
  if (program.symmetric) {
    lts::OrbitLts orbits = frontend::explore_orbits(program, explore, &stats);
    explored(stats);
    labels.labels = orbits.labels;
    refuse_without_steps(labels.labels, orbits.transitions, model);
    result = refine::check_symmetric_progress(std::move(orbits), properties, true, show);
  } else {
    labels = frontend::explore(program, explore, &stats);
    explored(stats);
    refuse_without_steps(labels.labels, labels.transitions, model);
    result = refine::check_progress(labels, properties);
    for (const refine::ProgressVerdict& v : result.verdicts) show(v.checked_on);
  }
  return emit_verdict(refine::progress_report(labels, result, formats::display_name(model), o.style), o.cex_path);
}

}  // namespace tools
