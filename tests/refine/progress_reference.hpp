#pragma once
// A brute-force twin of refine/progress/progress.*: random thread-attributed LTSs
// whose pending sets are known by construction, and a direct search, from
// every reachable state, for the cycles through it with what each cycle
// does (who returns, who steps, who stays pending, whether one thread runs
// alone), judged against the definitions of docs/progress.md. It shares no
// code with the SCC route.
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "lts/lts.hpp"

namespace refine_test {

struct ThreadLts {
  lts::Lts lts;
  unsigned threads = 0;                // threads 1..threads
  std::vector<std::uint32_t> pending;  // by state: bit T-1 for a pending thread T
  // By state: bit T-1 when T's store buffer is not empty (empty: no buffers).
  std::vector<std::uint32_t> buffered;
  // Memory fairness: a cycle on which a buffer is non-empty flushes it.
  bool memory_fairness = true;
};

// State = (random node, pending mask); call(T) only when T is idle, ret(T)
// and step(T) only when pending; some step(T) self-loops (waiting).
ThreadLts random_thread_lts(std::mt19937_64& rng);

// A random LTS with store buffers (gen --memory tso --thread-steps): state =
// (random node, pending mask, entries per thread 0..2); beside the labels
// above step(T,store) when T is pending and its buffer not full (sometimes
// step(T,store,2)), and step(T,flush) when T's buffer is not empty, pending
// or not (a flush is a step of the memory).
ThreadLts random_buffered_thread_lts(std::mt19937_64& rng);

// What one cycle does; `alone` is the thread (1..) when every transition of
// the cycle but flushes is a step of that thread, 0 otherwise. `steps` are
// the threads with a step(T) or step(T,store..) (flushes are not steps of a
// thread), `flushes` those with a step(T,flush), `buffered` those whose
// buffer is non-empty in some state of the cycle.
struct CycleFacts {
  std::uint32_t returns = 0, steps = 0, always_pending = 0;
  unsigned alone = 0;
  std::uint32_t flushes = 0, buffered = 0;
  bool memory_fairness = true;
  auto operator<=>(const CycleFacts&) const = default;
};

// Facts of a given cycle (labels read from their names).
CycleFacts facts_of(const ThreadLts& t, const std::vector<lts::Transition>& cycle);

// Whether a cycle with these facts violates the property (index as in
// refine::all_progress), for thread `thread` (1..) where it matters, or
// for some thread when `thread` is 0.
bool violates(int property, const CycleFacts& f, unsigned threads, unsigned thread = 0);

// For each property and reachable state: whether some cycle through the
// state violates the property, by explicit search.
std::vector<std::vector<bool>> violating_states(const ThreadLts& t);

// The five verdicts (true: holds): no reachable state is on a violating cycle.
std::vector<bool> reference_verdicts(const ThreadLts& t);

// The fewest calls and returns on a path from the initial state to a state
// where `goal` is true (Bellman-Ford), or -1.
int fewest_visible(const ThreadLts& t, const std::vector<bool>& goal);

}  // namespace refine_test
