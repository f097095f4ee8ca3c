#pragma once
// Random small models in the modelling language (docs/language.md), for
// property tests of the explorer: the same seed always gives the same text.
// A model has shared integers over a small domain, sometimes a shared flag,
// locks, shared references to a node type with a pool, and one or two
// methods with parameters and results whose bodies mix reads, writes, cas,
// dcas, ll/sc/vl, atomic blocks, lock regions, await, choose, bounded loops
// and cas or sc retry loops, branches on shared and local values, and heap
// work (new, field reads and writes, cas on references, sometimes free);
// sometimes the client is restricted ('when', 'on call'), and sometimes
// (guarded_chance) every shared write but a few is a cas that expects a
// constant, directly or through a local a branch compared with it;
// sometimes (structured_chance) shared arrays indexed by a local or by the
// thread, and a (value, mark) pair written by cas; sometimes
// (own_slots_chance) flags that each thread writes at its own index and
// reads at its neighbour's. Every model is
// accepted by the checker; by chance (the *_chance options) some fault at
// run time (a null dereference, a failed assert, a value out of range, an
// exhausted pool, an unlock of a lock not held, a double free), block
// (await, a lock never released) or diverge (a purely local endless loop, a
// spin on a value no one writes). docs/architecture.md ("Random models")
// tells how to reproduce a seed.
#include <cstdint>
#include <string>

namespace testing_support {

struct RandomModelOptions {
  int max_methods = 2;             // at least 1
  int max_shared_ints = 3;         // at least 1
  int max_statements = 3;          // per block, at least 1
  int max_depth = 2;               // nesting of compound statements
  int pool = 6;                    // nodes; each operation allocates at most one, init one
  double fault_chance = 0.12;      // per model: risky statements are allowed
  double blocking_chance = 0.15;   // per model: await, spins and unreleased locks are allowed
  double divergence_chance = 0.1;  // per model: a purely local endless loop may occur
  double free_chance = 0.15;       // per model with nodes: free (explicit memory management)
  double client_chance = 0.1;      // per model: a client variable and 'when' clauses
  double guarded_chance = 0.2;     // per model: shared writes mostly a cas expecting a constant
  double structured_chance = 0.3;  // per model: shared arrays (indexed by a local or the thread) and a pair
  double own_slots_chance = 0.2;   // per model: flags each thread writes at its own index, reads at its neighbour's
  // No `tid`: every permutation of the threads (renaming lock holders with
  // them) maps the object system onto itself (gen --symmetry). The other
  // models are unchanged.
  bool symmetric = false;
  // With symmetric: the thread-indexed flags (own_slots_chance) stay, whose
  // indices tid - 1 and tid % threads are relative to the thread, so such a
  // model is symmetric under the rotations of the threads (gen --symmetry
  // explores it so); the models without them are those of symmetric alone.
  bool rotations = false;
};

// The text of a model named R<seed>.
std::string random_model(std::uint64_t seed, const RandomModelOptions& options = {});

}  // namespace testing_support
