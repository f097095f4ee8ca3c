#pragma once
// Dead locals: which local slots no path from a statement reads before it
// writes them again. A step that stops at such a statement resets them to
// their initial values, so states that differ only in values the thread
// will never read are one state. The two are strongly bisimilar, with every
// label (step(T) included), while no node pool runs out (a node only dead
// locals point to is garbage: docs/reduction.md), so every quotient and
// every verdict is the same;
// this is the reduction by live variables of M. Bozga, J.-C. Fernandez,
// L. Ghirvu, "State space reduction based on live variables analysis"
// (SAS 1999), as CADP applies it (H. Garavel, W. Serwe, "State space
// reduction for process algebra specifications", TCS 351(2), 2006).
#include <vector>

#include "frontend/language/program.hpp"

namespace frontend {

// Per statement of p.code: the locals of its method that are dead there. A
// backward data-flow analysis over the statements (the classic live
// variables of the dragon book, Aho, Lam, Sethi, Ullman, Sec. 9.2.5), slot
// by slot. A read of any part of a variable keeps it whole; only a write of
// a whole variable or of a tuple member at a fixed place kills it.
std::vector<DeadLocals> dead_locals(const Program& p);

}  // namespace frontend
