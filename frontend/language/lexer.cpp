#include "frontend/language/lexer.hpp"

#include <cctype>

#include <fmt/format.h>

namespace frontend {

void fail(const std::string& file, Loc loc, const std::string& message) {
  throw formats::ParseError(formats::Diagnostic{file, loc.line, loc.column, message});
}

namespace {

// Longest match first.
constexpr std::string_view puncts[] = {":=", "..", "==", "!=", "<=", ">=", "&&", "||", "->", "{",
                                       "}",  "(",  ")",  "[",  "]",  ";",  ":",  ",",  ".",  "=",
                                       "<",  ">",  "+",  "-",  "*",  "/",  "%",  "!",  "|"};

// The length of the UTF-8 sequence at the start of `s`, or 0 if it is not one.
std::size_t utf8_length(std::string_view s) {
  const auto lead = static_cast<unsigned char>(s[0]);
  const std::size_t n = lead >= 0xC2 && lead <= 0xDF   ? 2
                        : lead >= 0xE0 && lead <= 0xEF ? 3
                        : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                       : 0;
  if (n == 0 || s.size() < n) return 0;
  for (std::size_t i = 1; i < n; ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) return 0;
  return n;
}

// The message for a character that starts no token: a multi-byte UTF-8
// character is quoted whole, bytes that print as nothing are named.
std::string unexpected(std::string_view rest) {
  const auto c = static_cast<unsigned char>(rest[0]);
  if (c == 0) return "unexpected NUL byte (is this a text file?)";
  if (c < 0x20 || c == 0x7F) return fmt::format("unexpected control character \\x{:02X}", c);
  if (c < 0x80) return fmt::format("unexpected character '{}'", rest[0]);
  if (const std::size_t n = utf8_length(rest)) return fmt::format("unexpected character '{}'", rest.substr(0, n));
  return fmt::format("unexpected byte \\x{:02X} (the file is not UTF-8)", c);
}

class Lexer {
 public:
  // A UTF-8 byte-order mark at the start is skipped (it is not a column).
  Lexer(const std::string& file, std::string_view text)
      : file_(file), text_(text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    for (;;) {
      skip_blanks();
      Token t;
      t.loc = loc();
      if (pos_ >= text_.size()) {
        out.push_back(t);
        return out;
      }
      const char c = text_[pos_];
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        t.kind = Tok::Ident;
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
          t.text += take();
      } else if (std::isdigit(static_cast<unsigned char>(c))) {
        t.kind = Tok::Int;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
          t.text += take();
          if (t.text.size() > 9) fail(file_, t.loc, "integer literal too large");
        }
        t.value = std::stol(t.text);
      } else {
        t.kind = Tok::Punct;
        for (std::string_view p : puncts)
          if (text_.substr(pos_, p.size()) == p) {
            t.text = p;
            for (std::size_t i = 0; i < p.size(); ++i) take();
            break;
          }
        if (t.text.empty()) fail(file_, t.loc, unexpected(text_.substr(pos_)));
      }
      out.push_back(std::move(t));
    }
  }

 private:
  Loc loc() const { return Loc{line_, col_}; }
  char take() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    return c;
  }
  void skip_blanks() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        take();
      } else if (text_.substr(pos_, 2) == "//") {
        while (pos_ < text_.size() && text_[pos_] != '\n') take();
      } else if (text_.substr(pos_, 2) == "/*") {
        const Loc start = loc();
        take();
        take();
        while (pos_ < text_.size() && text_.substr(pos_, 2) != "*/") take();
        if (pos_ >= text_.size()) fail(file_, start, "unterminated comment");
        take();
        take();
      } else {
        return;
      }
    }
  }

  const std::string& file_;
  std::string_view text_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1, col_ = 1;
};

}  // namespace

std::vector<Token> lex(const std::string& file, std::string_view text) { return Lexer(file, text).run(); }

}  // namespace frontend
