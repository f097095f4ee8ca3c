#pragma once
// Fairness of runs per thread (docs/ltl.md, "Fairness"). The thread of a
// transition is T when its label is call(T,...), ret(T,...) or step(T)
// (the labels of `gen --thread-steps`, refine/progress/thread_steps.hpp). The
// object's actions of T are step(T) and ret(T,...); a call is the client's
// choice, which no fairness forces (docs/progress.md, "Definitions").
// Thread T is enabled at a state when an object action of T leaves it, and
// taken by a transition that is one.
//   weak:   no thread is enabled at every state from some point on and
//           never taken (justice; SPIN's weak fairness, Holzmann, The SPIN
//           Model Checker, 2003, Ch. 8).
//   strong: a thread enabled infinitely often is taken infinitely often
//           (compassion; PAT's strong local fairness, Sun, Liu, Dong, Pang,
//           CAV 2009, Definition 3).
// A finite run (it ends in a deadlock) is fair: no thread is enabled at its end.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lts/lts.hpp"

namespace ltl {

enum class Fairness : std::uint8_t { none, weak, strong };

std::optional<Fairness> parse_fairness(const std::string& name);

using ThreadMask = std::uint64_t;  // bit b: the b-th thread of ThreadLabels::threads

struct ThreadLabels {
  std::vector<ThreadMask> by_label;    // by label id: the thread's bit for an object action, else 0
  std::vector<bool> threaded;          // by label id: call(T,..), ret(T,..) or step(T)
  std::vector<std::uint32_t> threads;  // the thread number of each bit, increasing
};

// The thread of each label; more than 64 threads is refused by returning
// no value (fairness is then refused by the caller).
std::optional<ThreadLabels> thread_labels(const lts::Lts& lts);

// A reachable transition whose label has no thread (tau included), if any:
// fairness is undefined on such an LTS.
std::optional<lts::Transition> unthreaded_transition(const lts::Lts& lts, const ThreadLabels& t);

// A reachable transition labelled step(T,store), step(T,store,K) or
// step(T,flush) (gen --memory tso|pso --thread-steps), if any. Fairness is
// refused on such an LTS (docs/ltl.md, "Fairness"): a flush would count as a
// step of thread T, and memory fairness (every buffered store reaches
// memory, docs/progress.md) is not part of this check, so a verdict could
// be false either way.
std::optional<lts::Transition> buffer_transition(const lts::Lts& lts);

// By state: the threads enabled there.
std::vector<ThreadMask> enabled_threads(const lts::Lts& lts, const ThreadLabels& t);

}  // namespace ltl
