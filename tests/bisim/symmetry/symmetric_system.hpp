#pragma once
// Small symmetric systems for the quotient modulo symmetry: K threads, each
// in a local state, and one shared value. A move of a thread depends only
// on its local state and the shared value, so permuting the threads maps
// the system onto itself, a label naming thread t going to one naming the
// permuted thread. From such a system the tests build both M itself and its
// orbit LTS (states with sorted locals), independently of each other.
#include <random>
#include <string>
#include <vector>

#include "lts/lts.hpp"
#include "lts/orbit_lts.hpp"

namespace testing_support {

struct SymmetricMove {
  // -1: tau; 0..actions-1: "a<j>(<thread>)"; actions and up: "g<j>", a label
  // that names no thread.
  int label;
  int local;   // the thread's local state after the move
  int shared;  // the shared value after it
};

struct SymmetricSystem {
  int threads = 2;
  int locals = 2;
  int shareds = 1;
  int actions = 1;
  // moves[local * shareds + shared]: what a thread in `local` may do.
  std::vector<std::vector<SymmetricMove>> moves;
  std::vector<int> initial_locals;  // in any order: the orbit LTS starts at a permuted representative
  int initial_shared = 0;
};

SymmetricSystem random_symmetric_system(std::mt19937_64& rng);

// The reachable part of M, explicitly; thread t (from 0) is named t+1.
lts::Lts expanded_system(const SymmetricSystem& s);

// The orbit LTS: one state per orbit (locals sorted), each transition with
// the permutation from the target's representative to the real target, the
// initial state too.
lts::OrbitLts orbit_system(const SymmetricSystem& s, const lts::ThreadPermutations& group);

// The renaming of thread numbers in this system's label names.
std::string rename_threads(const std::string& name, const std::vector<int>& image);

}  // namespace testing_support
