#include "tools/common/gen_fences.hpp"

#include <iostream>
#include <iterator>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "fences/inference.hpp"
#include "fences/report.hpp"
#include "formats/diagnostic.hpp"
#include "formats/input_file.hpp"

namespace tools {

void add_fence_options(CLI::App& app, FenceOptions& f) {
  app.add_flag("--suggest-fences", f.suggest,
               "Under --memory tso|pso, print the minimal sets of statements after which a fence makes the object "
               "linearizable at the given bounds (docs/memory-models.md, 'Fence inference'); writes no LTS");
  app.add_option("--max-fences", f.max_fences, "With --suggest-fences: the largest fence set tried (default 3)")
      ->type_name("K")
      ->check(CLI::Range(0, 16));
  app.add_option("--spec-object", f.spec_object,
                 "With --suggest-fences: the object of the model file that specifies the object, run under sc "
                 "(default: the object's own methods, each one atomic step, as --spec)")
      ->type_name("NAME");
}

void check_fence_options(const CLI::App& app, const GenOptions& g, const FenceOptions& f) {
  if (!f.suggest) {
    for (const char* option : {"--max-fences", "--spec-object"})
      if (app.count(option) != 0)
        throw UsageError(fmt::format("{} applies to --suggest-fences, which is not given", option));
    return;
  }
  if (g.memory == "sc")
    throw UsageError(
        "--suggest-fences needs --memory tso or pso: under sc a fence compiles to nothing and changes no run");
  if (g.spec) throw UsageError("--suggest-fences places fences in the object, not in its specification: drop --spec");
  if (g.thread_steps)
    throw UsageError("--suggest-fences checks linearizability, which hides internal steps: drop --thread-steps");
  for (const char* option : {"--output", "--tau-name"})
    if (app.count(option) != 0)
      throw UsageError(fmt::format("--suggest-fences prints the fence sets and writes no LTS: drop {}", option));
}

int suggest_fences(const GenOptions& g, const FenceOptions& f, const frontend::ExploreOptions& explore) {
  fences::FenceQuery q;
  q.name = formats::display_name(g.model);
  q.text = g.model == "-" ? std::string(std::istreambuf_iterator<char>(std::cin), {})
                          : formats::file_text(g.model, "model file");
  q.options = compile_options(g);
  q.spec_object = f.spec_object;
  q.explore = explore;
  q.explore.on_progress = {};
  q.max_fences = f.max_fences;
  const fences::FenceReport r = fences::infer_fences(q, [](const fences::InferenceProgress& p) {
    fmt::print(stderr, "gen: fence set {} of at most {}\n", p.index, p.bound);
  });
  if (r.minimal.empty() && r.positions.empty())
    throw UsageError(fmt::format(
        "{} is not linearizable under --memory {} and has no statement after which a fence would change a run (a "
        "plain store to shared memory outside atomic blocks, not followed by a draining statement): check it "
        "under --memory sc",
        r.object, g.memory));
  fmt::print("{}", fences::render_report(q, r));
  return fences::report_status(r);
}

}  // namespace tools
