#include "formats/dot_writer.hpp"

#include <fmt/format.h>

namespace formats {

namespace {
std::string escaped(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\';
    r += c;
  }
  return r;
}
}  // namespace

std::string write_dot_string(const lts::Lts& lts) {
  std::string out = "digraph lts {\n  rankdir=LR;\n  node [shape=circle];\n";
  out += fmt::format("  {} [shape=doublecircle];\n", lts.initial);
  for (const lts::Transition& t : lts.transitions) {
    const std::string label = t.label == lts::tau ? "\u03c4" : escaped(lts.labels.name(t.label));
    out += fmt::format("  {} -> {} [label=\"{}\"];\n", t.from, t.to, label);
  }
  out += "}\n";
  return out;
}

void write_dot(const lts::Lts& lts, std::FILE* out) {
  const std::string text = write_dot_string(lts);
  std::fwrite(text.data(), 1, text.size(), out);
}

}  // namespace formats
