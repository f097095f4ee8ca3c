#pragma once
// Cycles of a thread-attributed LTS (refine/thread_steps.hpp) that satisfy a
// fairness condition, found through strongly connected components: an
// infinite run of a finite LTS ends in one SCC of the sub-graph it keeps to,
// and inside an SCC one cycle can pass through every state and transition.
// Every condition used here ("thread U steps, or is idle at some point of
// the cycle", "some step(T)") only gets easier as the cycle grows, so an
// SCC has a cycle meeting it exactly when the whole SCC meets it; no nested
// decomposition (Emerson-Lei) is needed. See docs/progress.md.
#include <cstdint>
#include <string>
#include <vector>

#include "lts/adjacency.hpp"
#include "lts/lts.hpp"
#include "refine/filtered_scc.hpp"
#include "refine/thread_steps.hpp"

namespace refine {

// The part of the LTS a run keeps to from some point on: the reachable
// states where every thread of `pending` has a pending call, and the
// step(U) transitions for U in `steps`, plus calls and returns when
// `calls_and_returns`.
struct SubGraph {
  ThreadMask steps = 0;
  bool calls_and_returns = false;
  ThreadMask pending = 0;
};

// What an SCC of a SubGraph offers a cycle.
struct ComponentFacts {
  bool has_cycle = false;      // some kept transition inside it
  ThreadMask steps = 0;        // threads with a step(U) inside it
  ThreadMask always_pending = ~ThreadMask{0};  // pending in every state of it
  // A cycle through the whole component is fair (every thread pending
  // throughout steps): docs/progress.md, "fair execution".
  bool fair() const { return has_cycle && (always_pending & ~steps) == 0; }
};

struct SubGraphSccs {
  Components components;
  std::vector<ComponentFacts> facts;
  std::uint64_t states = 0, transitions = 0;  // the sub-graph's size
};

class CycleFinder {
 public:
  CycleFinder(const lts::Lts& lts, const ThreadedLts& threads);

  SubGraphSccs sccs(const SubGraph& g) const;

  // A lasso into component `c` of `s`: the stem from the initial state with
  // the fewest calls and returns (step(T) costs nothing) to some state of a
  // component `bad` accepts, then a cycle inside that component through
  // that state which, when `fair`, is fair, and which takes a step(U) for
  // every U in `must_step`. Empty stem and cycle when no component is bad.
  struct Lasso {
    std::vector<lts::Transition> stem, cycle;
  };
  template <typename Bad>
  Lasso lasso(const SubGraph& g, const SubGraphSccs& s, Bad bad, bool fair, ThreadMask must_step) const {
    std::vector<bool> bad_component(s.facts.size());
    for (std::size_t c = 0; c < s.facts.size(); ++c) bad_component[c] = bad(s.facts[c]);
    return lasso_to(g, s, bad_component, fair, must_step);
  }

 private:
  bool keeps_state(const SubGraph& g, lts::StateId s) const {
    return threads_.reachable[s] && (threads_.pending[s] & g.pending) == g.pending;
  }
  bool keeps_edge(const SubGraph& g, const lts::Transition& t) const {
    const LabelClass c = threads_.label[t.label];
    return c.kind == LabelKind::step ? (g.steps >> c.bit & 1) != 0 : g.calls_and_returns;
  }
  Lasso lasso_to(const SubGraph& g, const SubGraphSccs& s, const std::vector<bool>& bad, bool fair,
                 ThreadMask must_step) const;
  std::vector<lts::Transition> stem_to(const SubGraphSccs& s, const std::vector<bool>& bad) const;
  template <typename Goal>
  std::vector<lts::Transition> path_inside(const SubGraph& g, const SubGraphSccs& s, lts::StateId from,
                                           Goal goal) const;

  const lts::Lts& lts_;
  const ThreadedLts& threads_;
  lts::Adjacency out_;
};

}  // namespace refine
