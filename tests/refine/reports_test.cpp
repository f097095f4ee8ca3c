// The exact text `refines` prints for each verdict (refine/reports.hpp).
#include <gtest/gtest.h>

#include "formats/aut_reader.hpp"
#include "refine/reports.hpp"

namespace {

lts::Lts aut(const char* text) { return formats::read_aut_text(text, "t.aut"); }

TEST(Reports, TraceInclusion) {
  const lts::Lts impl =
      aut("des (0, 4, 5)\n(0, \"call(1,push,1)\", 1)\n(1, i, 2)\n(2, \"call(2,pop)\", 3)\n"
          "(3, \"ret(2,pop,empty)\", 4)\n");
  const lts::Lts spec =
      aut("des (0, 3, 4)\n(0, \"call(1,push,1)\", 1)\n(1, \"call(2,pop)\", 2)\n(2, \"ret(1,push)\", 3)\n");
  const auto r = refine::inclusion_report(impl, refine::check_trace_inclusion(impl, spec), "impl.aut", "spec.aut", {});
  EXPECT_FALSE(r.holds);
  EXPECT_EQ(r.text,
            "does not hold: impl.aut has a trace that spec.aut cannot follow\n"
            "A shortest such trace (3 actions):\n"
            "  1  call(1,push,1)\n"
            "  2  call(2,pop)\n"
            "  3  ret(2,pop,empty)  <- spec.aut refuses this\n"
            "After the first 2 actions, spec.aut can do only: ret(1,push)\n");
  EXPECT_EQ(r.trace, (std::vector<std::string>{"call(1,push,1)", "call(2,pop)", "ret(2,pop,empty)"}));
  const auto ok = refine::inclusion_report(spec, refine::check_trace_inclusion(spec, spec), "s", "s", {});
  EXPECT_TRUE(ok.holds);
  EXPECT_EQ(ok.text, "holds: every trace of s is a trace of s (weak traces, tau hidden)\n");
  EXPECT_TRUE(ok.trace.empty());
}

TEST(Reports, FirstActionRefusedByADeadSpec) {
  const lts::Lts impl = aut("des (0, 1, 2)\n(0, a, 1)\n");
  const lts::Lts spec = aut("des (0, 0, 1)\n");
  const auto r = refine::inclusion_report(impl, refine::check_trace_inclusion(impl, spec), "i", "s", {});
  EXPECT_EQ(r.text,
            "does not hold: i has a trace that s cannot follow\n"
            "A shortest such trace (1 action):\n"
            "  1  a  <- s refuses this\n"
            "Initially s can do no visible action.\n");
}

TEST(Reports, Lasso) {
  const lts::Lts l = aut("des (0, 3, 3)\n(0, a, 1)\n(1, i, 2)\n(2, i, 1)\n");
  const auto r = refine::lasso_report(l, refine::find_tau_lasso(l), "l.aut", {});
  EXPECT_EQ(r.text,
            "does not hold: l.aut can run internal steps forever (not lock-free)\n"
            "A shortest path to the cycle (1 action):\n"
            "  1  a\n"
            "then forever a cycle of 2 internal steps through states 1 -> 2 -> 1\n");
  EXPECT_EQ(r.trace, (std::vector<std::string>{"a"}));
  EXPECT_EQ(r.cex_text, "a\n# cycle\ni\ni\n");  // the lasso gen --replay reads
}

// "holds" states its premise: the same file could be a branching quotient,
// which has lost every divergence (tests/refine/refines_tool.sh runs that
// route on a spin lock).
TEST(Reports, LockFreeHoldsNamesItsPremise) {
  const lts::Lts l = aut("des (0, 2, 2)\n(0, a, 1)\n(1, i, 0)\n");
  const auto r = refine::lasso_report(l, refine::find_tau_lasso(l), "l.aut", {});
  EXPECT_TRUE(r.holds);
  EXPECT_EQ(r.text,
            "holds: l.aut has no reachable cycle of internal steps: lock-free, if l.aut keeps the divergences "
            "(gen's LTS or its divbranching quotient; a branching quotient never has such a cycle)\n");
}

// Two branching quotients can be divbranching bisimilar while the objects
// they came from are not, so the holds of divbranching names its premise;
// the other equivalences make no claim about divergence.
TEST(Reports, DivbranchingHoldsNamesItsPremise) {
  const lts::Lts q = aut("des (0, 2, 3)\n(0, a, 1)\n(1, b, 2)\n");
  const auto d = bisim::Equivalence::divbranching;
  EXPECT_EQ(refine::bisimilarity_report(refine::check_bisimilarity(q, q, d), d, "p", "q", {}).text,
            "holds: p and q are divbranching bisimilar\n"
            "This speaks for the objects if p and q keep their divergences (gen's LTS or its divbranching "
            "quotient; a branching quotient has none).\n");
  const auto b = bisim::Equivalence::branching;
  EXPECT_EQ(refine::bisimilarity_report(refine::check_bisimilarity(q, q, b), b, "p", "q", {}).text,
            "holds: p and q are branching bisimilar\n");
}

TEST(Reports, BisimilarityPlayAndTrace) {
  const lts::Lts p = aut("des (0, 3, 3)\n(0, a, 1)\n(1, i, 1)\n(1, b, 2)\n");
  const lts::Lts q = aut("des (0, 2, 3)\n(0, a, 1)\n(1, b, 2)\n");
  const auto e = bisim::Equivalence::divbranching;
  const auto r = refine::bisimilarity_report(refine::check_bisimilarity(p, q, e), e, "p", "q", {});
  EXPECT_EQ(r.text,
            "does not hold: p and q are not divbranching bisimilar\n"
            "Their weak traces are the same.\n"
            "A distinguishing play: one side moves, the other answers as well as it can;\n"
            "after the last move one side can do what the other cannot.\n"
            "  #  moves  action                             answer\n"
            "  1  p      a                                  q does it too\n"
            "  2  p      diverges (internal steps forever)  q cannot match it\n"
            "--cex writes this play step by step on the states of both (2 moves, internal steps included).\n");
  EXPECT_EQ(r.cex_text,
            "# play divbranching\n"
            "# A is p, B is q; each move: the attacker's step(s) / the defender's answer\n"
            "# (stays, cannot, or its steps); the lines without '#' are A's steps, i an internal one\n"
            "# states A 3 B 3\n"
            "# move 1 A 0 a 1 / B 0 a 1\n"
            "a\n"
            "# move 2 A diverges 1 i 1 / B cannot 1\n"
            "# B cannot: internal steps inside its class lead from 1 to 1; none is on a cycle of such steps\n"
            "i\n");
  EXPECT_EQ(r.trace, (std::vector<std::string>{"a"}));
  const lts::Lts s = aut("des (0, 1, 2)\n(0, a, 1)\n");
  const auto t = refine::bisimilarity_report(refine::check_bisimilarity(s, q, bisim::Equivalence::branching),
                                             bisim::Equivalence::branching, "s", "q", {});
  EXPECT_EQ(t.text,
            "does not hold: s and q are not branching bisimilar\n"
            "q has a trace that s cannot follow; a shortest one (2 actions):\n"
            "  1  a\n"
            "  2  b  <- s cannot do this\n"
            "After the first 1 action, s can do no visible action.\n");
}

}  // namespace
