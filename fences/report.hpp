#pragma once
// The text of a fence inference's result (fences/inference.hpp) for
// standard output: the candidate positions, the minimal sufficient sets,
// and the history each insufficient set fails with.
#include <string>

#include "fences/inference.hpp"

namespace fences {

std::string render_report(const FenceQuery& q, const FenceReport& r);

// The exit status the result means: 0 when a sufficient set was found (the
// empty one included), 1 when none of at most max_fences positions is.
int report_status(const FenceReport& r);

}  // namespace fences
