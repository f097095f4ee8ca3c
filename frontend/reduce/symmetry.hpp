#pragma once
// Thread-symmetry reduction (gen --symmetry; docs/reduction.md, "Thread
// symmetry"). When no statement of a model depends on which thread runs it
// (no `tid`), permuting the threads' parts of a state, and renaming the
// holders of locks with them, maps the object system onto itself, a label
// naming thread t going to the one naming the permuted thread (Emerson and
// Sistla, "Symmetry and model checking", FMSD 9, 1996; Ip and Dill, "Better
// verification through symmetry", FMSD 9, 1996). When `tid` only indexes
// shared arrays relative to the thread (frontend/analysis/ring_indices.hpp), the
// rotations of the threads do, moving those arrays' elements with them. The
// explorer then keeps one representative per orbit and records on each
// transition the permutation that takes the representative back to the
// real successor (lts/orbit_lts.hpp); the orbit LTS and what reads it work
// in the full group S_K either way, of which the rotations are a subgroup.
#include <cstdint>
#include <utility>
#include <vector>

#include "frontend/analysis/lock_slots.hpp"
#include "frontend/language/program.hpp"
#include "frontend/run/canonical.hpp"
#include "lts/thread_permutations.hpp"

namespace frontend {

// Refuses (a located error) a program in which a statement, a client guard
// or an `on call` update names a thread (`tid`) other than as an index
// relative to it (then sets p.thread_arrays), a lock is
// kept in a set, or a label would show a node. Then no step depends on
// which thread takes it, only on that thread's part, on who holds which
// lock and, under rotations, on the elements of the thread arrays at
// indices relative to it: the symmetry holds.
void require_symmetric(Program& p);

class SymmetryCanonicalizer {
 public:
  SymmetryCanonicalizer(const Program& p, const lts::ThreadPermutations& group);
  // Replaces `state` (heap-canonical) by the representative of its orbit:
  // the least, slot by slot, of the heap-canonical forms of the orderings
  // that sort the threads by a key which neither a permutation nor node
  // renumbering changes; under rotations (Program::rotations()), of the K
  // rotations. Every member of the orbit yields the same candidates, so the
  // same representative. Returns the permutation g with
  // state = g.representative, up to node renumbering.
  lts::PermutationId run(std::int32_t* state);

 private:
  void sorted_orders(const std::int32_t* state);
  void mask_references(const std::int32_t* state, int t, std::int32_t* key) const;
  void try_order(const std::int32_t* state);
  void rename_holders();

  const Program& p_;
  const lts::ThreadPermutations& group_;
  Canonicalizer heap_;
  LockSlots locks_;
  std::vector<std::int32_t> keys_;  // per thread: its part, references as 0 or 1
  std::vector<int> order_;          // candidate: the thread placed at each position
  std::vector<int> position_;       // candidate: the position of each thread
  std::vector<int> best_order_;
  std::vector<std::pair<int, int>> runs_;  // [begin, end) of equal keys in order_, longer than one
  std::vector<std::int32_t> candidate_, best_;
  bool have_best_ = false;
};

}  // namespace frontend
