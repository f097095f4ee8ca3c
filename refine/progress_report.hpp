#pragma once
// The text `refines --progress` prints, and the lasso file `--cex` writes
// (format: docs/refines.md, "Progress lassos").
#include <string>

#include "lts/lts.hpp"
#include "refine/progress/progress.hpp"
#include "refine/reports.hpp"

namespace refine {

// `a` names the input. Lasso states are printed as they are in `result`
// (the tool restores the file's ids before calling this).
Report progress_report(const lts::Lts& l, const ProgressResult& result, const std::string& a, const TraceStyle& style);

}  // namespace refine
