#pragma once
// Whether one step of thread t is independent of everything the other
// threads can still do before t moves again (docs/reduction.md, "The
// independence relation"). The interpreter records what the step touched
// (StepAccess); the check classifies every slot it computed an address of:
//   - t's own part of the state (pc, locals, thread variables, result);
//   - a node that only t can reach (not from a shared variable, nor from
//     another thread's variables, locals or LL/SC link);
//   - an abstract location (Footprints) that no other thread may write
//     before its operations end, and, if the step writes it, may not read;
//   - a slot the step only reads whose value no write can change any more
//     (GuardedWrites: every write of it is a cas that would fail).
// A step that allocates or lets nodes be collected must also leave every
// allocation of the other threads possible in either order: the pool has at
// least one free node more than they may still allocate.
#include <cstdint>
#include <vector>

#include "frontend/analysis/footprint.hpp"
#include "frontend/analysis/guarded_writes.hpp"
#include "frontend/language/program.hpp"

namespace frontend {

struct StepAccess {
  std::vector<std::int32_t> accessed;  // every slot of each location the step read or wrote
  std::vector<std::int32_t> written;   // every slot it stored to
  std::vector<int> allocated;          // node types it allocated from (garbage-collected pools)
  bool opaque = false;                 // free, a manual pool's `new`, or another thread's link broken: not analysed
  void clear() {
    accessed.clear();
    written.clear();
    allocated.clear();
    opaque = false;
  }
};

class Independence {
 public:
  explicit Independence(const Program& p);
  // The step of thread t (from 0) from `state` to `next` (both canonical)
  // that touched `access`: independent of every step of the other threads.
  bool independent(const std::int32_t* state, int t, const StepAccess& access, const std::int32_t* next);

 private:
  bool heap_private(const std::int32_t* state, int t, std::int32_t slot);
  void mark_reachable(const std::int32_t* state, int t);
  bool pools_allow(const std::int32_t* state, int t, const StepAccess& access, const std::int32_t* next) const;
  int allocated_nodes(const std::int32_t* state, int n) const;

  const Program& p_;
  Footprints footprints_;
  GuardedWrites guarded_;
  std::vector<int> method_of_code_;
  Footprints::Bits reads_, writes_;                 // the other threads' futures (scratch)
  std::vector<std::vector<std::uint8_t>> reached_;  // per node type: reachable by another thread
  std::vector<std::pair<int, std::int32_t>> queue_;
  bool marked_ = false;
};

}  // namespace frontend
