#pragma once
// An LTS whose internal steps carry their thread (`gen --thread-steps`):
// every label is call(T,...), ret(T,...) or step(T), T from 1; under store
// buffers (`gen --memory tso|pso --thread-steps`) also step(T,store) (a step
// of T's call that appends one store to T's buffer; step(T,store,K): K
// stores) and step(T,flush) (one entry of T's buffer reaches memory: a step
// of the memory, not of T). This file classifies the labels and derives,
// from the initial state, the set of threads with a pending call and the
// threads with a non-empty store buffer in every reachable state
// (docs/progress.md).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "lts/lts.hpp"

namespace refine {

// Bad input for a progress check (exit status 2 in the tool).
class ProgressInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using ThreadMask = std::uint64_t;  // bit b: the thread threads[b]

// step: a step of the thread's pending call (step(T), step(T,store[,K]));
// flush: step(T,flush), a step of the memory.
enum class LabelKind : std::uint8_t { tau, step, call, ret, other, flush };

struct LabelClass {
  LabelKind kind = LabelKind::other;
  std::uint8_t bit = 0;     // the thread's bit, for step, flush, call and ret
  std::uint8_t stores = 0;  // for step: the stores it appends to the thread's buffer (step(T,store[,K]))
};

LabelClass classify_label(const std::string& name, std::uint32_t& thread);

// Whether `name` reads as meant for a step label: `step`, then blanks and
// `(` or nothing (`step(1)`, `step (1)`, `step(x)`, `step(1,flsh)`, `step`),
// not `steps`.
bool looks_like_step(std::string_view name);

struct ThreadedLts {
  std::vector<LabelClass> label;       // by label id
  std::vector<std::uint32_t> threads;  // the thread number of each bit, increasing
  std::vector<bool> reachable;         // by state
  std::vector<ThreadMask> pending;     // by state: threads with a pending call (reachable states)
  bool has_steps = false;              // a reachable step(T), step(T,store..) or step(T,flush) transition
  bool has_buffers = false;            // a store or flush label (gen --memory tso|pso)
  // By state, with has_buffers: threads whose store buffer is not empty
  // (reachable states); empty otherwise.
  std::vector<ThreadMask> buffered;
  // Memory fairness (docs/progress.md): only runs in which every buffered
  // store reaches memory count. Always on in the tools; a test turns it off
  // to show the runs it excludes.
  bool memory_fairness = true;
  ThreadMask buffered_at(lts::StateId s) const { return buffered.empty() ? 0 : buffered[s]; }
  ThreadMask all() const { return threads.size() == 64 ? ~ThreadMask{0} : (ThreadMask{1} << threads.size()) - 1; }
};

// Only classifies the labels and marks the reachable states (pending sets
// stay empty); enough to tell whether the LTS has step(T) labels at all.
ThreadedLts classify(const lts::Lts& lts);

// Derives the pending sets of `classified` (from classify) by propagating
// call/ret from the initial state (which has none). Throws
// ProgressInputError, naming states by `original` (their ids in the file;
// identity when empty), when a reachable transition is tau or another label
// than call/ret/step, when a thread calls while pending, returns or steps
// (step(T) or step(T,store)) while not pending, when a state would get two
// different pending sets, when there is no call at all; with store labels
// also the buffer occupancies (stores add, flushes remove one) are derived,
// and a flush of an empty buffer or a state reached with two occupancies of
// one thread's buffer is refused.
ThreadedLts attribute_threads(const lts::Lts& lts, ThreadedLts classified, const std::vector<lts::StateId>& original);

// "{1,3}": the thread numbers of a mask.
std::string thread_list(const ThreadedLts& t, ThreadMask mask);

}  // namespace refine
