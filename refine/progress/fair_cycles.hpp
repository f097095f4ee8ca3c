#pragma once
// Cycles of a thread-attributed LTS (refine/progress/thread_steps.hpp) that satisfy a
// fairness condition, found through strongly connected components: an
// infinite run of a finite LTS ends in one SCC of the sub-graph it keeps to,
// and inside an SCC one cycle can pass through every state and transition.
// Every condition used here ("thread U steps, or is idle at some point of
// the cycle", "some step(T)") only gets easier as the cycle grows, so an
// SCC has a cycle meeting it exactly when the whole SCC meets it; no nested
// decomposition (Emerson-Lei) is needed. Memory fairness (a thread whose
// store buffer is not empty on the cycle has a flush on it) is not of that
// kind, but within an SCC without a flush of U U's buffer never changes (a
// store of U on a cycle needs a flush of U to come back to the same
// occupancy), so the whole SCC decides it too. See docs/progress.md.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "lts/lts.hpp"
#include "refine/progress/filtered_scc.hpp"
#include "refine/progress/thread_steps.hpp"

namespace refine {

// The part of the LTS a run keeps to from some point on: the reachable
// states where every thread of `pending` has a pending call, and the
// step(U) and step(U,store) transitions for U in `steps`, plus calls and
// returns when `calls_and_returns`. Flushes (steps of the memory) are in
// every sub-graph: they happen whoever runs.
struct SubGraph {
  ThreadMask steps = 0;
  bool calls_and_returns = false;
  ThreadMask pending = 0;
};

// What an SCC of a SubGraph offers a cycle.
struct ComponentFacts {
  bool has_cycle = false;                      // some kept transition inside it
  ThreadMask steps = 0;                        // threads with a step(U) inside it
  ThreadMask always_pending = ~ThreadMask{0};  // pending in every state of it
  ThreadMask flushes = 0;                      // threads with a step(U,flush) inside it
  ThreadMask buffered = 0;                     // threads with a non-empty buffer in some state of it
  bool memory_fairness = true;                 // the LTS's ThreadedLts::memory_fairness
  // A cycle through the whole component is memory-fair: every buffered
  // store reaches memory (docs/progress.md, "Store buffers").
  bool memory_fair() const { return !memory_fairness || (buffered & ~flushes) == 0; }
  // ... and fair: every thread pending throughout steps (docs/progress.md).
  bool fair() const { return has_cycle && (always_pending & ~steps) == 0 && memory_fair(); }
};

struct SubGraphSccs {
  Components components;
  std::vector<ComponentFacts> facts;
  std::uint64_t states = 0, transitions = 0;  // the sub-graph's size
};

// The transitions by source, each with its target and label side by side:
// the searches below read nothing else per transition, one cache miss
// fewer than indexing Lts::transitions through an lts::Adjacency.
class ArcTable {
 public:
  struct Arc {
    lts::StateId to;
    lts::LabelId label;
  };
  explicit ArcTable(const lts::Lts& lts);
  std::span<const Arc> of(lts::StateId s) const { return {arcs_.data() + offsets_[s], arcs_.data() + offsets_[s + 1]}; }
  std::uint32_t index(const Arc& a) const { return static_cast<std::uint32_t>(&a - arcs_.data()); }
  lts::Transition transition(std::uint32_t arc) const;  // finds its source by binary search

 private:
  std::vector<std::uint32_t> offsets_;
  std::vector<Arc> arcs_;
};

class CycleFinder {
 public:
  CycleFinder(const lts::Lts& lts, const ThreadedLts& threads);

  SubGraphSccs sccs(const SubGraph& g) const;

  // The path from the initial state with the fewest calls and returns
  // (step(T) costs nothing) to a state where `goal` is true; empty when the
  // initial state is one.
  std::vector<lts::Transition> stem_to(const std::vector<bool>& goal) const;

  // A cycle inside the component of `entry` in `s`, through `entry`, which
  // takes a step(U) for every U in `must_step`, is memory-fair (a flush of
  // every thread with a non-empty buffer in the component) and, when `fair`,
  // is fair: a step of every thread pending in the whole component, a visit
  // to a state where each other thread is idle.
  std::vector<lts::Transition> cycle_from(const SubGraph& g, const SubGraphSccs& s, lts::StateId entry, bool fair,
                                          ThreadMask must_step);

 private:
  bool keeps_state(const SubGraph& g, lts::StateId s) const {
    return threads_.reachable[s] && (threads_.pending[s] & g.pending) == g.pending;
  }
  bool keeps_edge(const SubGraph& g, const ArcTable::Arc& t) const {
    const LabelClass c = threads_.label[t.label];
    return c.kind == LabelKind::step    ? (g.steps >> c.bit & 1) != 0
           : c.kind == LabelKind::flush ? true
                                        : g.calls_and_returns;
  }
  template <typename Goal>
  std::vector<lts::Transition> path_inside(const SubGraph& g, const SubGraphSccs& s, lts::StateId from, Goal goal);

  const lts::Lts& lts_;
  const ThreadedLts& threads_;
  ArcTable out_;
  std::vector<std::uint32_t> via_, visit_;  // path_inside's links and visit stamps
  std::uint32_t stamp_ = 0;
};

}  // namespace refine
