#pragma once
// Model checking a next-free formula on an LTS (docs/ltl.md): the product
// of the LTS with the Buechi automaton of the negated formula (ltl/buchi.hpp),
// and its emptiness by Tarjan's strongly connected components (Tarjan,
// "Depth-first search and linear graph algorithms", SIAM J. Comput. 1972):
// a generalised Buechi product is non-empty exactly when a reachable
// non-trivial SCC meets every acceptance set (Couvreur, FM 1999, Section 2).
//
// Runs: the maximal paths of the LTS, seen through their visible labels
// (tau is a stutter the formula does not see). A path with finitely many
// visible labels (ending in a deadlock, or in a cycle of tau steps) is
// seen as its visible word followed by `end` for ever. A product cycle
// must therefore read at least one letter (a visible label or `end`).
#include <string>
#include <vector>

#include "lts/lts.hpp"
#include "ltl/fairness.hpp"
#include "ltl/formula.hpp"

namespace ltl {

struct LassoStep {
  lts::StateId from = 0, to = 0;
  lts::LabelId label = 0;
  bool end = false;  // the final stutter of a finite run (from == to)
};

struct LtlResult {
  bool holds = true;
  std::vector<LassoStep> stem, cycle;  // a run violating the formula, when !holds
  std::size_t product_states = 0, automaton_states = 0;
};

// Under weak or strong fairness (ltl/fairness.hpp) only fair runs count;
// the caller makes sure every reachable transition has a thread
// (unthreaded_transition), else the verdict is not about fair runs.
LtlResult check_ltl(const lts::Lts& lts, const Formula& formula, Fairness fairness = Fairness::none);

// The patterns of `f` that match no label of `lts` (likely typos).
std::vector<std::string> unmatched_patterns(const lts::Lts& lts, const Formula& f);

}  // namespace ltl
