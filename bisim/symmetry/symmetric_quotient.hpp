#pragma once
// The quotient of a symmetric LTS M, computed from its orbit LTS
// (lts/orbit_lts.hpp: M is its expansion M~) without building M: tau-cycles contracted
// (orbit_contraction.hpp), signature refinement modulo the permutations
// (symmetric_refinement.hpp), then the quotient of M itself, whose states
// are M's classes: a class of the orbit LTS stands for up to |G| of them.
//
// The result is the LTS bisim::minimise gives for M under the same
// equivalence, up to the numbering of states (canonical in the same way,
// bisim/quotient.hpp, but with ties between classes broken by this route's
// own order).
#include <cstdint>

#include "bisim/equivalence.hpp"
#include "bisim/phase_callback.hpp"
#include "lts/lts.hpp"
#include "lts/orbit_lts.hpp"

namespace bisim::symmetry {

struct SymmetricQuotient {
  lts::Lts quotient;
  std::uint32_t stabilised = 0;     // nodes whose class a tau-cycle fixes under a permutation
  std::uint32_t orbit_classes = 0;  // the distinct classes of the orbit representatives, reachable or not
  std::uint32_t rounds = 0;         // signature rounds, the last one confirming
};

// e must merge states (strong, branching or divbranching); throws
// std::invalid_argument for `none`, and if the label table of `orbits` is
// not closed under the permutations.
// on_phase is told "contract", "round N: C classes" after each signature
// round, "build", then "" at the end.
SymmetricQuotient symmetric_quotient(const lts::OrbitLts& orbits, const lts::ThreadPermutations& group, Equivalence e,
                                     const PhaseCallback& on_phase = {});
// The same, taking the transitions of `orbits` over: the contraction
// rewrites them into its steps where they lie, so the peak holds them once.
SymmetricQuotient symmetric_quotient(lts::OrbitLts&& orbits, const lts::ThreadPermutations& group, Equivalence e,
                                     const PhaseCallback& on_phase = {});

}  // namespace bisim::symmetry
