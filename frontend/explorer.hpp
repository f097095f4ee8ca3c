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

#include "frontend/program.hpp"
#include "lts/lts.hpp"

namespace frontend {

class StateStore;

// Where an exploration stands, for a progress display.
struct ExploreProgress {
  std::uint64_t states = 0, transitions = 0;
  double seconds = 0;            // wall clock since the start
  std::size_t memory_bytes = 0;  // the visited set and the transitions
};

struct ExploreOptions {
  std::uint64_t max_states = 0;  // 0: no bound
  bool thread_steps = false;     // internal steps of thread T are labelled step(T), not tau
  bool reduce = false;           // partial-order reduction (docs/reduction.md); gen turns it on by default
  unsigned workers = 1;          // exploring threads; gen defaults to the machine's cores
  std::function<void(const ExploreProgress&)> on_progress;  // about once a second
};

struct ExploreStats {
  std::uint64_t states = 0, transitions = 0;
  double seconds = 0;            // wall clock
  double cpu_seconds = 0;        // processor time of this process (fair on a shared machine)
  std::size_t record_bytes = 0;  // packed bytes per state
  std::size_t store_bytes = 0;   // the visited set (tree-compressed, docs/state-storage.md)
  std::size_t lts_bytes = 0;     // transitions
};

// Thrown when --max-states is reached.
class StateLimit : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

lts::Lts explore(const Program& p, const ExploreOptions& options, ExploreStats* stats = nullptr);
// The same, keeping the visited states: state i of the LTS is (*states)->get(i)
// (a replay follows a bisimilarity witness's state numbers this way).
lts::Lts explore(const Program& p, const ExploreOptions& options, ExploreStats* stats,
                 std::unique_ptr<StateStore>* states);

}  // namespace frontend
