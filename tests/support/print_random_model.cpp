// print_random_model [--symmetric | --rotation-litmus] SEED...: the text of
// random_model(SEED) for each seed, each into R<SEED>.conc in the current
// folder, for shell tests that compare tools on random models
// (tests/distributed/random_models.sh). --symmetric: the models without
// `tid` or with flags indexed relative to the thread, which gen --symmetry
// accepts (RandomModelOptions::symmetric and rotations); --rotation-litmus:
// random_litmus(SEED) with indices relative to the thread, into L<SEED>.conc
// (tests/distributed/symmetry.sh).
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "tests/support/random_litmus.hpp"
#include "tests/support/random_model.hpp"

int main(int argc, char** argv) {
  int first = 1;
  bool symmetric = false, litmus = false;
  if (argc > 1 && std::string(argv[1]) == "--symmetric") symmetric = true, first = 2;
  else if (argc > 1 && std::string(argv[1]) == "--rotation-litmus") litmus = true, first = 2;
  for (int i = first; i < argc; ++i) {
    char* end = nullptr;
    const std::uint64_t seed = std::strtoull(argv[i], &end, 10);
    if (end == argv[i] || *end != '\0') {
      std::cerr << "print_random_model: not a seed: " << argv[i] << '\n';
      return 2;
    }
    const std::string name = (litmus ? "L" : "R") + std::to_string(seed) + ".conc";
    std::ofstream out(name);
    if (litmus) {
      testing_support::LitmusOptions o;
      o.rotations = true;
      out << testing_support::random_litmus(seed, o);
    } else {
      testing_support::RandomModelOptions o;
      o.symmetric = symmetric;
      o.rotations = symmetric;
      out << testing_support::random_model(seed, o);
    }
    if (!out) {
      std::cerr << "print_random_model: cannot write " << name << '\n';
      return 2;
    }
  }
  return 0;
}
