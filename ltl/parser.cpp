#include "ltl/parser.hpp"

#include <cctype>

namespace ltl {
namespace {

class Parser {
 public:
  explicit Parser(std::string_view t) : t_(t) {}

  Formula run() {
    f_.root = iff();
    skip();
    if (p_ < t_.size()) fail("unexpected '" + std::string(1, t_[p_]) + "' after the formula");
    return std::move(f_);
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw ParseError(p_ + 1, what); }
  void skip() {
    while (p_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[p_]))) ++p_;
  }
  bool eat(std::string_view s) {
    skip();
    if (t_.substr(p_, s.size()) != s) return false;
    p_ += s.size();
    return true;
  }
  static bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '*'; }
  // A keyword written as a word of its own (U, not Until or U1).
  bool eat_word(std::string_view w) {
    skip();
    if (t_.substr(p_, w.size()) != w) return false;
    if (p_ + w.size() < t_.size() && word_char(t_[p_ + w.size()])) return false;
    p_ += w.size();
    return true;
  }
  int bin(Op op, int l, int r) { return f_.add({op, l, r, {}}); }

  int iff() {
    int l = implies();
    while (eat("<->")) l = bin(Op::iff, l, implies());
    return l;
  }
  int implies() {
    const int l = disj();
    if (eat("->")) return bin(Op::implies, l, implies());
    return l;
  }
  int disj() {
    int l = conj();
    while (eat("||")) l = bin(Op::or_, l, conj());
    return l;
  }
  int conj() {
    int l = temporal();
    while (eat("&&")) l = bin(Op::and_, l, temporal());
    return l;
  }
  int temporal() {
    const int l = unary();
    if (eat_word("U")) return bin(Op::until, l, temporal());
    if (eat_word("R")) return bin(Op::release, l, temporal());
    if (eat_word("W")) return bin(Op::weak_until, l, temporal());
    return l;
  }
  int unary() {
    skip();
    const std::size_t at = p_;
    if (eat_word("X")) {
      p_ = at;
      fail("next (X) is not part of the logic: it is not preserved by the divbranching quotient");
    }
    if (eat("!")) return f_.add({Op::not_, unary()});
    if (eat_word("F") || eat("<>")) return f_.add({Op::eventually, unary()});
    if (eat_word("G") || eat("[]")) return f_.add({Op::always, unary()});
    return primary();
  }
  int primary() {
    skip();
    if (p_ == t_.size()) fail("a formula is missing here");
    if (eat("(")) {
      const int r = iff();
      if (!eat(")")) fail("')' expected");
      return r;
    }
    if (eat_word("true")) return f_.add({Op::tt});
    if (eat_word("false")) return f_.add({Op::ff});
    if (t_[p_] == '"') return quoted();
    if (!word_char(t_[p_])) fail("an action pattern, 'true', 'false', '!', 'F', 'G' or '(' expected");
    return bare();
  }
  int quoted() {
    const std::size_t start = ++p_;
    while (p_ < t_.size() && t_[p_] != '"') ++p_;
    if (p_ == t_.size()) {
      p_ = start - 1;
      fail("unterminated quoted pattern");
    }
    std::string pat(t_.substr(start, p_ - start));
    ++p_;
    if (pat.empty()) fail("empty pattern");
    return f_.add({Op::atom, -1, -1, std::move(pat)});
  }
  // A name, then optionally a parenthesised argument list up to its ')'.
  int bare() {
    const std::size_t start = p_;
    while (p_ < t_.size() && word_char(t_[p_])) ++p_;
    if (p_ < t_.size() && t_[p_] == '(') {
      int depth = 0;
      const std::size_t open = p_;
      for (; p_ < t_.size(); ++p_) {
        if (t_[p_] == '(') ++depth;
        if (t_[p_] == ')' && --depth == 0) break;
      }
      if (p_ == t_.size()) {
        p_ = open;
        fail("unclosed '(' in an action pattern");
      }
      ++p_;
    }
    return f_.add({Op::atom, -1, -1, std::string(t_.substr(start, p_ - start))});
  }

  std::string_view t_;
  std::size_t p_ = 0;
  Formula f_;
};

}  // namespace

Formula parse_formula(std::string_view text) { return Parser(text).run(); }

}  // namespace ltl
