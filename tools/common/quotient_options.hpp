#pragma once
// The command line of `quotient`: its options, turned into a QuotientJob.
#include <string>

#include "tools/common/cli_fwd.hpp"

#include "tools/common/quotient_job.hpp"
#include "tools/common/tool.hpp"

namespace tools {

struct QuotientSettings {
  std::string input, equivalence;
  bool verbose = false;
  QuotientJob job;  // --tau, --map and --dot go straight in
  OutputOptions output;
};

// Adds the input, -e, --tau, -o, --tau-name, --map, --dot and -v to `app`, bound to `s`.
void add_quotient_options(CLI::App& app, QuotientSettings& s);

// After parsing: the job the options ask for, its input resolved
// (tools::resolve_input) and progress shown when stderr is a terminal.
QuotientJob make_quotient_job(const QuotientSettings& s);

}  // namespace tools
