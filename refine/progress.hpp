#pragma once
// The five progress properties of Liang, Hoffmann, Feng and Shao (CONCUR
// 2013) and Herlihy and Shavit (OPODIS 2011), decided on a thread-attributed
// LTS of an object with most general clients (refine/thread_steps.hpp).
// Precise definitions and the choices made: docs/progress.md.
//   lock-free         every infinite run returns infinitely often
//   wait-free         no thread with a pending call steps forever without returning
//   obstruction-free  no thread running alone from some point on steps forever without returning
//   deadlock-free     lock-freedom over fair runs (every thread pending for ever steps for ever)
//   starvation-free   wait-freedom over fair runs
// Each is a search for a lasso whose cycle lies in one SCC of a sub-graph
// (refine/fair_cycles.hpp); a failing property comes with a lasso.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lts/lts.hpp"
#include "refine/thread_steps.hpp"

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
  std::string checked_on;  // the sub-graph(s) searched and their sizes, for -v
};

struct ProgressResult {
  ThreadedLts threads;
  std::vector<ProgressVerdict> verdicts;
};

// Whether some reachable transition is labelled step(T).
bool has_thread_steps(const lts::Lts& lts);

// Throws ProgressInputError on input that is not a thread-attributed object
// system (no step(T) at all, untagged internal steps, inconsistent pending
// calls, no call); `original` names states in messages as in the file.
ProgressResult check_progress(const lts::Lts& lts, const std::vector<Progress>& properties,
                              const std::vector<lts::StateId>& original = {});

}  // namespace refine
