#pragma once
// Weak trace inclusion traces(IMPL) ⊆ traces(SPEC), tau abstracted: the check
// behind linearizability (seed paper, Theorem 3.5: an object is linearizable
// iff its branching quotient's traces are included in its specification's).
//
// IMPL × determinised SPEC is explored on the fly, breadth-first by the
// number of visible actions (tau steps of IMPL stay on the current level),
// with antichain pruning (refine/inclusion/antichain.hpp). The search stops at the
// first visible IMPL step SPEC refuses; the trace leading to it is a
// shortest counterexample. Parent links are always kept, so exploration and
// verdict never depend on whether the caller looks at the counterexample.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "lts/lts.hpp"

namespace refine {

struct InclusionStats {
  std::uint64_t product_states = 0;  // pairs (IMPL state, SPEC subset) explored
  std::uint64_t subsets = 0;         // distinct SPEC subsets built
  std::uint64_t antichain = 0;       // elements held at the end
  std::uint32_t depth = 0;           // visible actions of the deepest level reached
};

struct InclusionOptions {
  bool antichains = true;  // false: the plain subset construction (for benchmarks)
  // Called every 2^18 product states, e.g. to show progress on a terminal.
  std::function<void(const InclusionStats&)> progress;
};

struct InclusionResult {
  bool holds = true;
  // When it does not hold: an IMPL path from its initial state, tau steps
  // included, whose visible labels form a shortest trace SPEC cannot follow;
  // its last step is the visible action SPEC refuses.
  std::vector<lts::Transition> path;
  // The visible SPEC labels SPEC could do instead at that point, sorted by name.
  std::vector<std::string> spec_enabled;
  InclusionStats stats;
};

// IMPL and SPEC labels are matched by name; tau is tau in both.
InclusionResult check_trace_inclusion(const lts::Lts& impl, const lts::Lts& spec, const InclusionOptions& options = {});

}  // namespace refine
