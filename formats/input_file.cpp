#include "formats/input_file.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"

namespace formats {

std::string file_text(const std::string& path, const char* what) {
  // A folder opens as a stream that reads nothing, which would read as an
  // empty model or counterexample.
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw FileError(fmt::format("{}: error: cannot read the {}: it is a directory", path, what));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FileError(fmt::format("{}: error: cannot open the {}", path, what));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace formats
