#pragma once
// SPIN's never claim for a negated formula (`spin -f '!(f)'`), read back as
// a Buechi automaton, and the claim the cross-check runs: that automaton
// one position late (the model's first state is before any step,
// promela.hpp), with the fairness as one more Buechi condition.
//
// The fairness is not written into the formula, as (fair -> f): SPIN's
// translator (SPIN 6.5, Src/tl_*.c) takes from seconds to minutes on a
// depth-3 formula under a fairness antecedent of two threads, and also on
// n0 U (!n0 && f), the other way to skip the first state. Instead the model
// keeps a monitor whose `tick` holds infinitely often exactly on the fair
// runs (promela.hpp), and the claim is SPIN's automaton with the one more
// Buechi condition GF tick, degeneralised by a counter (Baier and Katoen,
// Principles of Model Checking, 2008, Section 4.3.4): it waits for an
// accepting state of SPIN's automaton, then for tick, and accepts when it
// turns back.
#include <string>
#include <vector>

namespace ltl_test {

struct NeverClaim {
  struct Edge {
    std::string guard;  // a Promela expression over the model's macros
    int to;
  };
  struct State {
    std::string label;
    bool accepting = false;
    std::vector<Edge> edges;
  };
  std::vector<State> states;  // states[0] is the initial state
};

// The automaton of SPIN 6's `spin -f` output (Src/tl_buchi.c, fsm_print).
// An `assert` transition and the final `accept_all: skip`, where SPIN
// reports a violation at once, lead to an accepting state that loops on
// (1). Throws std::runtime_error on any text of another form.
NeverClaim parse_never_claim(const std::string& text);

// The claim `name`: a first step on (1), then `claim` with the Buechi
// condition GF often (none when `often` is empty).
std::string product_claim(const NeverClaim& claim, const std::string& name, const std::string& often);

}  // namespace ltl_test
