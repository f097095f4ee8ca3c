#pragma once
// Merges every state whose only transition is an internal step into the
// state that step leads to. A state s with the single transition s -tau-> u
// is divergence-sensitive branching bisimilar to u: whatever u does, s does
// after the inert step, and s diverges exactly when u does (van Glabbeek and
// Weijland, "Branching time and abstraction in bisimulation semantics",
// J. ACM 43(3), 1996, Sec. 3; the divergence condition as in van Glabbeek,
// Luttik, Trcka, Fund. Inform. 95(1), 2009). Redirecting the transitions
// into s to u therefore keeps every branching and divbranching quotient and
// every weak trace. A ring of such states (a divergence with no exit) keeps
// one of them, with a tau self-loop, so the divergence stays.
//
// gen applies it to the reduced LTS (docs/reduction.md, "Single-step
// states"): the partial-order reduction leaves many states with one ample
// step, which the quotient would merge anyway.
#include <vector>

#include "lts/lts.hpp"

namespace lts {

struct TauMerge {
  std::vector<StateId> into;  // per input state: the output state it is or was merged into
  std::vector<StateId> kept;  // per output state: the input state it is
};

// Merges in place. The initial state is kept and stays the initial
// state; the kept states keep their relative order and are numbered from 0
// without gaps. Each state's transitions come out sorted and without
// duplicates.
TauMerge merge_single_tau_states(Lts& l);

}  // namespace lts
