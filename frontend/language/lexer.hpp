#pragma once
// Tokens of the modelling language (docs/language.md, "Lexical structure").
#include <string>
#include <string_view>
#include <vector>

#include "frontend/language/source.hpp"

namespace frontend {

enum class Tok { Ident, Int, Punct, End };

struct Token {
  Tok kind = Tok::End;
  std::string text;  // identifier, digits, or punctuation such as ":=" or ".."
  long value = 0;    // for Int
  Loc loc;
};

// Splits `text` into tokens; comments are `// ...` and `/* ... */`.
std::vector<Token> lex(const std::string& file, std::string_view text);

}  // namespace frontend
