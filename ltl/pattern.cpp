#include "ltl/pattern.hpp"

#include <string>

namespace ltl {
namespace {

std::string strip(std::string_view s) {
  std::string r;
  for (char c : s)
    if (c != ' ' && c != '\t') r += c;
  return r;
}

// Backtracking match; patterns are short, so the worst case does not matter.
bool match_at(const std::string& p, std::size_t i, const std::string& l, std::size_t j) {
  if (i == p.size()) return j == l.size();
  if (p[i] == '*') {
    for (std::size_t k = j; k <= l.size(); ++k)
      if (match_at(p, i + 1, l, k)) return true;
    return false;
  }
  if (p[i] == '_') {
    std::size_t k = j;
    while (k < l.size() && l[k] != ',' && l[k] != '(' && l[k] != ')') ++k;
    if (k == j) return false;
    return match_at(p, i + 1, l, k);
  }
  return j < l.size() && p[i] == l[j] && match_at(p, i + 1, l, j + 1);
}

}  // namespace

bool matches(std::string_view pattern, std::string_view label) {
  if (label == end_letter()) return pattern == "end";
  if (pattern == "end" || pattern == "tau") return false;
  return match_at(strip(pattern), 0, strip(label), 0);
}

}  // namespace ltl
