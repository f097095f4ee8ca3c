#pragma once
// Checking a run that gen --replay's search (frontend/replay/search.hpp)
// found, independently of it: through a fresh interpreter.
#include <string>
#include <vector>

#include "frontend/language/program.hpp"
#include "frontend/replay/counterexample.hpp"
#include "frontend/replay/run.hpp"

namespace frontend::replay {

// Re-executes `run` from the program's initial state: each step must be a
// successor of its thread with the step's label and state (a gtest failure
// otherwise); returns the visible labels.
std::vector<std::string> reexecute(const Program& p, const Run& run);

// The visible labels of counterexample items, in order.
std::vector<std::string> visible_of(const std::vector<CexItem>& items);

}  // namespace frontend::replay
