#pragma once
// Lock-freedom of an object system built from most general clients with
// finitely many calls per thread: it fails exactly when some reachable
// state can do internal steps forever, i.e. a reachable cycle of tau steps
// exists (seed paper, Section 4: such a run never completes a call). On a
// divergence-sensitive branching quotient (Theorem 4.4) that cycle shows as
// a tau self-loop.
#include <vector>

#include "lts/lts.hpp"

namespace refine {

struct Lasso {
  bool found = false;
  // A shortest path (in steps) from the initial state to the first state of
  // the cycle, then a shortest tau-cycle back to that state.
  std::vector<lts::Transition> stem;
  std::vector<lts::Transition> cycle;
};

Lasso find_tau_lasso(const lts::Lts& lts);

}  // namespace refine
