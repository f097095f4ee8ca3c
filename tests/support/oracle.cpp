#include "tests/support/oracle.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tests/support/test_data.hpp"

namespace testing_support {

namespace {
void read_table(const std::string& dir, std::vector<OracleRow>& rows) {
  std::ifstream in(test_data(dir + "/expected.csv"));
  if (!in) throw std::runtime_error("missing oracle table in " + dir);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::istringstream fields(line);
    OracleRow row;
    std::string states, transitions;
    std::getline(fields, row.file, ',');
    std::getline(fields, row.equivalence, ',');
    std::getline(fields, states, ',');
    std::getline(fields, transitions, ',');
    row.file = test_data(dir + "/" + row.file);
    row.states = std::stoull(states);
    row.transitions = std::stoull(transitions);
    rows.push_back(row);
  }
}
}  // namespace

std::vector<OracleRow> oracle_rows() {
  std::vector<OracleRow> rows;
  read_table("oracle", rows);
  read_table("oracle/random", rows);
  return rows;
}

}  // namespace testing_support
