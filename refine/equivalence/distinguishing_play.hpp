#pragma once
// A witness that two states are not bisimilar: a play of the bisimulation
// game that the attacker wins (Stirling, "Modal and temporal logics for
// processes", 1996; for branching bisimulation, de Frutos-Escrig, Keiren &
// Willemse, "Games for bisimulations and abstraction", LMCS 2017).
//
// The moves come from naive signature refinement (Blom & Orzan, "A
// distributed algorithm for strong bisimulation reduction of state spaces",
// 2002; the branching signatures of Blom & Orzan 2003): if round k is the
// first to separate x and y, their signatures under round k-1 differ, so one
// side has a step (a, C) the other cannot copy into C; every answer then
// leads to a pair that an earlier round separates. Each move is the one whose
// best answer is separated earliest, so a play has at most k moves and ends
// when one side can do something the other cannot: an action (after internal
// steps that keep it equivalent so far) or, for divbranching, a divergence.
//
// Meant for quotients (refine/equivalence/block_graph.hpp): quadratic per round.
#include <vector>

#include "bisim/equivalence.hpp"
#include "lts/lts.hpp"

namespace refine {

struct PlayMove {
  bool attacker_is_a = true;      // which side moves; the other answers
  bool diverges = false;          // the attacker runs internal steps forever
  lts::LabelId label = lts::tau;  // the attacker's action (tau: an internal step that changes class)
  enum class Answer { cannot, same, stays } answer = Answer::cannot;  // stays: the defender idles (tau only)
  // Where sides A and B are in the graph after the move (when answered).
  lts::StateId a_to = 0, b_to = 0;
  // The steps of `g` behind the move: the attacker's inert steps then its
  // action (diverges: inert steps to a state on an inert cycle, then that
  // cycle); the defender's inert steps then the same action (empty when it
  // stays or cannot answer).
  std::vector<lts::Transition> attacker_path, defender_path;
};

// A play from (a, b), which `e` must not relate in `g`. Throws std::logic_error
// if naive refinement finds a and b equivalent after all.
std::vector<PlayMove> distinguishing_play(const lts::Lts& g, lts::StateId a, lts::StateId b, bisim::Equivalence e);

}  // namespace refine
