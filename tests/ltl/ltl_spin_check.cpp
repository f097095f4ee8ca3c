// ltl_spin_check LTS.aut 'FORMULA': SPIN's verdict on `refines --ltl
// FORMULA LTS.aut` (no fairness), through the renderings of the SPIN
// cross-check (promela.hpp, never_claim.hpp), for bench/ltl.sh. Exit 0: the
// formula holds; 1: it fails; 2: an error.
#include <cstdio>
#include <exception>

#include "formats/aut_reader.hpp"
#include "ltl/parser.hpp"
#include "tests/ltl/never_claim.hpp"
#include "tests/ltl/promela.hpp"
#include "tests/ltl/spin_runner.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: ltl_spin_check LTS.aut FORMULA\n");
    return 2;
  }
  try {
    const lts::Lts l = formats::read_aut_file(argv[1]);
    ltl_test::AtomNames atoms;
    const std::string formula = ltl_test::spin_formula(ltl::parse_formula(argv[2]), atoms);
    // A depth of a million steps and 2^22 slots: the product of an LTS of
    // thousands of states with the claim.
    ltl_test::SpinRunner spin("-w22 -m1000000");
    const auto claim = spin.negated_claim(formula, 600);
    if (!claim) throw std::runtime_error("spin -f took more than 600 s");
    const ltl_test::TableModel m = ltl_test::promela_table_model(l, atoms);
    const std::string claim_text = ltl_test::product_claim(ltl_test::parse_never_claim(*claim), "f", "");
    const bool holds = spin.verify(m.promela + claim_text, {"f"}, {{"bb_lts.h", m.c_header}})[0];
    std::printf("%s\n", holds ? "holds" : "FAILS");
    return holds ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ltl_spin_check: %s\n", e.what());
    return 2;
  }
}
