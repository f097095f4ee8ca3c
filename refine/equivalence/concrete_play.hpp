#pragma once
// A distinguishing play on the states of the two inputs, one attacker step
// per move, so that it can be followed (and replayed by `gen --replay`).
//
// The play of refine/equivalence/distinguishing_play.hpp runs on the quotient of the
// disjoint union; each of its steps C -a-> D is lifted from a concrete state
// c of class C: inert steps inside C, then an a-step into D (every state of
// C has such a path, since the classes are those of the largest
// bisimulation). The attacker's internal steps before its action become
// moves of their own, answered by the defender staying put; every position
// stays a pair of inequivalent states (if the attacker's intermediate state
// were equivalent to the defender's, the defender could copy the rest of the
// attacker's path, and its signature would hold the step the attacker plays).
// This is the Spoiler/Duplicator game of de Frutos-Escrig, Keiren and
// Willemse ("Games for bisimulations and abstraction", LMCS 13(4), 2017):
// Spoiler plays one transition, Duplicator answers with
// internal steps then the same label, or (tau) by staying. The last move is
// one the defender cannot answer at all: a visible action that no state it
// reaches by inert steps can do, or (divbranching) a divergence inside the
// attacker's class that the defender's class cannot match.
#include <cstddef>
#include <vector>

#include "bisim/equivalence.hpp"
#include "bisim/partition.hpp"
#include "lts/lts.hpp"
#include "refine/equivalence/distinguishing_play.hpp"

namespace refine {

struct ConcreteMove {
  bool attacker_is_a = true;
  bool diverges = false;
  // One transition; when it diverges, the inert steps to a state on an inert
  // tau-cycle and then that cycle, from index `cycle_start`.
  std::vector<lts::Transition> attack;
  std::size_t cycle_start = 0;
  PlayMove::Answer answer = PlayMove::Answer::cannot;
  lts::StateId defender_at = 0;              // the defender's state when the move is made
  std::vector<lts::Transition> answer_path;  // same: internal steps then the attacker's label
  // cannot: the states the defender reaches from defender_at by internal
  // steps inside its class (itself first); none of them can answer.
  std::vector<lts::StateId> defender_options;
};

// `play` is distinguishing_play(block_graph(u, p, e), p.block[a], p.block[b], e);
// the result is on the states of `u`, from (a, b).
std::vector<ConcreteMove> concrete_play(const lts::Lts& u, const bisim::Partition& p, bisim::Equivalence e,
                                        lts::StateId a, lts::StateId b, const std::vector<PlayMove>& play);

}  // namespace refine
