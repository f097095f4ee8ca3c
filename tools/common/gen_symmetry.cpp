#include "tools/common/gen_symmetry.hpp"

#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include "bisim/symmetry/symmetric_quotient.hpp"

namespace tools {

lts::Lts quotient_modulo_symmetry(lts::OrbitLts&& orbits, int threads, bool report, std::string_view tool) {
  if (report) fmt::print(stderr, "{}: divbranching quotient modulo symmetry of {} orbits...\n", tool, orbits.num_states);
  const auto start = std::chrono::steady_clock::now();
  const lts::ThreadPermutations group(threads);
  const auto show = [&](std::string_view phase) {
    if (report && !phase.empty())
      fmt::print(stderr, "{}: {} ({:.1f} s)\n", tool, phase,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  };
  bisim::symmetry::SymmetricQuotient q =
      bisim::symmetry::symmetric_quotient(std::move(orbits), group, bisim::Equivalence::divbranching, show);
  if (report)
    fmt::print(stderr, "{}: {} classes ({} of orbits), {} signature rounds, {:.3f} s\n", tool, q.quotient.num_states,
               q.orbit_classes, q.rounds,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return std::move(q.quotient);
}

}  // namespace tools
