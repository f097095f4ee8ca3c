#include "tools/common/quotient_options.hpp"

#include <CLI/CLI.hpp>

#include "bisim/equivalence.hpp"
#include "tools/common/equivalence_option.hpp"
#include "tools/common/phase_timer.hpp"

namespace tools {

void add_quotient_options(CLI::App& app, QuotientSettings& s) {
  app.add_option("input", s.input, "Input .aut file, or '-' for standard input")->type_name("IN");
  add_quotient_equivalence_option(app, s.equivalence);
  add_tau_option(app, s.job.read);
  add_output_options(app, s.output);
  app.add_option("--map", s.job.map_path, "Write for every input state its quotient state to FILE")
      ->check(file_name)
      ->type_name("FILE");
  app.add_option("--dot", s.job.dot_path,
                 "Write a Graphviz picture of the quotient to FILE (`dot -Tsvg FILE`), for quotients\n"
                 "of at most " +
                     std::to_string(max_dot_states) + " states")
      ->check(file_name)
      ->type_name("FILE");
  app.add_flag("-v,--verbose", s.verbose,
               "Print to stderr the sizes before and after, the reduction, and the time and peak\n"
               "memory of each phase (read, reach, scc, refine, build, write)");
}

QuotientJob make_quotient_job(const QuotientSettings& s) {
  QuotientJob job = s.job;
  job.input = resolve_input(s.input);
  job.equivalence = *bisim::parse_equivalence(s.equivalence);
  job.output = s.output.path;
  job.write = s.output.aut;
  job.show_progress = stderr_is_terminal();
  return job;
}

}  // namespace tools
