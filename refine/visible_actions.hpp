#pragma once
// The visible actions an LTS can perform, to tell a meaningful check from a
// vacuous one: an IMPL without a reachable visible action has only the empty
// trace, which every SPEC has (trace inclusion holds whatever SPEC is), and
// an LTS without a reachable call is not the behaviour of any client.
#include <string>
#include <vector>

#include "lts/lts.hpp"

namespace refine {

// The names of the visible labels on transitions whose source is reachable
// from the initial state, each once, in order of label id.
std::vector<std::string> reachable_visible_labels(const lts::Lts& lts);

// The names in both lists (each given in the order above).
std::vector<std::string> shared_labels(const std::vector<std::string>& a, const std::vector<std::string>& b);

}  // namespace refine
