// refines: weak trace inclusion (linearizability, seed paper Theorem 3.5),
// lock-freedom (Section 4) and bisimilarity of LTSs; the logic is in refine/.
#include <unistd.h>

#include <fmt/format.h>

#include "formats/aut_reader.hpp"
#include "formats/diagnostic.hpp"
#include "formats/output_file.hpp"
#include "bisim/equivalence.hpp"
#include "bisim/quotient.hpp"
#include "lts/sparse_states.hpp"
#include "refine/bisimilarity.hpp"
#include "refine/lock_freedom.hpp"
#include "refine/progress.hpp"
#include "refine/progress_report.hpp"
#include "refine/reports.hpp"
#include "refine/trace_inclusion.hpp"
#include "refine/visible_actions.hpp"
#include "tools/common/equivalence_option.hpp"
#include "tools/common/tool.hpp"

namespace {

constexpr int holds = 0, fails = 1;

struct Settings {
  std::vector<std::string> inputs;
  std::string equivalence;  // empty: trace inclusion
  bool lockfree = false;
  std::string progress;  // --progress P[,P...]|all; --lockfree sets "lock-free"
  std::string cex_path;
  refine::TraceStyle style;
  bool verbose = false;
  bool no_antichains = false;
  bool reduce = false;
  formats::AutReadOptions read;
};

// Prints the verdict, writes --cex when it does not hold, and gives the exit status.
int finish(const Settings& s, const refine::Report& report) {
  std::fwrite(report.text.data(), 1, report.text.size(), stdout);
  if (report.holds) return holds;
  tools::flush_standard_output();  // no --cex for a verdict that was lost
  if (!s.cex_path.empty()) {
    formats::OutputFile out(s.cex_path);
    const std::string text = report.cex_text.empty() ? refine::trace_file_text(report.trace) : report.cex_text;
    std::fwrite(text.data(), 1, text.size(), out.stream());
    out.commit();
  }
  return fails;
}

std::string shown(const std::string& path) { return formats::display_name(path); }

// The input, minimised modulo branching bisimulation with --reduce (weak
// traces are preserved: seed paper, proof of Theorem 3.4).
// Sparse numbering is made dense (lts/sparse_states.hpp), so that memory
// follows the transitions; traces are printed with the file's state ids.
lts::DenseLts read_input(const Settings& s, const std::string& path) {
  lts::DenseLts in = lts::make_dense(formats::read_aut_file(path, s.read));
  if (s.reduce) in = {bisim::minimise(in.lts, bisim::Equivalence::branching).quotient, {}};
  return in;
}

// A check that says nothing is refused: its "holds" would be no verdict
// (docs/refines.md, "What refines refuses"). `why`: what the check would
// then decide.
void require_visible_action(const std::vector<std::string>& visible, const std::string& path, const char* why) {
  if (visible.empty())
    throw formats::FileError(fmt::format(
        "{}: error: no visible action is reachable from the initial state, so {}; check the labels "
        "and --tau",
        shown(path), why));
}

// Two LTSs without a visible label in common compare different alphabets
// (a renamed method, threads or arguments written differently): worth a word.
void warn_if_disjoint(const std::vector<std::string>& a, const std::vector<std::string>& b, const Settings& s) {
  if (a.empty() || b.empty() || !refine::shared_labels(a, b).empty()) return;
  fmt::print(stderr, "refines: warning: {} and {} share no visible label ({} has e.g. {}, {} has e.g. {})\n",
             shown(s.inputs[0]), shown(s.inputs[1]), shown(s.inputs[0]), a.front(), shown(s.inputs[1]),
             b.front());
}

int run_inclusion(const Settings& s) {
  const lts::DenseLts impl_in = read_input(s, s.inputs[0]);
  const lts::Lts& impl = impl_in.lts;
  const lts::Lts spec = read_input(s, s.inputs[1]).lts;
  const std::vector<std::string> impl_visible = refine::reachable_visible_labels(impl);
  require_visible_action(impl_visible, s.inputs[0],
                         "its only trace is the empty one and trace inclusion would hold whatever SPEC is");
  warn_if_disjoint(impl_visible, refine::reachable_visible_labels(spec), s);
  refine::InclusionOptions options;
  options.antichains = !s.no_antichains;
  if (::isatty(STDERR_FILENO))
    options.progress = [](const refine::InclusionStats& st) {
      std::fprintf(stderr, "\rrefines: %llu product states, depth %u ...",
                   static_cast<unsigned long long>(st.product_states), st.depth);
    };
  refine::InclusionResult r = refine::check_trace_inclusion(impl, spec, options);
  lts::restore_states(r.path, impl_in.original);
  if (options.progress && r.stats.product_states >= (1u << 18)) std::fprintf(stderr, "\r\033[K");
  if (s.verbose)
    std::fprintf(stderr, "refines: %llu product states, %llu SPEC subsets, antichain %llu, depth %u\n",
                 static_cast<unsigned long long>(r.stats.product_states),
                 static_cast<unsigned long long>(r.stats.subsets), static_cast<unsigned long long>(r.stats.antichain),
                 r.stats.depth);
  return finish(s, refine::inclusion_report(impl, r, shown(s.inputs[0]), shown(s.inputs[1]), s.style));
}

int run_lockfree(const Settings& s, const lts::DenseLts& in) {
  require_visible_action(refine::reachable_visible_labels(in.lts), s.inputs[0],
                         "it makes no call: it is not the behaviour of clients of an object, and lock-freedom "
                         "says nothing about it");
  refine::Lasso lasso = refine::find_tau_lasso(in.lts);
  lts::restore_states(lasso.stem, in.original);
  lts::restore_states(lasso.cycle, in.original);
  return finish(s, refine::lasso_report(in.lts, lasso, shown(s.inputs[0]), s.style));
}

// ---- Progress properties (--progress, docs/progress.md) ----------------

// A plain LTS (internal steps as `i`, no step(T)) keeps the lock-freedom
// check of seed paper Section 4: a reachable tau-cycle. Everything else
// needs thread-attributed steps.
int run_progress(const Settings& s) {
  const std::vector<refine::Progress> properties = refine::parse_progress_list(s.progress);
  lts::DenseLts in = read_input(s, s.inputs[0]);
  if (properties == std::vector{refine::Progress::lock_free} && !refine::has_thread_steps(in.lts)) {
    if (s.verbose)
      std::fprintf(stderr, "refines: lock-free: tau-cycles of the input (%u states, %zu transitions)\n",
                   in.lts.num_states, in.lts.num_transitions());
    return run_lockfree(s, in);
  }
  refine::ProgressResult r = refine::check_progress(in.lts, properties, in.original);
  for (refine::ProgressVerdict& v : r.verdicts) {
    if (s.verbose) std::fprintf(stderr, "refines: %s\n", v.checked_on.c_str());
    lts::restore_states(v.lasso.stem, in.original);
    lts::restore_states(v.lasso.cycle, in.original);
  }
  return finish(s, refine::progress_report(in.lts, r, shown(s.inputs[0]), s.style));
}

// ---- end of progress properties ------------------------------------------

int run_equivalence(const Settings& s) {
  const lts::DenseLts x_in = read_input(s, s.inputs[0]), y_in = read_input(s, s.inputs[1]);
  const lts::Lts& x = x_in.lts;
  const lts::Lts& y = y_in.lts;
  const std::vector<std::string> x_visible = refine::reachable_visible_labels(x);
  const std::vector<std::string> y_visible = refine::reachable_visible_labels(y);
  if (x_visible.empty() && y_visible.empty())
    throw tools::UsageError(fmt::format(
        "neither {} nor {} has a visible action reachable from its initial state: bisimilarity would compare "
        "internal steps only; check the labels and --tau",
        shown(s.inputs[0]), shown(s.inputs[1])));
  warn_if_disjoint(x_visible, y_visible, s);
  const bisim::Equivalence e = *bisim::parse_equivalence(s.equivalence);
  refine::BisimilarityResult r = refine::check_bisimilarity(x, y, e);
  refine::restore_witness_states(r, x_in.original, y_in.original);
  if (s.verbose) std::fprintf(stderr, "refines: %u classes in the disjoint union\n", r.blocks);
  return finish(s, refine::bisimilarity_report(r, e, shown(s.inputs[0]), shown(s.inputs[1]), s.style));
}

void check_inputs(Settings& s) {
  if (s.lockfree && !s.progress.empty() && s.progress != "lock-free")
    throw tools::UsageError("--lockfree is --progress lock-free: give one of them");
  if (!s.progress.empty()) s.lockfree = true;  // one input, no --equiv, no --reduce
  const std::size_t wanted = s.lockfree ? 1 : 2;
  if (s.lockfree && s.inputs.empty()) s.inputs.push_back("");  // standard input, if it is not a terminal
  if (s.inputs.size() != wanted)
    throw tools::UsageError(s.lockfree ? "--lockfree takes one LTS" : "give two LTSs: IMPL SPEC (or A B with --equiv)");
  if (s.inputs.size() == 2 && s.inputs[0] == "-" && s.inputs[1] == "-")
    throw tools::UsageError("only one input can be '-' (standard input)");
  if (s.lockfree && !s.equivalence.empty()) throw tools::UsageError("--lockfree and --equiv exclude each other");
  if (s.reduce && (s.lockfree || !s.equivalence.empty()))
    throw tools::UsageError("--reduce applies to trace inclusion only");
  for (std::string& in : s.inputs) in = tools::resolve_input(in);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Check weak trace inclusion (linearizability), bisimilarity or lock-freedom of LTSs (.aut).",
               "refines");
  tools::describe_tool(app, "Examples:\n"
      "  refines impl.q.aut spec.q.aut            traces(impl) included in traces(spec)?\n"
      "  gen treiber_stack.conc -t 2 | quotient - | refines - spec.q.aut --cex trace.txt\n"
      "  refines --equiv divbranching impl.aut abstract.aut\n"
      "  refines --lockfree impl.dq.aut           a reachable cycle of internal steps?\n"
      "  gen m.conc --thread-steps | refines --progress all    the five progress properties\n"
      "Exit status: 0 the relation holds, 1 it does not (a counterexample is printed),\n"
      "2 an error (bad input, bad usage), like cmp and diff.");
  Settings s;
  app.add_option("inputs", s.inputs, "IMPL SPEC (two .aut files), or one with --lockfree; '-' is stdin")
      ->type_name("FILE");
  tools::add_refines_equivalence_option(app, s.equivalence);
  app.add_flag("--lockfree", s.lockfree, "Check one LTS for a reachable cycle of internal steps (a lasso);\n"
               "the same as --progress lock-free");
  // Progress properties (docs/progress.md).
  app.add_option("--progress", s.progress,
                 "Check progress properties of one LTS made with `gen --thread-steps`:\n"
                 "lock-free, wait-free, obstruction-free, deadlock-free, starvation-free\n"
                 "(comma-separated) or all; a lasso for each one that fails, which\n"
                 "--cex writes (docs/refines.md)")
      ->type_name("P[,P...]|all");
  app.add_option("--cex", s.cex_path, "Write the counterexample trace to FILE, one label per line as in the .aut\n"
                 "(only when the relation does not hold)")
      ->check(tools::file_name)
      ->type_name("FILE");
  app.add_flag("--explain", s.style.explain, "Show call(T,..)/ret(T,..) actions in one column per thread");
  app.add_flag("-v,--verbose", s.verbose, "Show IMPL state numbers along the trace, and statistics on stderr");
  app.add_flag("--reduce", s.reduce,
               "Minimise both inputs modulo branching bisimulation first (same verdict and\n"
               "trace length; -v then shows states of the quotients)");
  app.add_flag("--no-antichains", s.no_antichains, "Plain subset construction without antichain pruning (benchmarks)");
  tools::add_tau_option(app, s.read);
  return tools::run_tool(app, argc, argv, [&] {
    s.style.states = s.verbose;
    check_inputs(s);
    if (!s.cex_path.empty()) formats::check_output_path(s.cex_path);
    formats::check_outputs_spare_inputs({"-", s.cex_path.empty() ? "-" : s.cex_path}, s.inputs);
    if (s.lockfree && s.progress.empty()) s.progress = "lock-free";  // --lockfree is --progress lock-free
    if (!s.progress.empty()) return run_progress(s);
    if (!s.equivalence.empty()) return run_equivalence(s);
    return run_inclusion(s);
  });
}
