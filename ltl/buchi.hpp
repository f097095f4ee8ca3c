#pragma once
// A formula in positive normal form translated to a generalised Buechi
// automaton by the tableau of Gerth, Peled, Vardi and Wolper, "Simple
// on-the-fly automatic verification of linear temporal logic", PSTV 1995,
// Section 3 (the expansion of nodes with New/Old/Next) and Section 4 (one
// acceptance set per until subformula). States are labelled: a run of
// nodes n0 n1 ... accepts the word a0 a1 ... when each a_i satisfies the
// literals of n_i and every acceptance set is visited infinitely often.
#include <string>
#include <vector>

#include "ltl/formula.hpp"

namespace ltl {

struct BuchiNode {
  std::vector<std::string> positive, negative;  // atoms the letter must match / must not match
  std::vector<int> successors;
  bool initial = false;
  std::vector<bool> accepting;  // by acceptance set
};

struct Buchi {
  std::vector<BuchiNode> nodes;
  std::size_t acceptance_sets = 0;
  // Whether `letter` (a label, or end_letter()) satisfies node n's literals.
  bool admits(int n, const std::string& letter) const;
};

Buchi translate(const Formula& positive_normal_form);

}  // namespace ltl
