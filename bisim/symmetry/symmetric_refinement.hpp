#pragma once
// Signature refinement modulo symmetry: the coarsest (divergence-sensitive)
// branching or strong bisimulation of M, computed on the contracted orbit
// LTS alone (orbit_contraction.hpp).
//
// Signature refinement (Blom and Orzan, "A distributed algorithm for
// strong bisimulation reduction of state spaces", PDMC 2002; Blom and
// Orzan, "Distributed branching bisimulation reduction of state spaces",
// PDMC 2003, Section 3) splits every class by the set of (label, target
// class) steps each state reaches inertly. Bisimilarity is invariant under
// the permutations, so the classes of M are permuted too: the class of g.s
// is g applied to the class of s. A class id therefore carries its images,
// `action[c * |G| + g]`, and only the representatives' signatures are
// computed: the signature of g.r is g applied to that of r, which names the
// same new class as g applied to r's new class. Each new signature is
// interned with all its images at once, so the action on the new ids is
// known as soon as they are. The classes of M stop splitting when their
// number stays the same from one round to the next.
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "bisim/equivalence.hpp"
#include "bisim/symmetry/orbit_contraction.hpp"

namespace bisim::symmetry {

struct ClassStep {
  lts::LabelId label;
  std::uint32_t to;
  friend auto operator<=>(const ClassStep&, const ClassStep&) = default;
};

struct SymmetricPartition {
  // The classes of the states of M in the orbits given, 0..num_classes-1.
  std::uint32_t num_classes = 0;
  std::vector<std::uint32_t> class_of_node;  // the class of each node's root
  std::vector<std::uint32_t> action;         // action[c * |G| + g]: the class g.c
  // The steps of class c in the quotient of M: steps[step_begin[c] ..
  // step_begin[c+1]), sorted, inert tau-steps left out; divergent[c] when
  // its states can take inert tau-steps for ever (divbranching only).
  std::vector<std::uint64_t> step_begin;
  std::vector<ClassStep> steps;
  std::vector<bool> divergent;
  std::uint32_t rounds = 0;
};

// e is strong (on nodes from contract_orbits(..., false)), branching or
// divbranching (from contract_orbits(..., true)). on_round, if given, is
// told the number of classes after each round.
SymmetricPartition refine_modulo_symmetry(
    const ContractedOrbits& nodes, const std::vector<std::vector<lts::LabelId>>& label_image,
    const ThreadPermutations& group, Equivalence e,
    const std::function<void(std::uint32_t round, std::uint32_t classes)>& on_round = {});

}  // namespace bisim::symmetry
