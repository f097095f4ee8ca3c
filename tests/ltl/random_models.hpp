#pragma once
// Random test inputs for ltl/ (docs/ltl.md): small LTSs over the labels
// a, b, c and tau, small LTSs of two threads whose labels all carry a
// thread (the input of --fairness), and random formulas over given atoms.
// Shared by the brute-force test (ltl_test.cpp) and the SPIN cross-check
// (spin_crosscheck_test.cpp).
#include <random>
#include <string>
#include <vector>

#include "lts/lts.hpp"

namespace ltl_test {

// 1 to 4 states, up to 6 transitions labelled tau, a, b or c.
lts::Lts random_lts(std::mt19937_64& rng);

// 1 to 4 states, up to 7 transitions labelled step(1), step(2), call(1,a)
// or ret(2,b): no tau, every label has a thread.
lts::Lts random_threaded_lts(std::mt19937_64& rng);

// 1 to 4 states, each with up to two transitions of each thread labelled
// step(1), step(2), ret(1,a) or ret(2,b): object actions only (no call, no
// tau), the class where SPIN's weak fairness per process is ours
// (docs/ltl.md, "Testing").
lts::Lts random_object_lts(std::mt19937_64& rng);

// The atoms of random_formula over random_lts and over random_threaded_lts;
// the last two (true, false) are drawn less often.
const std::vector<std::string>& plain_atoms();
const std::vector<std::string>& thread_atoms();
const std::vector<std::string>& object_atoms();  // over random_object_lts

// A formula of the syntax of docs/ltl.md of nesting depth at most `depth`.
std::string random_formula(std::mt19937_64& rng, int depth, const std::vector<std::string>& atoms = plain_atoms());

}  // namespace ltl_test
