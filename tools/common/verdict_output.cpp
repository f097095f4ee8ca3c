#include "tools/common/verdict_output.hpp"

#include <cstdio>

#include "formats/output_file.hpp"
#include "refine/text/trace_report.hpp"
#include "tools/common/tool.hpp"

namespace tools {

int emit_verdict(const refine::Report& report, const std::string& cex_path) {
  std::fwrite(report.text.data(), 1, report.text.size(), stdout);
  if (report.holds) return 0;
  flush_standard_output();  // no --cex for a verdict that was lost
  if (!cex_path.empty()) {
    formats::OutputFile out(cex_path);
    const std::string text = report.cex_text.empty() ? refine::trace_file_text(report.trace) : report.cex_text;
    std::fwrite(text.data(), 1, text.size(), out.stream());
    out.commit();
  }
  return 1;
}

}  // namespace tools
