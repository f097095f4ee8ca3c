#pragma once
// The state map `quotient --map` writes (docs/quotient.md, "The state
// map"): for every state of an LTS, the quotient state (class) it became.
// gen --replay --replay-map reads it to follow a play found on a quotient
// (frontend/replay/search.hpp, find_quotient_play_run).
#include <cstdint>
#include <string>
#include <vector>

namespace frontend::replay {

struct StateMap {
  std::vector<std::uint32_t> class_of;  // per LTS state, from 0
  std::uint64_t classes = 0;            // the quotient's states: the largest class + 1
};

// A map of an LTS that gen wrote: a line `STATE CLASS` for each state 0, 1,
// ... in order, none `-` (every state gen writes is reachable). Throws
// formats::ParseError naming FILE:LINE:COL otherwise.
StateMap parse_state_map(const std::string& file, const std::string& text);

}  // namespace frontend::replay
