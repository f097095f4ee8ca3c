#pragma once
// The command line of `refines`: its options, and the rules that tie them
// together (which checks take one input or two, what excludes what).
#include <string>
#include <vector>

#include "tools/common/cli_fwd.hpp"

#include "formats/aut_reader.hpp"
#include "refine/reports.hpp"

namespace tools {

struct RefinesSettings {
  std::vector<std::string> inputs;
  std::string equivalence;  // empty: trace inclusion
  bool lockfree = false;
  std::string progress;               // --progress P[,P...]|all; --lockfree sets "lock-free"
  std::string progress_on = "input";  // --progress-on input|quotients (docs/progress.md)
  std::string cex_path;
  std::string ltl;       // --ltl FORMULA (docs/ltl.md)
  std::string ltl_file;  // --ltl-file FILE: lines `name: formula`, # comments
  std::string fairness = "none";
  refine::TraceStyle style;
  bool verbose = false;
  bool no_antichains = false;
  bool reduce = false;
  formats::AutReadOptions read;
};

// Adds the inputs, --equiv, --lockfree, --progress, --progress-on, --cex, --explain, -v,
// --reduce, --no-antichains and --tau to `app`, bound to `s`.
void add_refines_options(CLI::App& app, RefinesSettings& s);

// After parsing: refuses combinations that make no sense (tools::UsageError),
// resolves the inputs (tools::resolve_input), checks that --cex overwrites no
// input, and turns --lockfree into --progress lock-free.
void prepare_refines_settings(RefinesSettings& s);

}  // namespace tools
