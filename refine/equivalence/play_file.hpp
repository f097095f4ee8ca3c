#pragma once
// The `--cex` text of a distinguishing play (docs/refines.md, "Bisimilarity
// witnesses"): each move as a comment line `# move N SIDE PATH / SIDE
// ANSWER` naming states and labels of both inputs, and side A's steps as
// label lines (`i` for an internal step), so that a reader of plain traces
// sees A's labels and `gen --replay` can follow A's (or B's) run state by
// state.
#include <string>

#include "bisim/equivalence.hpp"
#include "refine/equivalence/bisimilarity.hpp"

namespace refine {

// `a` and `b` name the inputs (in a comment only).
std::string play_file_text(const BisimilarityResult& r, bisim::Equivalence e, const std::string& a,
                           const std::string& b);

}  // namespace refine
