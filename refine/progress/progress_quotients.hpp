#pragma once
// The quotient route of `refines --progress --progress-on quotients`: each
// property decided on the smallest LTS the bisim library computes that
// preserves it, built in memory from the input (docs/progress.md, "How each
// property is decided"):
//   lock-free         the divbranching quotient with every step(T) hidden:
//                     fails iff a tau-cycle is reachable (seed paper, Section 4)
//   obstruction-free  per thread T, the divbranching quotient with step(T)
//                     hidden: fails iff a tau-cycle is reachable
//   wait-free         per thread T, the divbranching quotient with only
//                     step(T) visible: fails iff an SCC of the states where
//                     T is pending (tau included) holds a step(T)
//   deadlock-free,    the strong quotient: the fair-cycle checks of the
//   starvation-free   direct route (refine/progress/progress.hpp)
// Divergence-sensitive branching bisimilarity preserves the infinite traces
// modulo stuttering, divergent ones included, and whether T is pending is a
// function of the visible calls and returns before a point. The checks that
// read pending sets derive them on the quotient; a quotient that merges
// states with different pending sets gives inconsistent ones, and then that
// check (that thread's, for wait-freedom) runs on the input instead.
// Lassos always come from the direct route on the input.
#include <cstdint>
#include <string>
#include <vector>

#include "lts/lts.hpp"
#include "refine/progress/progress.hpp"

namespace refine {

// One LTS a check ran on, for -v.
struct ReducedLts {
  std::string name;          // "the divbranching quotient with every step hidden"
  std::uint32_t thread = 0;  // the thread of a per-thread quotient, 0 for none
  lts::StateId states = 0;
  std::size_t transitions = 0;
  bool pending_consistent = true;  // false: this check ran on the input instead
};

struct QuotientRoute {
  std::vector<ReducedLts> quotients;  // in the order computed
  bool fell_back = false;             // some check of the property ran on the input
};

struct ProgressOnQuotients {
  ProgressResult result;              // as check_progress gives it; checked_on tells the route
  std::vector<QuotientRoute> routes;  // by verdict
};

// The verdicts of check_progress, decided on quotients. Throws
// ProgressInputError as check_progress does (the input is checked first),
// and std::logic_error if the direct route, asked for the lasso of a
// property the quotients say fails, disagrees.
ProgressOnQuotients check_progress_on_quotients(const lts::Lts& lts, const std::vector<Progress>& properties,
                                                const std::vector<lts::StateId>& original = {});

}  // namespace refine
