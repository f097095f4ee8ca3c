// print_random_model SEED...: the text of random_model(SEED) for each seed,
// each into R<SEED>.conc in the current folder, for shell tests that
// compare tools on random models (tests/distributed/random_models.sh).
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "tests/support/random_model.hpp"

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    char* end = nullptr;
    const std::uint64_t seed = std::strtoull(argv[i], &end, 10);
    if (end == argv[i] || *end != '\0') {
      std::cerr << "print_random_model: not a seed: " << argv[i] << '\n';
      return 2;
    }
    std::ofstream out("R" + std::to_string(seed) + ".conc");
    out << testing_support::random_model(seed);
    if (!out) {
      std::cerr << "print_random_model: cannot write R" << seed << ".conc\n";
      return 2;
    }
  }
  return 0;
}
