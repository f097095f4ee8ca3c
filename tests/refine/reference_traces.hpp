#pragma once
// The reference for weak trace inclusion: traces enumerated one by one, in
// order of length, each followed by the plain set of states it can reach in
// both LTSs. Exponential and bounded; obviously correct; for tests only.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lts/lts.hpp"

namespace refine_test {

using Trace = std::vector<std::string>;

// The states reachable from the initial state by `trace` with taus between.
std::set<lts::StateId> after_trace(const lts::Lts& lts, const Trace& trace);

inline bool is_weak_trace(const lts::Lts& lts, const Trace& trace) { return !after_trace(lts, trace).empty(); }

// The visible labels some state in `states` can do after tau steps.
std::set<std::string> weakly_enabled(const lts::Lts& lts, const std::set<lts::StateId>& states);

// The length of a shortest trace of `impl` that is no trace of `spec`, if
// one exists with at most `max_length` visible actions.
std::optional<std::size_t> reference_shortest_counterexample(const lts::Lts& impl, const lts::Lts& spec,
                                                             std::size_t max_length);

}  // namespace refine_test
