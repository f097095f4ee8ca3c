#pragma once
// Source positions and the one error type of the modelling language: every
// problem in a model (syntax, names, types, run-time faults such as a null
// dereference or an exhausted pool) is a formats::ParseError printed as
// `FILE:LINE:COL: error: MESSAGE`.
#include <cstdint>
#include <string>

#include "formats/diagnostic.hpp"

namespace frontend {

struct Loc {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// Raises the diagnostic; `file` is the name shown to the user.
[[noreturn]] void fail(const std::string& file, Loc loc, const std::string& message);

}  // namespace frontend
