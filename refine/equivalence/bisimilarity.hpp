#pragma once
// Bisimilarity of two LTSs, decided on their disjoint union with the
// partitioner `quotient` uses (bisim::partition). With divbranching this is
// how lock-freedom carries over from an abstract object (seed paper,
// Theorem 4.4), and how a specification serves as one for objects with
// static linearization points (Corollary 4.5).
//
// When they are not bisimilar, a witness: for branching kinds, a shortest
// weak trace one side can do and the other cannot, if there is one (found on
// the quotient of the union, refine/inclusion/trace_inclusion.hpp); otherwise a
// distinguishing play (refine/equivalence/distinguishing_play.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "bisim/equivalence.hpp"
#include "lts/lts.hpp"
#include "refine/equivalence/distinguishing_play.hpp"

namespace refine {

struct NamedMove {
  bool attacker_is_a = true;
  bool diverges = false;
  std::string label;  // empty for tau
  PlayMove::Answer answer = PlayMove::Answer::cannot;
};

// A step of one input, in that input's state numbering; "i" when internal.
struct SideStep {
  lts::StateId from = 0;
  std::string label;
  lts::StateId to = 0;
};

// A move of the play on the inputs' states (refine/equivalence/concrete_play.hpp): the
// attacker's one step (or, when it diverges, its path to a cycle and the
// cycle from `cycle_start`), and the defender's answer from `defender_at`.
struct WitnessMove {
  bool attacker_is_a = true;
  bool diverges = false;
  std::vector<SideStep> attack;
  std::size_t cycle_start = 0;
  PlayMove::Answer answer = PlayMove::Answer::cannot;
  lts::StateId defender_at = 0;
  std::vector<SideStep> answer_path;  // when the answer is `same`
  // When the defender cannot answer: the states it reaches from
  // defender_at by internal steps inside its class; none can answer.
  std::vector<lts::StateId> defender_options;
};

struct BisimilarityResult {
  bool holds = true;
  std::uint32_t blocks = 0;  // classes of the union
  // A shortest trace of one side that the other cannot follow (branching
  // kinds, when their weak traces differ), and what the other could do
  // instead after all but its last action.
  bool traces_differ = false;
  bool trace_of_a = true;
  std::vector<std::string> trace;
  std::vector<std::string> other_enabled;
  // When no such trace exists: a play the attacker wins; its last move is
  // the one not answered.
  std::vector<NamedMove> play;
  // The same play on the states of A and B, one attacker step per move, and
  // the inputs' sizes (the witness file names them, docs/refines.md).
  std::vector<WitnessMove> witness;
  lts::StateId a_states = 0, b_states = 0;
};

BisimilarityResult check_bisimilarity(const lts::Lts& a, const lts::Lts& b, bisim::Equivalence e);

// Renames the witness's states to the inputs' own numbers (`original[s]`
// is the number of dense state s; an empty vector keeps the numbers), as
// lts::restore_states does for paths.
void restore_witness_states(BisimilarityResult& r, const std::vector<lts::StateId>& a_original,
                            const std::vector<lts::StateId>& b_original);

}  // namespace refine
