#pragma once
// A shortest run to a state, for run-time errors: "reached by call(1,push,1)
// t1:i ...". Exploration keeps no parents (they would cost 8 bytes per
// state), so on an error we explore again, breadth-first in the same order,
// recording parents only until the state is found.
#include <cstdint>
#include <string>

#include "frontend/program.hpp"

namespace frontend {

std::string run_to(const Program& p, std::uint32_t target);

}  // namespace frontend
