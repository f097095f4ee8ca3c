#pragma once
// Thread symmetry across ranks (gen-mpi --symmetry;
// docs/scaling.md, "What gen-mpi supports"; docs/reduction.md, "Thread
// symmetry"). Each rank replaces every successor by the representative of
// its orbit before packing it (SymmetryCanonicalizer), so the owner hash
// and the visited sets see representatives only, and the record carries
// the permutation g with successor = g.representative beside the label.
// The level numbering then numbers orbits in the order of their first
// discovery, as gen's explore_orbits does, and at the end the orbit LTS is
// gathered on rank 0 with gen's label ids and its order of each state's
// transitions (label, target, permutation), repeats removed.
#include <cstdint>
#include <string>
#include <vector>

#include <mpi.h>

#include "distributed/lts_gather.hpp"
#include "frontend/language/program.hpp"
#include "frontend/reduce/symmetry.hpp"
#include "lts/orbit_lts.hpp"
#include "lts/thread_permutations.hpp"

namespace distributed {

// One rank's side: the canonicaliser, the initial state's permutation, and
// the permutation of each arrow the rank keeps (in the arrows' order).
class OrbitSteps {
 public:
  explicit OrbitSteps(const frontend::Program& p) : group_(p.threads), canonicalizer_(p, group_) {}
  OrbitSteps(const OrbitSteps&) = delete;  // the canonicaliser refers to group_
  OrbitSteps& operator=(const OrbitSteps&) = delete;

  // Replaces `state` by its orbit's representative; returns g with state = g.representative.
  lts::PermutationId canonicalise(std::int32_t* state) { return canonicalizer_.run(state); }
  void keep(std::uint32_t permutation) { permutations_.push_back(static_cast<lts::PermutationId>(permutation)); }

  const lts::ThreadPermutations& group() const { return group_; }
  lts::PermutationId initial_permutation = lts::ThreadPermutations::identity;
  std::vector<lts::PermutationId>& permutations() { return permutations_; }

 private:
  lts::ThreadPermutations group_;
  frontend::SymmetryCanonicalizer canonicalizer_;
  std::vector<lts::PermutationId> permutations_;
};

// Collective (gather_lts's arguments, and permutations[i] the permutation
// of arrows[i]). On rank 0 the orbit LTS frontend::explore_orbits builds
// without reduction: states 0..num_states-1 with 0 initial, gen's label
// table closed under the permutations (lts::label_images); elsewhere an
// empty one.
lts::OrbitLts gather_orbit_lts(MPI_Comm comm, const std::vector<std::string>& names,
                               const std::vector<LabelKey>& keys, std::vector<Arrow>&& arrows,
                               std::vector<lts::PermutationId>&& permutations, std::uint32_t num_states,
                               lts::PermutationId initial_permutation, const lts::ThreadPermutations& group);

}  // namespace distributed
