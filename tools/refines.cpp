// refines: weak trace inclusion (linearizability, seed paper Theorem 3.5),
// lock-freedom (Section 4) and bisimilarity of LTSs; the logic is in refine/.
#include <unistd.h>

#include <fmt/format.h>

#include "formats/aut_reader.hpp"
#include "formats/diagnostic.hpp"
#include "formats/output_file.hpp"
#include "refine/lock_freedom.hpp"
#include "refine/trace_inclusion.hpp"
#include "refine/trace_report.hpp"
#include "tools/common/tool.hpp"

namespace {

constexpr int holds = 0, fails = 1;

struct Settings {
  std::vector<std::string> inputs;
  std::string equivalence;  // empty: trace inclusion
  bool lockfree = false;
  std::string cex_path;
  refine::TraceStyle style;
  bool verbose = false;
  bool no_antichains = false;
  formats::AutReadOptions read;
};

void write_cex(const Settings& s, const std::vector<std::string>& labels) {
  if (s.cex_path.empty()) return;
  formats::OutputFile out(s.cex_path);
  const std::string text = refine::trace_file_text(labels);
  std::fwrite(text.data(), 1, text.size(), out.stream());
  out.commit();
}

void print(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
}

std::string shown(const std::string& path) { return formats::display_name(path); }

int run_inclusion(const Settings& s) {
  const lts::Lts impl = formats::read_aut_file(s.inputs[0], s.read);
  const lts::Lts spec = formats::read_aut_file(s.inputs[1], s.read);
  refine::InclusionOptions options;
  options.antichains = !s.no_antichains;
  if (::isatty(STDERR_FILENO))
    options.progress = [](const refine::InclusionStats& st) {
      std::fprintf(stderr, "\rrefines: %llu product states, depth %u ...", static_cast<unsigned long long>(st.product_states),
                   st.depth);
    };
  const refine::InclusionResult r = refine::check_trace_inclusion(impl, spec, options);
  if (options.progress && r.stats.product_states >= (1u << 18)) std::fprintf(stderr, "\r\033[K");
  if (s.verbose)
    std::fprintf(stderr, "refines: %llu product states, %llu SPEC subsets, antichain %llu, depth %u\n",
                 static_cast<unsigned long long>(r.stats.product_states), static_cast<unsigned long long>(r.stats.subsets),
                 static_cast<unsigned long long>(r.stats.antichain), r.stats.depth);
  const std::string a = shown(s.inputs[0]), b = shown(s.inputs[1]);
  if (r.holds) {
    print(fmt::format("holds: every trace of {} is a trace of {} (weak traces, tau hidden)\n", a, b));
    return holds;
  }
  const auto labels = refine::visible_labels(impl, r.path);
  std::string text = fmt::format("does not hold: {} has a trace that {} cannot follow\n", a, b);
  text += fmt::format("A shortest such trace ({} action{}):\n", labels.size(), labels.size() == 1 ? "" : "s");
  text += refine::render_trace(impl, r.path, s.style, fmt::format("<- {} refuses this", b));
  if (labels.size() > 1 || !r.spec_enabled.empty()) {
    text += labels.size() > 1 ? fmt::format("After the first {} action{}, {} ", labels.size() - 1, labels.size() == 2 ? "" : "s", b) : fmt::format("Initially {} ", b);
    text += r.spec_enabled.empty() ? "can do no visible action.\n"
                                   : fmt::format("can do only: {}\n", fmt::join(r.spec_enabled, "  "));
  }
  print(text);
  write_cex(s, labels);
  return fails;
}

int run_lockfree(const Settings& s) {
  const lts::Lts l = formats::read_aut_file(s.inputs[0], s.read);
  const refine::Lasso lasso = refine::find_tau_lasso(l);
  const std::string a = shown(s.inputs[0]);
  if (!lasso.found) {
    print(fmt::format("holds: {} has no reachable cycle of internal steps (lock-free)\n", a));
    return holds;
  }
  const auto labels = refine::visible_labels(l, lasso.stem);
  const lts::StateId entry = lasso.cycle.front().from;
  std::string text = fmt::format("does not hold: {} can run internal steps forever (not lock-free)\n", a);
  if (labels.empty()) {
    text += "The cycle is reachable without any visible action.\n";
  } else {
    text += fmt::format("A shortest path to the cycle ({} action{}):\n", labels.size(), labels.size() == 1 ? "" : "s");
    text += refine::render_trace(l, lasso.stem, s.style);
  }
  std::string states = std::to_string(entry);
  for (const lts::Transition& t : lasso.cycle) states += fmt::format(" -> {}", t.to);
  text += fmt::format("then forever a cycle of {} internal step{} through states {}\n", lasso.cycle.size(),
                      lasso.cycle.size() == 1 ? "" : "s", states);
  print(text);
  write_cex(s, labels);
  return fails;
}

void check_inputs(Settings& s) {
  const std::size_t wanted = s.lockfree ? 1 : 2;
  if (s.inputs.size() != wanted)
    throw tools::UsageError(s.lockfree ? "--lockfree takes one LTS" : "give two LTSs: IMPL SPEC (or A B with --equiv)");
  if (s.inputs.size() == 2 && s.inputs[0] == "-" && s.inputs[1] == "-")
    throw tools::UsageError("only one input can be '-' (standard input)");
  if (s.lockfree && !s.equivalence.empty()) throw tools::UsageError("--lockfree and --equiv exclude each other");
  for (std::string& in : s.inputs) in = tools::resolve_input(in);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Check weak trace inclusion (linearizability), bisimilarity or lock-freedom of LTSs (.aut).",
               "refines");
  tools::describe_tool(app, "Examples:\n"
      "  refines impl.q.aut spec.q.aut            traces(impl) included in traces(spec)?\n"
      "  gen m --threads 2 | quotient - | refines - spec.q.aut --cex trace.txt\n"
      "  refines --equiv divbranching impl.aut abstract.aut\n"
      "  refines --lockfree impl.dq.aut           a reachable cycle of internal steps?\n"
      "Exit status: 0 the relation holds, 1 it does not (a counterexample is printed),\n"
      "2 an error (bad input, bad usage), like cmp and diff.");
  Settings s;
  app.add_option("inputs", s.inputs, "IMPL SPEC (two .aut files), or one with --lockfree; '-' is stdin")
      ->type_name("FILE");
  app.add_option("--equiv", s.equivalence, "Decide bisimilarity instead: strong, branching or divbranching")
      ->check(CLI::IsMember({"strong", "branching", "divbranching"}));
  app.add_flag("--lockfree", s.lockfree, "Check one LTS for a reachable cycle of internal steps (a lasso)");
  app.add_option("--cex", s.cex_path, "Write the counterexample trace to FILE, one label per line as in the .aut")
      ->type_name("FILE");
  app.add_flag("--explain", s.style.explain, "Show call(T,..)/ret(T,..) actions in one column per thread");
  app.add_flag("-v,--verbose", s.verbose, "Show IMPL state numbers along the trace, and statistics on stderr");
  app.add_flag("--no-antichains", s.no_antichains, "Plain subset construction without antichain pruning (benchmarks)");
  tools::add_tau_option(app, s.read);
  return tools::run_tool(app, argc, argv, [&] {
    s.style.states = s.verbose;
    check_inputs(s);
    if (s.lockfree) return run_lockfree(s);
    if (!s.equivalence.empty()) throw tools::UsageError("--equiv is not available yet");
    return run_inclusion(s);
  });
}
