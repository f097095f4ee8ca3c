// Read -> write -> read on every oracle file: the reachable part has the
// sizes of the `none` rows of expected.csv, and writing is a fixpoint.
#include <gtest/gtest.h>

#include "formats/aut_reader.hpp"
#include "formats/aut_writer.hpp"
#include "lts/reachability.hpp"
#include "tests/support/oracle.hpp"

TEST(OracleRoundTrip, ReachablePartMatchesNoneRowsAndRereadsIdentically) {
  int checked = 0;
  for (const auto& row : testing_support::oracle_rows()) {
    if (row.equivalence != "none") continue;
    SCOPED_TRACE(row.file);
    const lts::Lts reachable = lts::reachable_part(formats::read_aut_file(row.file));
    EXPECT_EQ(reachable.num_states, row.states);
    EXPECT_EQ(reachable.transitions.size(), row.transitions);
    const std::string text = formats::write_aut_string(reachable);
    const lts::Lts again = formats::read_aut_text(text, row.file + " (rewritten)");
    EXPECT_EQ(again.num_states, reachable.num_states);
    EXPECT_EQ(formats::write_aut_string(again), text);
    ++checked;
  }
  EXPECT_EQ(checked, 9 + 120);
}
