#pragma once
// gen --replay (docs/replay.md): a counterexample of refines, or a run to a
// run-time fault, as a run of the model at the source level.
#include <string>

#include <CLI/CLI.hpp>

#include "frontend/program.hpp"

namespace tools {

struct ReplayOptions {
  std::string cex, format = "text", dot, property, side;  // side: empty is A
  bool fault = false;
  bool wanted() const { return !cex.empty() || fault; }
};

void add_replay_options(CLI::App& app, ReplayOptions& r);
// Prints the run; 0 when found, 2 when the counterexample is not one of this
// model with these options. reduced: whether gen explores this model with
// the reduction (a play names its states).
int replay(const frontend::Program& program, const std::string& model, const ReplayOptions& r, bool reduced);

}  // namespace tools
