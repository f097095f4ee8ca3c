#include "formats/diagnostic.hpp"

#include <fmt/format.h>

namespace formats {

std::string Diagnostic::to_string() const {
  if (line == 0) return fmt::format("{}: error: {}", file, message);
  return fmt::format("{}:{}:{}: error: {}", file, line, column, message);
}

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

std::string output_display_name(const std::string& path) { return path == "-" ? "<stdout>" : path; }

}  // namespace formats
