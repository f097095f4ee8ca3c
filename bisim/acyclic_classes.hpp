#pragma once
// Strong and branching bisimulation in one pass when the LTS has no cycles
// but self-loops: every state is classified after its successors, once.
//
// On a well-founded graph bisimilarity can be decided bottom-up, states
// being compared only with states already classified (Dovier, Piazza &
// Policriti, "An efficient algorithm for computing bisimulation
// equivalence", TCS 311, 2004, Sections 3-4: linear time for acyclic
// graphs). This is the common case after tau-SCC contraction: gen's models
// run a bounded number of operations, so their state spaces are acyclic up
// to tau-loops, and the families that make signature refinement need a
// round per state (lines, chains) are acyclic too; partition refinement
// then takes log n passes where this takes one.
//
// Classes are sets of steps (label, class of target) read in reverse
// topological order. A step into the state's own class can only come from
// a self-loop or from a step into the class the state joins, so such steps
// are written as (label, self) in every key, which makes keys compare
// exactly. For branching bisimulation (van Glabbeek & Weijland, J. ACM
// 43(3), 1996; signatures as in Blom & Orzan, PDMC 2003) a state s with a
// tau-step into class D belongs to D exactly when every step of s, with the
// tau-steps into D left out as inert, is in D's key (D's members then
// simulate s after that inert step, and s simulates them through it); a
// state that joins no such D is a bottom state of its class, whose key is
// its own steps.
#include <cstdint>
#include <optional>

#include "bisim/partition.hpp"
#include "lts/lts.hpp"

namespace bisim {

// The coarsest strong (inert_tau false) or branching (inert_tau true)
// bisimulation of `lts`, blocks numbered by smallest state, when every
// cycle of `lts` is a self-loop and the transitions are listed by source;
// std::nullopt otherwise (or when states with many steps into many classes
// would make the candidate tests cost more than a few passes over the
// transitions). With inert_tau, tau self-loops are ignored (inert), so
// divergence must already be marked by a label of its own
// (bisim/branching/tau_contraction.hpp does both).
std::optional<Partition> acyclic_partition(const lts::Lts& lts, bool inert_tau);

}  // namespace bisim
