#pragma once
// Where a state holds lock values: 0 for a free lock, t+1 while thread t
// holds it (frontend/run/interpreter.cpp, lock and unlock). A permutation of the
// threads renames these values with the threads (frontend/reduce/symmetry.hpp).
#include <vector>

#include "frontend/language/program.hpp"

namespace frontend {

struct LockSlots {
  std::vector<int> shared;  // state slots: shared variables and every node of every pool
  std::vector<int> thread;  // offsets in a thread's part: its thread variables
  // Per method: offsets in a thread's part of the locals that hold locks
  // while the thread runs that method.
  std::vector<std::vector<int>> locals;
  // A lock stands in a set, whose elements are bits, not values: these
  // slots do not list it.
  bool in_set = false;
  bool any() const { return !shared.empty() || !thread.empty() || has_locals; }
  bool has_locals = false;
};

LockSlots lock_slots(const Program& p);

}  // namespace frontend
