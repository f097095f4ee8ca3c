// The table of equivalences (bisim/equivalence.hpp): names round-trip, and
// the properties the algorithms read are those of the definitions.
#include <gtest/gtest.h>

#include "bisim/equivalence.hpp"

namespace {

using bisim::Equivalence;

TEST(EquivalenceTable, NamesRoundTrip) {
  for (const bisim::EquivalenceInfo& row : bisim::equivalences) {
    EXPECT_EQ(bisim::parse_equivalence(row.name), row.id);
    EXPECT_EQ(bisim::name(row.id), row.name);
  }
  EXPECT_FALSE(bisim::parse_equivalence("weak").has_value());
  EXPECT_EQ(bisim::equivalences.front().id, Equivalence::branching);  // quotient's default
}

TEST(EquivalenceTable, PropertiesFollowTheDefinitions) {
  EXPECT_FALSE(bisim::merges_states(Equivalence::none));
  EXPECT_TRUE(bisim::merges_states(Equivalence::strong));
  EXPECT_FALSE(bisim::hides_inert_tau(Equivalence::strong));
  EXPECT_TRUE(bisim::hides_inert_tau(Equivalence::branching));
  EXPECT_TRUE(bisim::hides_inert_tau(Equivalence::divbranching));
  EXPECT_FALSE(bisim::divergence_sensitive(Equivalence::branching));
  EXPECT_TRUE(bisim::divergence_sensitive(Equivalence::divbranching));
}

TEST(EquivalenceTable, RefinesListsTheBisimilaritiesOnly) {
  EXPECT_EQ(bisim::equivalence_names(true), (std::vector<std::string>{"branching", "divbranching", "strong"}));
  EXPECT_EQ(bisim::equivalence_names(false).size(), bisim::equivalences.size());
}

}  // namespace
