#include "tools/common/refines_options.hpp"

#include <CLI/CLI.hpp>

#include "formats/output_file.hpp"
#include "tools/common/equivalence_option.hpp"
#include "tools/common/tool.hpp"

namespace tools {

void add_refines_options(CLI::App& app, RefinesSettings& s) {
  app.add_option("inputs", s.inputs, "IMPL SPEC (two .aut files), or one with --lockfree; '-' is stdin")
      ->type_name("FILE");
  add_refines_equivalence_option(app, s.equivalence);
  app.add_flag("--lockfree", s.lockfree,
               "Check one LTS for a reachable cycle of internal steps (a lasso);\n"
               "the same as --progress lock-free");
  // Progress properties (docs/progress.md).
  app.add_option("--progress", s.progress,
                 "Check progress properties of one LTS made with `gen --thread-steps`:\n"
                 "lock-free, wait-free, obstruction-free, deadlock-free, starvation-free\n"
                 "(comma-separated) or all; a lasso for each one that fails, which\n"
                 "--cex writes (docs/refines.md)")
      ->type_name("P[,P...]|all");
  app.add_option("--progress-on", s.progress_on,
                 "Decide each progress property on the input LTS (default) or on the\n"
                 "quotient that preserves it (lassos still on the input; -v says which)")
      ->check(CLI::IsMember({"input", "quotients"}))
      ->type_name("input|quotients");
  app.add_option("--ltl", s.ltl, "Check a next-free LTL formula on one LTS (docs/ltl.md)")->type_name("FORMULA");
  app.add_option("--ltl-file", s.ltl_file, "Check each `name: formula` line of FILE (docs/ltl.md)")->type_name("FILE");
  app.add_option("--fairness", s.fairness,
                 "Fairness per thread for --ltl (docs/ltl.md): none, weak (a thread enabled\n"
                 "for ever is taken) or strong (enabled infinitely often, taken infinitely\n"
                 "often); weak and strong need every transition to name its thread\n"
                 "(gen --thread-steps --no-reduce)")
      ->check(CLI::IsMember({"none", "weak", "strong"}))
      ->type_name("none|weak|strong");
  app.add_option("--cex", s.cex_path,
                 "Write the counterexample trace to FILE, one label per line as in the .aut\n"
                 "(only when the relation does not hold)")
      ->check(file_name)
      ->type_name("FILE");
  app.add_flag("--explain", s.style.explain, "Show call(T,..)/ret(T,..) actions in one column per thread");
  app.add_flag("-v,--verbose", s.verbose, "Show IMPL state numbers along the trace, and statistics on stderr");
  app.add_flag("--reduce", s.reduce,
               "Minimise both inputs modulo branching bisimulation first (same verdict and\n"
               "trace length; -v then shows states of the quotients)");
  app.add_flag("--no-antichains", s.no_antichains, "Plain subset construction without antichain pruning (benchmarks)");
  add_tau_option(app, s.read);
}

namespace {

void check_inputs(RefinesSettings& s) {
  const bool ltl = !s.ltl.empty() || !s.ltl_file.empty();
  if (s.fairness != "none" && !ltl) throw UsageError("--fairness applies to --ltl and --ltl-file only");
  if (ltl && (s.lockfree || !s.progress.empty() || !s.equivalence.empty() || s.reduce))
    throw UsageError("--ltl and --ltl-file exclude --lockfree, --progress, --equiv and --reduce");
  if (!s.ltl.empty() && !s.ltl_file.empty()) throw UsageError("give --ltl or --ltl-file, not both");
  if (ltl) {
    if (s.inputs.empty()) s.inputs.push_back("");
    if (s.inputs.size() != 1) throw UsageError("--ltl takes one LTS");
    for (std::string& in : s.inputs) in = resolve_input(in);
    return;
  }
  if (s.progress_on != "input" && !s.lockfree && s.progress.empty())
    throw UsageError("--progress-on applies to --progress (and --lockfree) only");
  if (s.lockfree && !s.progress.empty() && s.progress != "lock-free")
    throw UsageError("--lockfree is --progress lock-free: give one of them");
  const std::string progress_option = !s.progress.empty() ? "--progress" : "--lockfree";
  if (!s.progress.empty()) s.lockfree = true;  // one input, no --equiv, no --reduce
  if (s.lockfree && !s.equivalence.empty()) throw UsageError(progress_option + " and --equiv exclude each other");
  const std::size_t wanted = s.lockfree ? 1 : 2;
  if (s.lockfree && s.inputs.empty()) s.inputs.push_back("");  // standard input, if it is not a terminal
  if (s.inputs.size() != wanted)
    throw UsageError(s.lockfree ? progress_option + " takes one LTS"
                                : "give two LTSs: IMPL SPEC (or A B with --equiv)");
  if (s.inputs.size() == 2 && s.inputs[0] == "-" && s.inputs[1] == "-")
    throw UsageError("only one input can be '-' (standard input)");
  if (s.reduce && (s.lockfree || !s.equivalence.empty())) throw UsageError("--reduce applies to trace inclusion only");
  for (std::string& in : s.inputs) in = resolve_input(in);
}

}  // namespace

void prepare_refines_settings(RefinesSettings& s) {
  s.style.states = s.verbose;
  check_inputs(s);
  if (!s.cex_path.empty()) {
    check_beside_standard_output("--cex", s.cex_path, "the verdict");
    formats::check_output_path(s.cex_path);
  }
  formats::check_outputs_spare_inputs({"-", s.cex_path.empty() ? "-" : s.cex_path}, s.inputs);
  if (s.lockfree && s.progress.empty()) s.progress = "lock-free";  // --lockfree is --progress lock-free
}

}  // namespace tools
