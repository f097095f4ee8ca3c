#pragma once
// Recursive-descent parser for the modelling language; the grammar is in
// docs/language.md. Syntax errors are formats::ParseError with a location.
#include <string>
#include <string_view>

#include "frontend/language/ast.hpp"

namespace frontend {

ast::File parse(const std::string& file, std::string_view text);

}  // namespace frontend
