#pragma once
// Small, obviously correct LTS checks for the frontend's tests (independent
// of bisim/ and refine/): weak trace inclusion by an on-the-fly subset
// construction, and strong bisimilarity by naive signature refinement.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "lts/lts.hpp"

namespace frontend::test {

// Every weak trace (tau hidden) of `a` is a weak trace of `b`; labels are
// matched by name. On failure, `witness` is a trace of `a` that `b` lacks.
bool weak_traces_included(const lts::Lts& a, const lts::Lts& b, std::string* witness = nullptr);

// a and b are strongly bisimilar (labels matched by name, tau as tau).
bool strongly_bisimilar(const lts::Lts& a, const lts::Lts& b);

}  // namespace frontend::test
