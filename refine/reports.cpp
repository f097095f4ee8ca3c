#include "refine/reports.hpp"

#include <fmt/format.h>

#include "refine/equivalence/play_file.hpp"
#include "refine/text/text_table.hpp"

namespace refine {

namespace {

std::string actions(std::size_t n) { return fmt::format("{} action{}", n, n == 1 ? "" : "s"); }

// The line after a refused trace: what the other side could do instead.
std::string could_do(std::size_t trace_length, const std::string& other, const std::vector<std::string>& enabled) {
  std::string text = trace_length > 1 ? fmt::format("After the first {}, {} ", actions(trace_length - 1), other)
                                      : fmt::format("Initially {} ", other);
  return text +
         (enabled.empty() ? "can do no visible action.\n" : fmt::format("can do only: {}\n", fmt::join(enabled, "  ")));
}

std::string play_table(const BisimilarityResult& r, const std::string& a, const std::string& b) {
  std::vector<TextRow> rows{{"#", "moves", "action", "answer"}};
  for (std::size_t i = 0; i < r.play.size(); ++i) {
    const NamedMove& m = r.play[i];
    const std::string& other = m.attacker_is_a ? b : a;
    std::string answer = fmt::format("{} cannot match it", other);
    if (m.answer == PlayMove::Answer::same) answer = fmt::format("{} does it too", other);
    if (m.answer == PlayMove::Answer::stays) answer = fmt::format("{} stays put", other);
    rows.push_back({std::to_string(i + 1), m.attacker_is_a ? a : b,
                    m.diverges        ? "diverges (internal steps forever)"
                    : m.label.empty() ? "i"
                                      : m.label,
                    answer});
  }
  return render_table(rows);
}

}  // namespace

Report inclusion_report(const lts::Lts& impl, const InclusionResult& r, const std::string& a, const std::string& b,
                        const TraceStyle& style) {
  Report report;
  report.holds = r.holds;
  if (r.holds) {
    report.text = fmt::format("holds: every trace of {} is a trace of {} (weak traces, tau hidden)\n", a, b);
    return report;
  }
  report.trace = visible_labels(impl, r.path);
  report.text = fmt::format("does not hold: {} has a trace that {} cannot follow\n", a, b);
  report.text += fmt::format("A shortest such trace ({}):\n", actions(report.trace.size()));
  report.text += render_trace(impl, r.path, style, fmt::format("<- {} refuses this", b));
  report.text += could_do(report.trace.size(), b, r.spec_enabled);
  return report;
}

Report lasso_report(const lts::Lts& l, const Lasso& lasso, const std::string& a, const TraceStyle& style) {
  Report report;
  report.holds = !lasso.found;
  if (report.holds) {
    // The premise is part of the verdict: a branching quotient (quotient's
    // default) never has a tau-cycle, so on one this holds for any object.
    report.text = fmt::format(
        "holds: {} has no reachable cycle of internal steps: lock-free, if {} keeps the divergences "
        "(gen's LTS or its divbranching quotient; a branching quotient never has such a cycle)\n",
        a, a);
    return report;
  }
  report.trace = visible_labels(l, lasso.stem);
  report.text = fmt::format("does not hold: {} can run internal steps forever (not lock-free)\n", a);
  if (report.trace.empty()) {
    report.text += "The cycle is reachable without any visible action.\n";
  } else {
    report.text += fmt::format("A shortest path to the cycle ({}):\n", actions(report.trace.size()));
    report.text += render_trace(l, lasso.stem, style);
  }
  std::string states = std::to_string(lasso.cycle.front().from);
  for (const lts::Transition& t : lasso.cycle) states += fmt::format(" -> {}", t.to);
  report.text += fmt::format("then forever a cycle of {} internal step{} through states {}\n", lasso.cycle.size(),
                             lasso.cycle.size() == 1 ? "" : "s", states);
  // The lasso form `gen --replay` reads (docs/refines.md, "Progress lassos"):
  // the stem's visible labels, then the cycle, one `i` per internal step.
  report.cex_text = trace_file_text(report.trace) + "# cycle\n";
  for (std::size_t i = 0; i < lasso.cycle.size(); ++i) report.cex_text += "i\n";
  return report;
}

Report bisimilarity_report(const BisimilarityResult& r, bisim::Equivalence e, const std::string& a,
                           const std::string& b, const TraceStyle& style) {
  Report report;
  report.holds = r.holds;
  if (r.holds) {
    report.text = fmt::format("holds: {} and {} are {} bisimilar\n", a, b, bisim::name(e));
    // The premise of Theorem 4.4: a branching quotient has lost its
    // divergences, so two of them can agree here while their objects differ.
    if (e == bisim::Equivalence::divbranching)
      report.text += fmt::format(
          "This speaks for the objects if {} and {} keep their divergences (gen's LTS or its divbranching "
          "quotient; a branching quotient has none).\n",
          a, b);
    return report;
  }
  report.text = fmt::format("does not hold: {} and {} are not {} bisimilar\n", a, b, bisim::name(e));
  if (r.traces_differ) {
    const std::string& mine = r.trace_of_a ? a : b;
    const std::string& other = r.trace_of_a ? b : a;
    report.trace = r.trace;
    report.text += fmt::format("{} has a trace that {} cannot follow; a shortest one ({}):\n", mine, other,
                               actions(r.trace.size()));
    report.text += render_labels(r.trace, style, fmt::format("<- {} cannot do this", other));
    report.text += could_do(r.trace.size(), other, r.other_enabled);
    return report;
  }
  if (bisim::hides_inert_tau(e)) report.text += "Their weak traces are the same.\n";
  report.text +=
      "A distinguishing play: one side moves, the other answers as well as it can;\n"
      "after the last move one side can do what the other cannot.\n";
  report.text += play_table(r, a, b);
  for (const NamedMove& m : r.play)
    if (!m.diverges && !m.label.empty()) report.trace.push_back(m.label);
  if (!r.witness.empty()) {
    report.cex_text = play_file_text(r, e, a, b);
    report.text += fmt::format(
        "--cex writes this play step by step on the states of both ({} move{}, internal steps "
        "included).\n",
        r.witness.size(), r.witness.size() == 1 ? "" : "s");
  }
  return report;
}

}  // namespace refine
