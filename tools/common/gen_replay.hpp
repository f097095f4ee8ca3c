#pragma once
// gen --replay (docs/replay.md): a counterexample of refines, or a run to a
// run-time fault, as a run of the model at the source level.
#include <string>

#include "tools/common/cli_fwd.hpp"

#include "frontend/explore/explorer.hpp"
#include "frontend/language/program.hpp"

namespace tools {

struct ReplayOptions {
  std::string cex, format = "text", dot, property, side;  // side: empty is A
  std::string map;  // a play found on a quotient: the state map of this side's quotient
  bool fault = false;
  bool wanted() const { return !cex.empty() || fault; }
};

void add_replay_options(CLI::App& app, ReplayOptions& r);
// Prints the run; 0 when found, 2 when the counterexample is not one of this
// model with these options. explore: gen's options, whose reduction and
// --thread-steps decide the states and labels a play names.
int replay(const frontend::Program& program, const std::string& model, const ReplayOptions& r,
           const frontend::ExploreOptions& explore);

}  // namespace tools
