// The two-route check on the oracle LTSs (tests/data/oracle, from real
// protocols and random generators): every LTS L and its quotient Q refine
// each other, are bisimilar, agree on lock-freedom; and Q with one visible
// transition removed gives a counterexample that replays on L and not on it.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "bisim/quotient.hpp"
#include "formats/aut_reader.hpp"
#include "refine/equivalence/bisimilarity.hpp"
#include "refine/inclusion/trace_inclusion.hpp"
#include "refine/progress/lock_freedom.hpp"
#include "refine/text/trace_report.hpp"
#include "tests/refine/reference_traces.hpp"
#include "tests/support/oracle.hpp"

namespace {

std::vector<std::string> oracle_files() {
  std::set<std::string> files;
  for (const auto& row : testing_support::oracle_rows()) files.insert(row.file);
  return {files.begin(), files.end()};
}

class OracleRefines : public ::testing::TestWithParam<std::string> {};

TEST_P(OracleRefines, LtsAndQuotientAgree) {
  const lts::Lts l = formats::read_aut_file(GetParam());
  for (const bisim::Equivalence e : {bisim::Equivalence::branching, bisim::Equivalence::divbranching}) {
    SCOPED_TRACE(std::string(bisim::name(e)));
    const lts::Lts q = bisim::minimise(l, e).quotient;
    EXPECT_TRUE(refine::check_trace_inclusion(l, q).holds);
    EXPECT_TRUE(refine::check_trace_inclusion(q, l).holds);
    EXPECT_TRUE(refine::check_bisimilarity(l, q, e).holds);
    if (e == bisim::Equivalence::divbranching) {
      EXPECT_EQ(refine::find_tau_lasso(l).found, refine::find_tau_lasso(q).found);
    }
    // Drop the last visible transition of Q: if L's traces are no longer
    // included, the counterexample must be a trace of L and not of the cut Q.
    lts::Lts cut = q;
    for (auto it = cut.transitions.rbegin(); it != cut.transitions.rend(); ++it)
      if (it->label != lts::tau) {
        cut.transitions.erase(std::next(it).base());
        break;
      }
    const auto r = refine::check_trace_inclusion(l, cut);
    if (!r.holds) {
      const auto trace = refine::visible_labels(l, r.path);
      EXPECT_TRUE(refine_test::is_weak_trace(l, trace));
      EXPECT_FALSE(refine_test::is_weak_trace(cut, trace));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Oracle, OracleRefines, ::testing::ValuesIn(oracle_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param.substr(info.param.find("oracle/") + 7);
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
