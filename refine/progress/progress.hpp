#pragma once
// The five progress properties of Liang, Hoffmann, Feng and Shao (CONCUR
// 2013) and Herlihy and Shavit (OPODIS 2011), decided on a thread-attributed
// LTS of an object with most general clients (refine/progress/thread_steps.hpp).
// Precise definitions and the choices made: docs/progress.md.
//   lock-free         every infinite run returns infinitely often
//   wait-free         no thread with a pending call steps forever without returning
//   obstruction-free  no thread running alone from some point on steps forever without returning
//   deadlock-free     lock-freedom over fair runs (every thread pending for ever steps for ever)
//   starvation-free   wait-freedom over fair runs
// Each is a search for a lasso whose cycle lies in one SCC of a sub-graph
// (refine/progress/fair_cycles.hpp); a failing property comes with a lasso.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "lts/lts.hpp"
#include "refine/progress/fair_cycles.hpp"
#include "refine/progress/thread_steps.hpp"

namespace refine {

enum class Progress { lock_free, wait_free, obstruction_free, deadlock_free, starvation_free };
inline constexpr Progress all_progress[] = {Progress::lock_free, Progress::wait_free, Progress::obstruction_free,
                                            Progress::deadlock_free, Progress::starvation_free};

std::string_view progress_name(Progress p);
// "all", or names separated by commas (duplicates dropped, order kept).
// Throws std::invalid_argument naming an unknown property.
std::vector<Progress> parse_progress_list(std::string_view text);

struct ProgressLasso {
  std::vector<lts::Transition> stem, cycle;
  std::uint32_t thread = 0;        // the thread that never returns (wait-, obstruction-, starvation-freedom)
  ThreadMask stepping = 0;         // threads with a step in the cycle
  ThreadMask pending_forever = 0;  // threads pending in every state of the cycle
};

struct ProgressVerdict {
  Progress property;
  bool holds = true;
  ProgressLasso lasso;
  // The thread bits whose check fails (bit 0 for a property not decided per thread).
  ThreadMask failing = 0;
  std::string checked_on;  // the sub-graph(s) searched and their sizes, for -v
};

struct ProgressResult {
  ThreadedLts threads;
  std::vector<ProgressVerdict> verdicts;
};

// The direct route (docs/progress.md, "How each property is decided") on an
// LTS whose pending sets are known: the input after attribute_threads, or a
// quotient whose pending sets are consistent (refine/progress/progress_quotients.hpp).
// Properties that search the same sub-graphs share their SCCs when checked
// one after the other.
class ProgressChecker {
 public:
  // `name` says in checked_on which LTS this is ("the input LTS").
  ProgressChecker(const lts::Lts& lts, const ThreadedLts& t, std::string name = "the input LTS");

  // Marks every state in a component that violates `p` (per thread, one
  // bit each, for the threads of `threads` only), then, when `lasso`, takes
  // one stem to the nearest marked state and builds the cycle in the
  // component of the lowest thread marked there.
  ProgressVerdict check(Progress p, ThreadMask threads = ~ThreadMask{0}, bool lasso = true);

 private:
  const SubGraphSccs& sccs(Progress p, std::size_t b, const SubGraph& g);
  ProgressLasso describe(std::vector<lts::Transition> stem, std::vector<lts::Transition> cycle,
                         std::uint32_t thread) const;

  const lts::Lts& lts_;
  const ThreadedLts& t_;
  std::string name_;
  CycleFinder finder_;
  std::map<std::pair<int, std::size_t>, SubGraphSccs> cache_;
};

// Whether p is decided per thread (wait-, obstruction-, starvation-freedom).
bool per_thread(Progress p);

// The properties in an order where those that search the same sub-graphs
// are next to each other.
std::vector<Progress> by_sub_graph(std::vector<Progress> properties);

// Whether some reachable transition is labelled step(T).
bool has_thread_steps(const lts::Lts& lts);

// Throws ProgressInputError naming the first reachable label that reads as
// meant for a step label and is none (`step(0)`, `step(x)`, `step (1)`,
// `step`; looks_like_step): such a slip would be read as a visible action,
// and a plain LTS's check would then miss its cycles.
void refuse_malformed_steps(const lts::Lts& lts, const std::vector<lts::StateId>& original);

// The pending sets of the input of `properties` (thread_steps.hpp); throws
// ProgressInputError as check_progress does.
ThreadedLts attribute_progress_input(const lts::Lts& lts, const std::vector<Progress>& properties,
                                     const std::vector<lts::StateId>& original = {});

// The direct route for every property of `properties`.
// Throws ProgressInputError on input that is not a thread-attributed object
// system (no step(T) at all, untagged internal steps, inconsistent pending
// calls, no call); `original` names states in messages as in the file.
ProgressResult check_progress(const lts::Lts& lts, const std::vector<Progress>& properties,
                              const std::vector<lts::StateId>& original = {});

}  // namespace refine
