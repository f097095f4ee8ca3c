#pragma once
// A shortest run to a state, for run-time errors: "reached by call(1,push,1)
// t1:i ...". Exploration keeps no parents (they would cost 8 bytes per
// state), so on an error we explore again, breadth-first in the same order,
// recording parents only until the state is found.
#include <cstdint>
#include <string>
#include <vector>

#include "frontend/program.hpp"

namespace frontend {

// `goal` is a canonical state of the full LTS (the reduced LTS is part of it).
std::string run_to(const Program& p, const std::vector<std::int32_t>& goal);

// The steps joined by spaces, with every block of steps that repeats in a row
// written once: "t1:i x 4", "[call(1,inc) t1:i ret(1,inc)] x 199999"
// (blocks nest). A run of a million steps stays a short line.
std::string compress_run(const std::vector<std::string>& steps);

}  // namespace frontend
