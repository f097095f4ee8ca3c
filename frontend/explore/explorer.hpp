#pragma once
// Breadth-first exploration of an object system with K most general client
// threads (Yang, Katoen, Lin, Wu, "Proving linearizability via branching
// bisimulation", Sec. 2; docs/language.md, "The object system"). State ids are assigned in
// discovery order and each state's transitions are sorted, so the output is
// deterministic; with several workers, ids and label ids are assigned on one
// thread in state-id order, so the LTS is the same for every worker count
// (docs/architecture.md, "Parallel exploration").
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "frontend/language/limits.hpp"  // StateLimit
#include "frontend/language/program.hpp"
#include "lts/lts.hpp"
#include "lts/orbit_lts.hpp"
#include "lts/single_tau_merge.hpp"

namespace frontend {

class StateStore;

// Where an exploration stands, for a progress display.
struct ExploreProgress {
  std::uint64_t states = 0, transitions = 0;
  double seconds = 0;            // wall clock since the start
  std::size_t memory_bytes = 0;  // the visited set and the transitions
  // What runs: the exploration, or after a run-time fault the search of the
  // full LTS for a shortest run to it (error_trace.hpp).
  const char* phase = "exploring";
  // Not 0: one step (a state's successors for one thread) has run this much
  // work so far (Interpreter::limit_work's units) and still runs; the other
  // fields are then those of the last report before it.
  std::uint64_t step_work = 0;
};

struct ExploreOptions {
  std::uint64_t max_states = 0;  // 0: no bound
  // The work of Interpreter::limit_work (0: no bound), for each exploring
  // worker, the init block and the run to a fault alike. Past either bound:
  // StateLimit. The fuzz harness bounds an input's time with it.
  std::uint64_t max_work = 0;
  bool thread_steps = false;  // internal steps of thread T are labelled step(T), not tau
  // Partial-order reduction, and states whose only step is internal merged
  // into its target (docs/reduction.md); gen turns it on by default.
  bool reduce = false;
  unsigned workers = 1;  // exploring threads; gen defaults to the machine's cores
  // About every progress_seconds, also while one step runs long (from the
  // thread that runs it; never two calls at once).
  std::function<void(const ExploreProgress&)> on_progress;
  double progress_seconds = 1;
};

struct ExploreStats {
  std::uint64_t states = 0, transitions = 0;  // of the LTS
  std::uint64_t explored = 0;                 // states visited: more than the LTS's when single-step states are merged
  double seconds = 0;                         // wall clock
  double cpu_seconds = 0;                     // processor time of this process (fair on a shared machine)
  std::size_t record_bytes = 0;               // packed bytes per state
  std::size_t store_bytes = 0;                // the visited set (tree-compressed, docs/state-storage.md)
  std::size_t lts_bytes = 0;                  // transitions (orbit transitions under symmetry)
};

// The visited states of an exploration, and the LTS state each one is.
struct ExploredStates {
  std::unique_ptr<StateStore> store;
  // Per stored state: its LTS state, or the one it was merged into; per LTS
  // state: its stored state (lts/single_tau_merge.hpp). Empty when nothing
  // was merged: the same ids.
  lts::TauMerge merged;
  lts::StateId lts_state_of(std::uint32_t id) const { return merged.into.empty() ? id : merged.into[id]; }
  bool kept(std::uint32_t id) const { return merged.into.empty() || merged.kept[merged.into[id]] == id; }
};

// Throws std::invalid_argument for a symmetric program (explore_orbits).
lts::Lts explore(const Program& p, const ExploreOptions& options, ExploreStats* stats = nullptr);
// The same, keeping the visited states (a replay follows a bisimilarity
// witness's state numbers this way).
lts::Lts explore(const Program& p, const ExploreOptions& options, ExploreStats* stats, ExploredStates* states);

// The orbit LTS of a program compiled with CompileOptions::symmetry: one
// representative per orbit of the thread permutations, each transition with
// its permutation (lts/orbit_lts.hpp, frontend/reduce/symmetry.hpp). With `reduce`,
// ample sets are chosen at the representatives and the cycle proviso runs
// on their numbers; single-step states are not merged (docs/reduction.md,
// "Thread symmetry"). With thread_steps, the step(T) labels are renamed with
// the threads like calls and returns (refine/progress/symmetric_progress.hpp).
lts::OrbitLts explore_orbits(const Program& p, const ExploreOptions& options, ExploreStats* stats = nullptr);

}  // namespace frontend
