#pragma once
// The shortest concrete run of a model that matches a counterexample, and
// the shortest run to a run-time fault. Breadth-first search over pairs
// (concrete state, position in the counterexample) with the interpreter's
// successor function; every step costs 1, so the first match is a shortest
// run. Nodes keep their identity (no renumbering), so a cell named Node.2
// is the same node all along the run.
#include <cstdint>
#include <optional>
#include <string>

#include "frontend/explore/explorer.hpp"
#include "frontend/language/program.hpp"
#include "frontend/replay/counterexample.hpp"
#include "frontend/replay/play_side.hpp"
#include "frontend/replay/run.hpp"
#include "frontend/replay/state_map.hpp"

namespace frontend::replay {

struct SearchLimits {
  std::uint64_t max_nodes = 20'000'000;  // (state, position) pairs; beyond: an error, not "no run"
};

// Why no run matched: how far the best attempt got.
struct NoRun {
  std::size_t matched = 0;  // counterexample items matched by some run (stem, then cycle)
  std::string detail;
};

struct SearchResult {
  std::optional<Run> run;
  NoRun why;
};

// A weak trace: its visible labels in order, any internal steps between; the
// run ends with the last label. A lasso: a stem matching the stem's visible
// labels, then a non-empty cycle back to the same state whose steps match
// the cycle's items in order (`i`/`step(T)`: one or more internal steps of
// any thread / of thread T; visible labels exactly); shortest in total.
SearchResult find_run(const Program& p, const Counterexample& cex, const SearchLimits& limits = {});

// A play's side (frontend/replay/play_side.hpp): the concrete run that
// passes through the LTS states the path names, step by step, internal
// steps included (the states numbered as gen numbers them,
// frontend/replay/lts_numbering.hpp), with the path's notes. No run when
// the model's LTS, with these options, does not have `states` states or
// lacks one of the path's steps: the play was found on another LTS.
// gen: the options gen wrote that LTS with (the reduction and step(T)
// labels change the numbering). With the reduction, a state
// whose only step is internal is merged into the state that step leads to
// (lts/single_tau_merge.hpp), so after a move the run may take internal
// steps to the LTS state the move names; their note is merged_step_note and
// that state's number.
inline constexpr const char* merged_step_note = "no move: a state gen merged into LTS state";
SearchResult find_play_run(const Program& p, const SidePath& side, std::uint64_t states, const ExploreOptions& gen,
                           const SearchLimits& limits = {});

// A play's side found on a quotient of the LTS gen writes (quotient --map
// wrote `map`; `states` is the quotient's size the play names): the
// shortest concrete run whose states lie in the classes the path names,
// each path step FROM LABEL TO being internal steps inside class FROM and
// then one LABEL step into class TO, and a diverging path's cycle a
// concrete cycle (the run a lasso, `cycle_start` set). The run's notes sit
// on the steps that complete a path step; `classes` gives each step's
// class. No run, with the reason, when the map does not cover this LTS, its
// class count is not `states`, or no run follows the classes.
// gen as for find_play_run; with thread_steps, gen wrote internal steps as
// step(T) (none of them is inert).
SearchResult find_quotient_play_run(const Program& p, const SidePath& side, std::uint64_t states, const StateMap& map,
                                    const ExploreOptions& gen, const SearchLimits& limits = {});

// The shortest run that ends in a run-time fault (null dereference,
// exhausted pool, failed assertion, ...); nullopt when no state faults.
std::optional<Run> find_fault_run(const Program& p, const SearchLimits& limits = {});

}  // namespace frontend::replay
