// print_random_lts SEED...: for each seed, L<SEED>.aut in the current
// folder: a random LTS of at most 40 states (random_lts.hpp), and for odd
// seeds one whose only cycles are self-loops and contracted tau-runs, the
// shape of gen's outputs with bounded operations; for shell tests that
// compare tools on random LTSs (tests/distributed/quotient_identical.sh).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>

#include "formats/aut_writer.hpp"
#include "tests/support/random_lts.hpp"

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    char* end = nullptr;
    const std::uint64_t seed = std::strtoull(argv[i], &end, 10);
    if (end == argv[i] || *end != '\0') {
      std::cerr << "print_random_lts: not a seed: " << argv[i] << '\n';
      return 2;
    }
    std::mt19937_64 rng(seed);
    const lts::Lts lts = seed % 2 == 1 ? testing_support::random_acyclic_lts(rng, seed % 4 == 1, 40)
                                       : testing_support::random_lts(rng, testing_support::random_shape(rng, 40));
    const std::string name = "L" + std::to_string(seed) + ".aut";
    std::FILE* out = std::fopen(name.c_str(), "w");
    if (out == nullptr) {
      std::cerr << "print_random_lts: cannot write " << name << '\n';
      return 2;
    }
    formats::write_aut(lts, out);
    if (std::fclose(out) != 0) {
      std::cerr << "print_random_lts: cannot write " << name << '\n';
      return 2;
    }
  }
  return 0;
}
