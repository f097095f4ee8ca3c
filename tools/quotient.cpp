// quotient: the branching-bisimulation quotient of an LTS (bisim/). Only the
// command line lives here; tools/common/quotient_job.hpp runs the job.
#include <fmt/format.h>

#include <cstdio>

#include "bisim/equivalence.hpp"
#include "tools/common/equivalence_option.hpp"
#include "tools/common/quotient_job.hpp"
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
  std::string input, equivalence;
  bool verbose = false;
  tools::QuotientJob job;
  tools::OutputOptions output;
  app.add_option("input", input, "Input .aut file, or '-' for standard input")->type_name("IN");
  tools::add_quotient_equivalence_option(app, equivalence);
  tools::add_tau_option(app, job.read);
  tools::add_output_options(app, output);
  app.add_option("--map", job.map_path, "Write for every input state its quotient state to FILE")
      ->check(tools::file_name)
      ->type_name("FILE");
  app.add_option("--dot", job.dot_path,
                 "Write a Graphviz picture of the quotient to FILE (`dot -Tsvg FILE`), for quotients\n"
                 "of at most " + std::to_string(tools::max_dot_states) + " states")
      ->check(tools::file_name)
      ->type_name("FILE");
  app.add_flag("-v,--verbose", verbose,
               "Print to stderr the sizes before and after, the reduction, and the time and peak\n"
               "memory of each phase (read, reach, scc, refine, build, write)");
  return tools::run_tool(app, argc, argv, [&] {
    job.input = tools::resolve_input(input);
    job.equivalence = *bisim::parse_equivalence(equivalence);
    job.output = output.path;
    job.write = output.aut;
    job.show_progress = tools::stderr_is_terminal();
    const tools::QuotientReport report = tools::run_quotient(job);
    if (verbose) std::fputs(tools::format_report(report).c_str(), stderr);
    return 0;
  });
}
