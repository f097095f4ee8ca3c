#include "refine/progress_report.hpp"

#include <fmt/format.h>

#include "refine/text/text_table.hpp"
#include "refine/text/trace_report.hpp"

namespace refine {

namespace {

std::string why(const ProgressVerdict& v) {
  const std::uint32_t t = v.lasso.thread;
  switch (v.property) {
    case Progress::lock_free: return "the threads can take steps forever while no call returns";
    case Progress::deadlock_free: return "in a fair run (every pending thread keeps stepping) no call returns any more";
    case Progress::wait_free: return fmt::format("thread {} can take steps forever without returning", t);
    case Progress::obstruction_free:
      return fmt::format("thread {}, running alone, can take steps forever without returning", t);
    case Progress::starvation_free:
      return fmt::format("in a fair run (every pending thread keeps stepping) thread {} never returns", t);
  }
  return "";
}

// The labels of `path`, a run of equal labels written once with "xN".
std::string compact_labels(const lts::Lts& l, const std::vector<lts::Transition>& path) {
  std::vector<std::string> words;
  for (std::size_t i = 0; i < path.size();) {
    std::size_t j = i;
    while (j < path.size() && path[j].label == path[i].label) ++j;
    const std::string& name = l.labels.name(path[i].label);
    words.push_back(j - i == 1 ? name : fmt::format("{} x{}", name, j - i));
    i = j;
  }
  return fmt::format("{}", fmt::join(words, "  "));
}

// Which call each thread pending for ever is stuck in: its last call in the stem.
std::string stuck_calls(const lts::Lts& l, const ThreadedLts& t, const ProgressLasso& lasso) {
  std::vector<std::string> calls;
  for (std::size_t b = 0; b < t.threads.size(); ++b) {
    if (!(lasso.pending_forever >> b & 1)) continue;
    std::string call = fmt::format("thread {}", t.threads[b]);
    for (const lts::Transition& x : lasso.stem) {
      const LabelClass c = t.label[x.label];
      if (c.kind == LabelKind::call && c.bit == b) call = l.labels.name(x.label);
    }
    calls.push_back(call);
  }
  return calls.empty() ? "none" : fmt::format("{}", fmt::join(calls, "  "));
}

std::string lasso_text(const lts::Lts& l, const ThreadedLts& t, const ProgressVerdict& v, const TraceStyle& style) {
  const ProgressLasso& lasso = v.lasso;
  std::vector<lts::Transition> shown;  // the stem's calls and returns
  for (const lts::Transition& x : lasso.stem)
    if (t.label[x.label].kind != LabelKind::step && t.label[x.label].kind != LabelKind::flush) shown.push_back(x);
  std::string text;
  if (shown.empty()) {
    text += "The cycle is reachable by steps alone, without any call or return.\n";
  } else {
    text += fmt::format("A path to the cycle with the fewest calls and returns ({} action{}, steps not shown):\n",
                        shown.size(), shown.size() == 1 ? "" : "s");
    text += render_trace(l, shown, style);
  }
  std::string states = std::to_string(lasso.cycle.front().from);
  for (const lts::Transition& x : lasso.cycle) states += fmt::format(" -> {}", x.to);
  text += fmt::format("then forever a cycle of {} transition{} through states {}:\n", lasso.cycle.size(),
                      lasso.cycle.size() == 1 ? "" : "s", states);
  text += fmt::format("  {}\n", compact_labels(l, lasso.cycle));
  text += fmt::format("threads stepping in the cycle: {}; calls pending for ever: {}\n", thread_list(t, lasso.stepping),
                      stuck_calls(l, t, lasso));
  return text;
}

void add_cex(Report& report, const lts::Lts& l, const ProgressVerdict& v) {
  report.trace.push_back(fmt::format("# lasso {}", progress_name(v.property)));
  for (const lts::Transition& x : v.lasso.stem) report.trace.push_back(l.labels.name(x.label));
  report.trace.push_back("# cycle");
  for (const lts::Transition& x : v.lasso.cycle) report.trace.push_back(l.labels.name(x.label));
}

}  // namespace

Report progress_report(const lts::Lts& l, const ProgressResult& result, const std::string& a, const TraceStyle& style) {
  Report report;
  for (const ProgressVerdict& v : result.verdicts) report.holds = report.holds && v.holds;
  if (result.verdicts.size() > 1) {
    std::vector<TextRow> rows{{"property", "verdict"}};
    for (const ProgressVerdict& v : result.verdicts)
      rows.push_back({std::string(progress_name(v.property)), v.holds ? "holds" : "does not hold"});
    report.text += fmt::format("{}: {}\n", a, report.holds ? "every property holds" : "some property does not hold");
    report.text += render_table(rows);
  }
  for (const ProgressVerdict& v : result.verdicts) {
    if (v.holds) {
      if (result.verdicts.size() == 1) report.text += fmt::format("holds: {} is {}\n", a, progress_name(v.property));
      continue;
    }
    report.text += fmt::format("{}does not hold: {} is not {}: {}\n", result.verdicts.size() > 1 ? "\n" : "", a,
                               progress_name(v.property), why(v));
    report.text += lasso_text(l, result.threads, v, style);
    add_cex(report, l, v);
  }
  return report;
}

}  // namespace refine
