// quotient: the branching-bisimulation quotient of an LTS (bisim/). Only the
// command line lives here: tools/common/quotient_options.* reads the options,
// tools/common/quotient_job.* runs the job.
#include <cstdio>

#include <CLI/CLI.hpp>

#include "tools/common/quotient_job.hpp"
#include "tools/common/quotient_options.hpp"
#include "tools/common/tool.hpp"

int main(int argc, char** argv) {
  CLI::App app(
      "Minimise an LTS (.aut) modulo an equivalence and write its quotient (.aut): one state per\n"
      "class, numbered breadth-first from the initial class; inert tau steps dropped; the same\n"
      "input always gives the same bytes.",
      "quotient");
  tools::describe_tool(app,
                       "Examples:\n"
                       "  quotient impl.aut -o impl.q.aut            branching bisimulation quotient\n"
                       "  quotient -e divbranching impl.aut          keeps divergence (for progress checks)\n"
                       "  gen model.conc | quotient - > model.q.aut  from standard input\n"
                       "  quotient -v --map impl.map impl.aut -o impl.q.aut\n"
                       "  quotient spec.aut -o spec.q.aut --dot spec.dot   and a picture: dot -Tsvg spec.dot\n"
                       "State map (--map FILE): one line 'STATE QSTATE' per input state, in order, where QSTATE is\n"
                       "its state in the quotient, or '-' when STATE is unreachable from the initial state\n"
                       "(sparse LTSs, numbered far beyond their transitions: the states they mention only).\n"
                       "Exit status: 0 on success, 2 on an error (then no output file is written).");
  tools::QuotientSettings settings;
  tools::add_quotient_options(app, settings);
  return tools::run_tool(app, argc, argv, [&] {
    const tools::QuotientReport report = tools::run_quotient(tools::make_quotient_job(settings));
    tools::warn_unused_tau("quotient", report.unused_tau);
    if (settings.verbose) std::fputs(tools::format_report(report).c_str(), stderr);
    return 0;
  });
}
