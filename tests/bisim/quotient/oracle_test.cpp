// Quotient sizes must equal the oracle tables (tests/data/oracle/**/expected.csv,
// computed by mCRL2) exactly, for every file and every equivalence.
#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "bisim/quotient.hpp"
#include "formats/aut_reader.hpp"
#include "tests/support/oracle.hpp"

namespace testing_support {
// Names a row in test output instead of dumping its bytes.
inline void PrintTo(const OracleRow& row, std::ostream* os) {
  *os << row.file << " " << row.equivalence << " " << row.states << " " << row.transitions;
}
}  // namespace testing_support

namespace {

using testing_support::OracleRow;

std::string row_name(const testing::TestParamInfo<OracleRow>& info) {
  std::string file = info.param.file.substr(info.param.file.find("oracle/") + 7);
  std::string name = file + "_" + info.param.equivalence;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

class OracleTest : public testing::TestWithParam<OracleRow> {};

TEST_P(OracleTest, QuotientSizeMatches) {
  const OracleRow& row = GetParam();
  const auto equivalence = bisim::parse_equivalence(row.equivalence);
  ASSERT_TRUE(equivalence) << row.equivalence;
  const lts::Lts input = formats::read_aut_file(row.file);
  const bisim::Minimised m = bisim::minimise(input, *equivalence);
  EXPECT_EQ(m.quotient.num_states, row.states);
  EXPECT_EQ(m.quotient.num_transitions(), row.transitions);
}

INSTANTIATE_TEST_SUITE_P(Oracle, OracleTest, testing::ValuesIn(testing_support::oracle_rows()), row_name);

}  // namespace
