#pragma once
// What gen --symmetry writes, for gen and gen-mpi alike: the divbranching
// quotient of the object system, computed on its orbit LTS
// (bisim/symmetry/, docs/reduction.md "Thread symmetry"), with its phases
// on standard error when `report`, each line starting with `tool`.
#include <string_view>

#include "lts/lts.hpp"
#include "lts/orbit_lts.hpp"

namespace tools {

lts::Lts quotient_modulo_symmetry(lts::OrbitLts&& orbits, int threads, bool report, std::string_view tool);

}  // namespace tools
