// refines: weak trace inclusion (linearizability, seed paper Theorem 3.5),
// lock-freedom (Section 4) and bisimilarity of LTSs; the logic is in refine/.
#include <unistd.h>

#include <fmt/format.h>

#include "formats/aut_reader.hpp"
#include "formats/diagnostic.hpp"
#include "formats/output_file.hpp"
#include "bisim/equivalence.hpp"
#include "bisim/quotient.hpp"
#include "refine/bisimilarity.hpp"
#include "refine/lock_freedom.hpp"
#include "refine/text_table.hpp"
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
  bool reduce = false;
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

// The input, minimised modulo branching bisimulation with --reduce (weak
// traces are preserved: seed paper, proof of Theorem 3.4).
lts::Lts read_input(const Settings& s, const std::string& path) {
  lts::Lts l = formats::read_aut_file(path, s.read);
  if (!s.reduce) return l;
  return bisim::minimise(l, bisim::Equivalence::branching).quotient;
}

int run_inclusion(const Settings& s) {
  const lts::Lts impl = read_input(s, s.inputs[0]);
  const lts::Lts spec = read_input(s, s.inputs[1]);
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

std::string play_table(const refine::BisimilarityResult& r, const std::string& a, const std::string& b) {
  std::vector<refine::TextRow> rows{{"#", "moves", "action", "answer"}};
  for (std::size_t i = 0; i < r.play.size(); ++i) {
    const refine::NamedMove& m = r.play[i];
    const std::string& mover = m.attacker_is_a ? a : b;
    const std::string& other = m.attacker_is_a ? b : a;
    const std::string action = m.diverges ? "diverges (internal steps forever)" : m.label.empty() ? "i" : m.label;
    std::string answer;
    switch (m.answer) {
      case refine::PlayMove::Answer::same: answer = fmt::format("{} does it too", other); break;
      case refine::PlayMove::Answer::stays: answer = fmt::format("{} stays put", other); break;
      case refine::PlayMove::Answer::cannot:
        answer = fmt::format("{} cannot match it", other);
        break;
    }
    rows.push_back({std::to_string(i + 1), mover, action, answer});
  }
  return refine::render_table(rows);
}

int run_equivalence(const Settings& s) {
  const lts::Lts x = formats::read_aut_file(s.inputs[0], s.read);
  const lts::Lts y = formats::read_aut_file(s.inputs[1], s.read);
  const bisim::Equivalence e = *bisim::parse_equivalence(s.equivalence);
  const refine::BisimilarityResult r = refine::check_bisimilarity(x, y, e);
  if (s.verbose) std::fprintf(stderr, "refines: %u classes in the disjoint union\n", r.blocks);
  const std::string a = shown(s.inputs[0]), b = shown(s.inputs[1]);
  if (r.holds) {
    print(fmt::format("holds: {} and {} are {} bisimilar\n", a, b, s.equivalence));
    return holds;
  }
  std::string text = fmt::format("does not hold: {} and {} are not {} bisimilar\n", a, b, s.equivalence);
  std::vector<std::string> labels;
  if (r.traces_differ) {
    const std::string& mine = r.trace_of_a ? a : b;
    const std::string& other = r.trace_of_a ? b : a;
    labels = r.trace;
    text += fmt::format("{} has a trace that {} cannot follow; a shortest one ({} action{}):\n", mine, other,
                        labels.size(), labels.size() == 1 ? "" : "s");
    text += refine::render_labels(labels, s.style, fmt::format("<- {} cannot do this", other));
    if (labels.size() > 1) text += fmt::format("After the first {} action{}, {} ", labels.size() - 1, labels.size() == 2 ? "" : "s", other);
    else text += fmt::format("Initially {} ", other);
    text += r.other_enabled.empty() ? "can do no visible action.\n"
                                    : fmt::format("can do only: {}\n", fmt::join(r.other_enabled, "  "));
  } else {
    if (e != bisim::Equivalence::strong) text += "Their weak traces are the same.\n";
    text += "A distinguishing play: one side moves, the other answers as well as it can;\n"
            "after the last move one side can do what the other cannot.\n";
    text += play_table(r, a, b);
    for (const refine::NamedMove& m : r.play)
      if (!m.diverges && !m.label.empty()) labels.push_back(m.label);
  }
  print(text);
  write_cex(s, labels);
  return fails;
}

void check_inputs(Settings& s) {
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
  app.add_flag("--reduce", s.reduce,
               "Minimise both inputs modulo branching bisimulation first (same verdict and trace;\n"
               "-v then shows states of the quotients)");
  app.add_flag("--no-antichains", s.no_antichains, "Plain subset construction without antichain pruning (benchmarks)");
  tools::add_tau_option(app, s.read);
  return tools::run_tool(app, argc, argv, [&] {
    s.style.states = s.verbose;
    check_inputs(s);
    if (s.lockfree) return run_lockfree(s);
    if (!s.equivalence.empty()) return run_equivalence(s);
    return run_inclusion(s);
  });
}
