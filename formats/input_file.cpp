#include "formats/input_file.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"

namespace formats {

std::string file_text(const std::string& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FileError(fmt::format("{}: error: cannot open the {}", path, what));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace formats
