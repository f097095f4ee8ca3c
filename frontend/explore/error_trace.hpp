#pragma once
// A shortest run to a state, for run-time errors: "reached by call(1,push,1)
// t1:i ...". Exploration keeps no parents (they would cost 8 bytes per
// state), so on an error we explore again, breadth-first in the same order,
// recording parents only until the state is found.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "frontend/language/program.hpp"

namespace frontend {

// The search so far: states visited and bytes held; called every 2^16
// states, since the search may cover much of the full LTS. While one step
// runs long (WorkMeter::long_step), also with the work it has run so far
// (step_work, otherwise 0) and the counts of the last call before it.
using SearchProgress = std::function<void(std::uint64_t states, std::size_t memory_bytes, std::uint64_t step_work)>;

// `goal` is a canonical state of the full LTS (the reduced LTS is part of
// it); for a symmetric program, the representative of an orbit that the
// full LTS reaches. "" if no run reaches it. max_work bounds the search as
// Interpreter::limit_work does (0: no bound).
std::string run_to(const Program& p, const std::vector<std::int32_t>& goal, const SearchProgress& on_progress = {},
                   std::uint64_t max_work = 0);

// The steps joined by spaces, with every block of steps that repeats in a row
// written once: "t1:i x 4", "[call(1,inc) t1:i ret(1,inc)] x 199999"
// (blocks nest). A run of a million steps stays a short line.
std::string compress_run(const std::vector<std::string>& steps);

}  // namespace frontend
