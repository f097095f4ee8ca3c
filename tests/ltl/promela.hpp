#pragma once
// An LTS and the atoms of formulas as a Promela model for SPIN (Holzmann,
// The SPIN Model Checker, 2003), reproducing the action-based run semantics
// of docs/ltl.md in SPIN's state-based one, for the cross-check of
// spin_crosscheck_test.cpp.
//
// The model has two globals: `s`, the state of the LTS, and `lab`, the
// label of the last visible step (0 before the first, one value per label,
// one value for `end`). Internal steps are closed away: the model steps
// from s with label a to t when s tau* s' -a-> t, and to a final state with
// lab = end when s tau* reaches a deadlock or a state on a tau cycle (both
// end the visible word, docs/ltl.md "Runs"); there the process blocks, and
// SPIN extends the blocked run by stuttering (its stutter extension of
// finite runs; SpinCrossCheck.EndsDeadlocksAndDivergences relies on it),
// so the final state repeats for ever. The word
// a1 a2 ... is thus read in the states after each step, from the second
// state on (never_claim.hpp skips the first).
//
// Atoms are macros over `lab`: the label ids a pattern matches by
// ltl::matches. For fairness, per thread T, `enT` holds at the states where
// an object action of T (step(T), ret(T,..)) leaves s and `tkT` when the
// last step was one (tests/ltl/reference.hpp, thread_of), and a monitor run
// in every step turns weak and strong fairness (docs/ltl.md, "Fairness")
// into a variable that holds infinitely often exactly on the fair runs:
//   weak (justice): each thread T is taken or disabled infinitely often,
//     GF (tkT || !enT) for all T; a counter waits for each in turn.
//   strong (compassion): GF enT -> GF tkT for all T. The model guesses,
//     by a stutter step after the first visible one, a set of threads
//     never enabled from there on; the guess dies if one is, and a counter
//     waits for each other thread to be taken in turn.
// After the end the monitors go on stepping (no thread is enabled there:
// a finite run is fair). The stutter steps do not change a verdict: the
// formula is next-free.
#include <string>
#include <vector>

#include "ltl/fairness.hpp"
#include "ltl/formula.hpp"
#include "lts/lts.hpp"

namespace ltl_test {

// Macro names p0, p1, ... for the label patterns of a set of formulas.
class AtomNames {
 public:
  const std::string& name(const std::string& pattern);  // a new name on first use
  const std::vector<std::string>& patterns() const { return patterns_; }
  const std::vector<std::string>& names() const { return names_; }

 private:
  std::vector<std::string> patterns_, names_;
};

// The formula in SPIN's LTL syntax ([] <> U V, W expanded: a W b =
// (a U b) || [] a), atoms by their macro names.
std::string spin_formula(const ltl::Formula& f, AtomNames& atoms);

// The threads T of the object actions among the labels of `lts`, increasing.
std::vector<unsigned> object_threads(const lts::Lts& lts);

// The model of `lts` with a macro for every atom of `atoms` and, when
// `fairness_monitor`, enT and tkT for every thread of object_threads and
// the monitors of fairness_tick. Fairness needs an LTS without tau
// (ltl/fairness.hpp): refused otherwise.
std::string promela_model(const lts::Lts& lts, const AtomNames& atoms, bool fairness_monitor);

// The model of `lts` with one process per thread, for SPIN's own weak
// fairness (pan -a -f): thread T's process has exactly the transitions of
// T, as d_steps guarded by s, so it is enabled (has an executable
// statement) exactly where T is enabled (ltl/fairness.hpp) and executes
// exactly when T is taken; a process `ends` moves a deadlock to the end
// state with lab = end (it is enabled nowhere else, and no thread is
// there). Only for an LTS whose every label is an object action, step(T)
// or ret(T,...): no tau, no call (SPIN's fairness would force a call, ours
// never does, docs/ltl.md "Testing"); refused otherwise.
std::string promela_process_model(const lts::Lts& lts, const AtomNames& atoms);

// The same model without fairness for a large LTS: the steps of the
// closure in C arrays, in the header `c_header` includes (c_decl; SPIN
// takes a few kilobytes of inline C at most), one option per position in
// a state's list of steps instead of one per step, so pan.c does not grow
// with the LTS.
struct TableModel {
  std::string promela, c_header;
};
TableModel promela_table_model(const lts::Lts& lts, const AtomNames& atoms);

// The variable of the fairness monitor that holds infinitely often
// exactly on the fair runs: wtick (weak), stick (strong); "" for none.
std::string fairness_tick(ltl::Fairness fairness);

}  // namespace ltl_test
