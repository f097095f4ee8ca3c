// gen: the LTS of a concurrent object under K most general clients (frontend/).
#include <unistd.h>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "formats/aut_writer.hpp"
#include "formats/output_file.hpp"
#include "frontend/compile.hpp"
#include "tools/common/gen_fences.hpp"
#include "tools/common/gen_options.hpp"
#include "tools/common/gen_progress.hpp"
#include "tools/common/gen_replay.hpp"
#include "tools/common/gen_symmetry.hpp"
#include "tools/common/tool.hpp"

namespace {

// The options that exclude each other across --replay and --progress.
void check_modes(const CLI::App& app, const tools::GenOptions& g, const tools::ReplayOptions& replay,
                 const tools::GenProgressOptions& progress) {
  // A replay names threads and follows gen's state numbers.
  if (replay.wanted() && g.symmetry)
    throw tools::UsageError("--replay follows the LTS without --symmetry: generate and check it without");
  if (progress.wanted() && replay.wanted()) throw tools::UsageError("--progress and --replay: give one of them");
  // An option of a mode not chosen would be ignored: a slip, never silence.
  for (const char* option : {"--replay-property", "--replay-side", "--replay-map", "--replay-format", "--replay-dot"})
    if (!replay.wanted() && app.count(option) != 0)
      throw tools::UsageError(fmt::format("{} applies to --replay or --replay-fault, which are not given", option));
  if ((replay.wanted() || progress.wanted()) && app.count("--tau-name") != 0)
    throw tools::UsageError(
        "--tau-name names the internal action of an LTS, which --replay and --progress do not write");
  if (replay.wanted() && app.count("--output") != 0)
    throw tools::UsageError(
        "--replay and --replay-fault print the run on standard output and write no LTS: drop -o (or redirect "
        "standard output to a file)");
  if (progress.wanted() && app.count("--output") != 0)
    throw tools::UsageError(
        "--progress prints verdicts and writes no LTS: drop -o (or write the LTS with "
        "--thread-steps and check it with refines --progress)");
  if (!progress.cex_path.empty()) {
    tools::check_beside_standard_output("--cex", progress.cex_path, "the verdict");
    formats::check_output_path(progress.cex_path);
    formats::check_outputs_spare_inputs({progress.cex_path}, {g.model});
  }
}

// Explores the model and writes its LTS (or replays a counterexample, or
// decides progress properties).
int generate(const CLI::App& app, const tools::GenOptions& g, const tools::ReplayOptions& replay_options,
             const tools::GenProgressOptions& progress_options, const tools::FenceOptions& fence_options) {
  const frontend::CompileOptions options = tools::compile_options(g);
  frontend::ExploreOptions explore = tools::explore_options(app, g);
  formats::check_output_path(g.output.path);
  formats::check_outputs_spare_inputs({g.output.path}, {g.model});
  check_modes(app, g, replay_options, progress_options);
  tools::check_fence_options(app, g, fence_options);
  if (fence_options.suggest) {
    if (replay_options.wanted() || progress_options.wanted())
      throw tools::UsageError("--suggest-fences is a mode of its own: drop --replay and --progress");
    if (const std::string note = tools::memory_note(g); !note.empty()) fmt::print(stderr, "{}", note);
    return tools::suggest_fences(g, fence_options, explore);
  }
  const frontend::Program program = frontend::load_model(g.model, options);
  if (const std::string note = tools::memory_note(g); !note.empty()) fmt::print(stderr, "{}", note);
  if (replay_options.wanted()) return tools::replay(program, g.model, replay_options, explore);
  const bool terminal = ::isatty(STDERR_FILENO) != 0;
  tools::ProgressLine progress(terminal);
  if (terminal || g.stats) explore.on_progress = [&](const frontend::ExploreProgress& p) { progress.show(p); };
  if (progress_options.wanted()) {
    const auto explored = [&](const frontend::ExploreStats& st) {
      progress.end(&st);
      if (g.stats) fmt::print(stderr, "{}", tools::stats_line(st));
    };
    try {
      return tools::check_progress(program, g.model, progress_options, explore, explored, terminal || g.stats);
    } catch (...) {
      progress.end(nullptr);
      throw;
    }
  }
  frontend::ExploreStats st;
  lts::Lts lts;
  lts::OrbitLts orbits;
  try {
    if (g.symmetry) orbits = frontend::explore_orbits(program, explore, &st);
    else lts = frontend::explore(program, explore, &st);
  } catch (...) {
    progress.end(nullptr);
    throw;
  }
  progress.end(&st);
  if (g.stats) fmt::print(stderr, "{}", tools::stats_line(st));
  if (g.symmetry) {
    lts = tools::quotient_modulo_symmetry(std::move(orbits), program.threads, terminal || g.stats, "gen");
  }
  formats::OutputFile out(g.output.path);
  formats::write_aut(lts, out.stream(), g.output.aut);
  out.commit();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app(
      "Generate the LTS (.aut) of a concurrent object from its model: K most general client threads,\n"
      "each calling every method with every argument, N times or forever.",
      "gen");
  tools::describe_tool(
      app,
      "Examples:\n"
      "  gen models/treiber_stack.conc --threads 2 --ops 2 -o impl.aut\n"
      "  gen models/treiber_stack.conc --threads 2 --ops 2 --spec -o spec.aut   linearizable specification\n"
      "  gen models/stack_spec.conc --object Stack --values 1..3 | quotient -\n"
      "Labels: call(T,METHOD,ARG...) and ret(T,METHOD[,VALUE]) with T from 1; every other step is 'i',\n"
      "or step(T) with --thread-steps (for refines --progress; quotient --tau=step hides them again).\n"
      "A thread that waits (at a lock held by another thread, or a false await) takes a step that\n"
      "changes nothing.\n"
      "The language is described in docs/language.md.\n"
      "With --progress it writes no LTS and prints the verdicts of refines --progress instead; with\n"
      "--suggest-fences (and --memory tso|pso) it prints the minimal fence sets that make the object\n"
      "linearizable.\n"
      "Exit status: 0 on success (with --progress: every property holds; with --suggest-fences: a\n"
      "sufficient fence set, maybe empty, was found), 1 with --progress when one does not hold (with\n"
      "--suggest-fences: no set of at most --max-fences fences is sufficient), 2 on an error (in the\n"
      "model, the options, or a run-time fault such as a null dereference or an exhausted node pool).");
  tools::GenOptions g;
  tools::add_gen_options(app, g);
  tools::ReplayOptions replay_options;
  tools::add_replay_options(app, replay_options);
  tools::GenProgressOptions progress_options;
  tools::add_gen_progress_options(app, progress_options);
  tools::FenceOptions fence_options;
  tools::add_fence_options(app, fence_options);
  return tools::run_tool(app, argc, argv,
                         [&] { return generate(app, g, replay_options, progress_options, fence_options); });
}
