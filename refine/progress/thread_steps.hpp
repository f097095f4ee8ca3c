#pragma once
// An LTS whose internal steps carry their thread (`gen --thread-steps`):
// every label is call(T,...), ret(T,...) or step(T), T from 1. This file
// classifies the labels and derives, from the initial state, the set of
// threads with a pending call in every reachable state (docs/progress.md).
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

enum class LabelKind : std::uint8_t { tau, step, call, ret, other };

struct LabelClass {
  LabelKind kind = LabelKind::other;
  std::uint8_t bit = 0;  // the thread's bit, for step, call and ret
};

LabelClass classify_label(const std::string& name, std::uint32_t& thread);

// Whether `name` reads as meant for a step label: `step`, then blanks and
// `(` or nothing (`step(1)`, `step (1)`, `step(x)`, `step`), not `steps`.
bool looks_like_step(std::string_view name);

struct ThreadedLts {
  std::vector<LabelClass> label;       // by label id
  std::vector<std::uint32_t> threads;  // the thread number of each bit, increasing
  std::vector<bool> reachable;         // by state
  std::vector<ThreadMask> pending;     // by state: threads with a pending call (reachable states)
  bool has_steps = false;              // a reachable step(T) transition
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
// while not pending, when a state would get two different pending sets, or
// when there is no call at all.
ThreadedLts attribute_threads(const lts::Lts& lts, ThreadedLts classified, const std::vector<lts::StateId>& original);

// "{1,3}": the thread numbers of a mask.
std::string thread_list(const ThreadedLts& t, ThreadMask mask);

}  // namespace refine
