#pragma once
// Left-aligned columns separated by two blanks, trailing blanks trimmed:
// how the reports of `refines` lay out traces.
#include <string>
#include <vector>

namespace refine {

using TextRow = std::vector<std::string>;

std::string render_table(const std::vector<TextRow>& rows, const std::string& indent = "  ");

}  // namespace refine
