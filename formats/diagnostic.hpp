#pragma once
// Errors with a location, printed as `FILE:LINE:COL: error: MESSAGE` like a
// compiler, so editors and users can jump to the spot. Parsers throw them;
// tools decide how to print them (tools::run_tool, tools/common/tool.hpp).
#include <cstdint>
#include <stdexcept>
#include <string>

namespace formats {

struct Diagnostic {
  std::string file;        // as the user gave it ("-" reads as "<stdin>")
  std::uint64_t line = 0;  // 1-based; 0 when the error concerns the whole file
  std::uint64_t column = 0;
  std::string message;

  std::string to_string() const;
};

class ParseError : public std::runtime_error {
 public:
  explicit ParseError(Diagnostic d) : std::runtime_error(d.to_string()), diagnostic_(std::move(d)) {}
  const Diagnostic& diagnostic() const { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

// An error about a file as a whole (cannot open, cannot write).
class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How a file name given on the command line is shown in messages: "-"
// as an input is "<stdin>", as an output "<stdout>".
std::string display_name(const std::string& path);
std::string output_display_name(const std::string& path);

}  // namespace formats
