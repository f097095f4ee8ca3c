#pragma once
// What every fuzz harness shares. A harness defines libFuzzer's entry point,
// LLVMFuzzerTestOneInput; the clang fuzz build links it with libFuzzer, the
// normal build with regression_main.cpp, which feeds it every file of its
// regression folder (tests/fuzz/README.md).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "formats/diagnostic.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A broken property: abort, which both libFuzzer and CTest report as a crash.
[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz: property broken: %s\n", what);
  std::abort();
}

inline void require(bool ok, const char* what) {
  if (!ok) fail(what);
}

// An error names `file` and a place in `text`: a line of it (0: the whole
// file) and a column at most one past that line's end, or the end of the
// input as line 1 past the last, column 1, whether or not the text ends
// with a newline (the .aut reader's "the file has fewer transitions").
inline void require_error_inside(const formats::ParseError& e, std::string_view text, std::string_view file) {
  const formats::Diagnostic& d = e.diagnostic();
  require(d.file == file, "an error names the file");
  if (d.line == 0) return;
  std::size_t begin = 0;
  for (std::uint64_t line = 1; line < d.line; ++line) {
    const std::size_t newline = text.find('\n', begin);
    if (newline == std::string_view::npos) {
      require(line + 1 == d.line && d.column <= 1, "an error's line is a line of the text");
      return;
    }
    begin = newline + 1;
  }
  const std::size_t end = std::min(text.find('\n', begin), text.size());
  require(d.column <= end - begin + 1, "an error's column lies on its line");
}

}  // namespace fuzz
