#pragma once
// The text of a formula (docs/ltl.md, "Syntax"), parsed by recursive
// descent. Binding, loosest first: <->, -> (right), ||, &&, U R W (right),
// then the prefixes ! F <> G []. X (next) is refused: it is not preserved
// by the divergence-sensitive branching quotient (De Nicola, Vaandrager,
// JACM 1995).
#include <stdexcept>
#include <string>
#include <string_view>

#include "ltl/formula.hpp"

namespace ltl {

// A syntax error at a 1-based column of the formula's text.
class ParseError : public std::runtime_error {
 public:
  ParseError(std::size_t at, const std::string& what) : std::runtime_error(what), column(at) {}
  std::size_t column;
};

Formula parse_formula(std::string_view text);

}  // namespace ltl
