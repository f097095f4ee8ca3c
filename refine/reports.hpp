#pragma once
// The verdicts `refines` prints on standard output, composed here (not in
// the tool) so that tests can check their exact text. Each report is the
// text and the counterexample trace `--cex` writes (empty when it holds).
#include <string>
#include <vector>

#include "bisim/equivalence.hpp"
#include "lts/lts.hpp"
#include "refine/equivalence/bisimilarity.hpp"
#include "refine/inclusion/trace_inclusion.hpp"
#include "refine/progress/lock_freedom.hpp"
#include "refine/text/trace_report.hpp"

namespace refine {

struct Report {
  bool holds = true;
  std::string text;                // for standard output
  std::vector<std::string> trace;  // visible labels, one per line
  std::string cex_text;            // what --cex writes; empty: the trace's lines
};

// `a` and `b` name the inputs as the user gave them.
Report inclusion_report(const lts::Lts& impl, const InclusionResult& r, const std::string& a, const std::string& b,
                        const TraceStyle& style);
Report lasso_report(const lts::Lts& l, const Lasso& lasso, const std::string& a, const TraceStyle& style);
Report bisimilarity_report(const BisimilarityResult& r, bisim::Equivalence e, const std::string& a,
                           const std::string& b, const TraceStyle& style);

}  // namespace refine
