#pragma once
// A concrete run of a model, step by step, as gen --replay shows it.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/diagnostic.hpp"

namespace frontend::replay {

struct RunStep {
  int thread = 0;                           // from 0
  std::string action;                       // the visible label; empty for an internal step
  std::int32_t code = -1;                   // Program::code index of the statement that ended the step; -1 for a call
  std::vector<std::int32_t> before, after;  // states (not renumbered)
  // The state as the step left it before its garbage was collected (empty:
  // the same as `after`), which shows writes into nodes the step freed.
  std::vector<std::int32_t> written = {};
};

struct Run {
  std::vector<std::int32_t> initial;  // after the init block
  std::vector<RunStep> steps;
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::size_t cycle_start = none;  // a lasso: the first step of the cycle
  bool refused = false;            // a trace: the last step is the action the specification refuses
  // A lasso of refines --ltl whose cycle is the end stutter: how the run
  // ends. deadlock: its last state has no step; divergence: the cycle from
  // cycle_start is internal steps only.
  enum class Ending { none, deadlock, divergence } ending = Ending::none;
  // A play (a bisimilarity witness): per step, what the move is (may be
  // empty), and after the last step, what the other side does or cannot do.
  std::vector<std::string> notes;
  std::string end_note;
  // A play found on a quotient: the quotient state (class) of each step's
  // `after` state; empty otherwise.
  std::vector<std::uint32_t> classes;
  // A fault run: the fault the last step raises (that step has no `after`).
  std::optional<formats::Diagnostic> fault;
  // The state the heap picture shows: the refusal, the cycle's start, the fault.
  const std::vector<std::int32_t>& focus() const {
    if (cycle_start != none) return steps[cycle_start].before;
    if (steps.empty()) return initial;
    return fault ? steps.back().before : steps.back().after;
  }
};

}  // namespace frontend::replay
