#pragma once
// Bisimilarity of two LTSs, decided on their disjoint union with the
// partitioner `quotient` uses (bisim::partition). With divbranching this is
// how lock-freedom carries over from an abstract object (seed paper,
// Theorem 4.4), and how a specification serves as one for objects with
// static linearization points (Corollary 4.5).
//
// When they are not bisimilar, a witness: for branching kinds, a shortest
// weak trace one side can do and the other cannot, if there is one (found on
// the quotient of the union, refine/trace_inclusion.hpp); otherwise a
// distinguishing play (refine/distinguishing_play.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "bisim/equivalence.hpp"
#include "lts/lts.hpp"
#include "refine/distinguishing_play.hpp"

namespace refine {

struct NamedMove {
  bool attacker_is_a = true;
  bool diverges = false;
  std::string label;  // empty for tau
  PlayMove::Answer answer = PlayMove::Answer::cannot;
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
};

BisimilarityResult check_bisimilarity(const lts::Lts& a, const lts::Lts& b, bisim::Equivalence e);

}  // namespace refine
