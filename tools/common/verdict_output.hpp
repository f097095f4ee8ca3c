#pragma once
// A verdict's way out, shared by refines and gen --progress: the report on
// standard output, then, when it does not hold, the counterexample to
// --cex (written whole, only once the verdict itself is out).
#include <string>

#include "refine/reports.hpp"

namespace tools {

// Prints the report, writes `cex_path` (unless empty) when it does not
// hold, and gives the exit status: 0 holds, 1 does not.
int emit_verdict(const refine::Report& report, const std::string& cex_path);

}  // namespace tools
