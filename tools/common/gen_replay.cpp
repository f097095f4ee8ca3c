#include "tools/common/gen_replay.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "formats/input_file.hpp"
#include "formats/output_file.hpp"
#include "frontend/replay/render.hpp"
#include "frontend/replay/search.hpp"
#include "frontend/replay/state_map.hpp"
#include "frontend/replay/state_view.hpp"
#include "tools/common/tool.hpp"

namespace tools {

void add_replay_options(CLI::App& app, ReplayOptions& r) {
  app.add_option("--replay", r.cex,
                 "Instead of the LTS, print a shortest run matching this counterexample of 'refines --cex'")
      ->type_name("FILE");
  app.add_option(
         "--replay-property", r.property,
         "With several lassos in the file (refines --progress, --ltl), replay this property's (default: the first)")
      ->type_name("NAME");
  app.add_option("--replay-side", r.side,
                 "With a bisimilarity play (refines --equiv), follow this side: A, the first LTS (default), or B")
      ->type_name("A|B")
      ->check(CLI::IsMember({"A", "B"}));
  app.add_option("--replay-map", r.map,
                 "With a play found on quotients, the state map 'quotient --map' wrote for this side's LTS")
      ->type_name("FILE");
  app.add_flag("--replay-fault", r.fault, "Instead of the LTS, print a shortest run to a run-time fault");
  app.add_option("--replay-format", r.format, "Form of the replayed run: text (default) or json")
      ->type_name("text|json")
      ->check(CLI::IsMember({"text", "json"}));
  app.add_option("--replay-dot", r.dot, "Also write the heap where the run ends (or its cycle starts) as Graphviz")
      ->type_name("FILE");
}

int replay(const frontend::Program& program, const std::string& model, const ReplayOptions& r,
           const frontend::ExploreOptions& explore) {
  using namespace frontend::replay;
  if (!r.cex.empty() && r.fault) throw UsageError("--replay and --replay-fault exclude each other");
  if (r.fault && !r.map.empty())
    throw UsageError("--replay-map applies to a play of refines --equiv, not to --replay-fault");
  if (!r.dot.empty()) {
    check_beside_standard_output("--replay-dot", r.dot, "the run");
    formats::check_output_path(r.dot);
    formats::check_outputs_spare_inputs({r.dot}, {model, r.cex, r.map});
  }
  const std::vector<std::string> source =
      model == "-" ? std::vector<std::string>{} : source_lines(formats::file_text(model, "model file"));
  std::optional<Run> run;
  if (r.fault) {
    run = find_fault_run(program);
    if (!run) {
      fmt::print(stderr, "gen: error: no run of {} with these options reaches a run-time fault\n",
                 formats::display_name(model));
      return 2;
    }
  } else {
    const std::vector<Counterexample> all =
        parse_counterexamples(r.cex, formats::file_text(r.cex, "counterexample file"));
    const Counterexample* chosen = &all.front();
    if (!r.property.empty()) {
      chosen = nullptr;
      for (const Counterexample& c : all)
        if (c.property == r.property && !chosen) chosen = &c;
      if (!chosen) throw UsageError(fmt::format("{} has no '# lasso {}' block", r.cex, r.property));
    }
    Counterexample cex = *chosen;
    // With --thread-steps every internal step was a letter step(T) of the LTS.
    cex.step_letters = cex.step_letters || explore.thread_steps;
    if (!cex.play && !r.side.empty())
      throw UsageError(fmt::format("--replay-side applies to a play of refines --equiv, and {} is none", r.cex));
    if (!cex.play && !r.map.empty())
      throw UsageError(fmt::format("--replay-map applies to a play of refines --equiv, and {} is none", r.cex));
    const bool side_a = r.side != "B";
    const std::uint64_t states = cex.states[side_a ? 0 : 1];
    SearchResult found;
    if (!cex.play) found = find_run(program, cex);
    else if (r.map.empty()) found = find_play_run(program, side_path(r.cex, cex, side_a), states, explore);
    else
      found = find_quotient_play_run(program, side_path(r.cex, cex, side_a, true), states,
                                     parse_state_map(r.map, formats::file_text(r.map, "state map")), explore);
    if (!found.run) {
      fmt::print(stderr, "{}: error: the counterexample does not belong to this model and these options{}: {}\n", r.cex,
                 r.map.empty() ? "" : fmt::format(" (with the state map {})", r.map), found.why.detail);
      return 2;
    }
    run = std::move(found.run);
  }
  if (!r.dot.empty()) {
    formats::OutputFile dot(r.dot);
    fmt::print(dot.stream(), "{}", render_dot(program, *run));
    dot.commit();
  }
  fmt::print("{}", r.format == "json" ? render_json(program, *run, source) : render_text(program, *run, source));
  return 0;
}

}  // namespace tools
