#pragma once
// One side's run through a play (a bisimilarity witness of `refines --equiv`,
// docs/refines.md): its steps, move after move, by the numbers of its LTS's
// states, with a note per step saying which move it makes, and what the
// other side does where this one stays put or cannot answer.
#include <cstddef>
#include <string>
#include <vector>

#include "frontend/replay/counterexample.hpp"

namespace frontend::replay {

struct SidePath {
  std::vector<PlayStep> steps;
  std::vector<std::string> notes;  // per step
  std::string end_note;            // after the last step
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::size_t cycle_start = none;  // this side diverges: the cycle's first step
};

// Throws formats::ParseError naming FILE:LINE when a move does not start
// where the side's previous one ended. on_quotient: the play was found on
// quotients (the notes say "quotient state" instead of "LTS state").
SidePath side_path(const std::string& file, const Counterexample& play, bool side_a, bool on_quotient = false);

}  // namespace frontend::replay
