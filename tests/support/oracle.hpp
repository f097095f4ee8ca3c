#pragma once
// The oracle tables (tests/data/oracle/**/expected.csv): the sizes each
// equivalence's quotient must have, computed by mCRL2.
#include <cstdint>
#include <string>
#include <vector>

namespace testing_support {

struct OracleRow {
  std::string file;         // path of the .aut file
  std::string equivalence;  // none, strong, branching, divbranching
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
};

// All rows of tests/data/oracle/expected.csv and tests/data/oracle/random/expected.csv.
std::vector<OracleRow> oracle_rows();

}  // namespace testing_support
