// The reference partitioner against the oracle tables (tests/data/oracle):
// its number of blocks over the reachable states must equal the `states`
// column of expected.csv for strong, branching and divbranching.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>
#include <string>

#include "formats/aut_reader.hpp"
#include "lts/reachability.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/support/oracle.hpp"

namespace {

// Naive refinement needs about as many rounds as the longest distinguishing
// path; on the long chains of vasy_25_25 that is minutes, not seconds.
constexpr std::uint64_t max_states_for_reference = 10000;

// The equivalences of the table; nullopt for "none" (nothing to refine).
std::optional<bisim::Equivalence> equivalence_named(const std::string& name) {
  if (name == "strong") return bisim::Equivalence::strong;
  if (name == "branching") return bisim::Equivalence::branching;
  if (name == "divbranching") return bisim::Equivalence::divbranching;
  EXPECT_EQ(name, "none");
  return std::nullopt;
}

std::size_t reachable_blocks(const lts::Lts& l, bisim::Equivalence e) {
  const bisim::Partition p = bisim::reference_partition(l, e);
  const std::vector<bool> reachable = lts::reachable_states(l);
  std::set<std::uint32_t> seen;
  for (lts::StateId s = 0; s < l.num_states; ++s)
    if (reachable[s]) seen.insert(p.block[s]);
  return seen.size();
}

TEST(ReferenceOracle, QuotientSizesMatchExpectedCsv) {
  std::map<std::string, lts::Lts> files;
  std::size_t checked = 0;
  for (const auto& row : testing_support::oracle_rows()) {
    const auto e = equivalence_named(row.equivalence);
    if (!e) continue;
    auto it = files.find(row.file);
    if (it == files.end()) it = files.emplace(row.file, formats::read_aut_file(row.file)).first;
    if (it->second.num_states > max_states_for_reference) continue;
    EXPECT_EQ(reachable_blocks(it->second, *e), row.states) << row.file << " " << row.equivalence;
    ++checked;
  }
  EXPECT_GE(checked, 3u * 120u);  // all random files and most of the VLTS ones
}

}  // namespace
