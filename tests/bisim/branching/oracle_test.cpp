// Quotient sizes on every oracle file (tests/data/oracle and its random/
// folder): the number of blocks over the reachable states must equal the
// `states` column of expected.csv for branching and divbranching.
#include "tests/support/oracle.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "bisim/branching/branching_bisimulation.hpp"
#include "formats/aut_reader.hpp"
#include "lts/reachability.hpp"
#include "tests/bisim/branching/routes.hpp"

namespace {

std::size_t reachable_blocks(const lts::Lts& l, bool divergence_sensitive, bisim::BranchingRoute route) {
  const bisim::Partition p = bisim::branching_partition(l, divergence_sensitive, route);
  const std::vector<bool> reachable = lts::reachable_states(l);
  std::set<std::uint32_t> seen;
  for (lts::StateId s = 0; s < l.num_states; ++s)
    if (reachable[s]) seen.insert(p.block[s]);
  return seen.size();
}

TEST(BranchingOracle, QuotientSizesMatchExpectedCsv) {
  std::map<std::string, lts::Lts> files;
  std::size_t checked = 0;
  for (const auto& row : testing_support::oracle_rows()) {
    if (row.equivalence != "branching" && row.equivalence != "divbranching") continue;
    auto it = files.find(row.file);
    if (it == files.end()) it = files.emplace(row.file, formats::read_aut_file(row.file)).first;
    for (const auto route : testing_support::all_branching_routes)
      EXPECT_EQ(reachable_blocks(it->second, row.equivalence == "divbranching", route), row.states)
          << row.file << " " << row.equivalence << ", route " << static_cast<int>(route);
    ++checked;
  }
  EXPECT_EQ(checked, 2u * (9u + 120u));
}

}  // namespace
