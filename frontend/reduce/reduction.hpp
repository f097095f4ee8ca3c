#pragma once
// On-the-fly partial-order reduction with singleton invisible ample sets
// (Gerth, Kuiper, Peled, Penczek, "A partial order approach to branching time
// logic model checking", Inf. & Comp. 150(2), 1999, conditions C0-C4), which
// preserves divergence-sensitive branching bisimilarity (docs/reduction.md).
// The interpreter marks the candidates (Successors::independent): internal
// steps that are the only step of their thread and independent of everything
// the other threads can still do before that thread moves again (C1, C2, C4).
// The explorer applies the cycle proviso (C3) in state-id order.
#include "frontend/run/interpreter.hpp"

namespace frontend {

// The index (into next.labels) of the first candidate after `after` for the
// one step to take alone, or -1: none left, expand all. Any candidate is a
// singleton ample set on its own; trying them in index order keeps the choice
// deterministic, so the output does not depend on workers.
int next_ample_candidate(const Successors& next, int after = -1);

}  // namespace frontend
