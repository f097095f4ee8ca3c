#pragma once
// A whole `refines` run: read the inputs, decide trace inclusion (seed paper
// Theorem 3.5), bisimilarity or progress properties with refine/, print the
// verdict and its trace on standard output, write --cex when it fails.
// Progress of a long inclusion check on a terminal and -v statistics go to
// standard error.
#include "tools/common/refines_options.hpp"

namespace tools {

// Runs the check `s` asks for (after prepare_refines_settings); returns the
// exit status: 0 the relation or property holds, 1 it does not. Throws
// formats::ParseError / formats::FileError on bad input, tools::UsageError
// for a check that would say nothing.
int run_refines(const RefinesSettings& s);

}  // namespace tools
