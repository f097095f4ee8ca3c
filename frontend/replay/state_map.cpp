#include "frontend/replay/state_map.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"
#include "formats/line_reader.hpp"

namespace frontend::replay {

namespace {

[[noreturn]] void bad(const std::string& file, std::size_t line, std::size_t column, const std::string& message) {
  throw formats::ParseError(formats::Diagnostic{file, line, column, message});
}

// The number at `at` in `line`, and where it ends; nullopt when none is there.
std::optional<std::uint32_t> read_number(std::string_view line, std::size_t& at) {
  std::uint32_t n = 0;
  const auto [end, error] = std::from_chars(line.data() + at, line.data() + line.size(), n);
  if (error != std::errc()) return std::nullopt;
  at = static_cast<std::size_t>(end - line.data());
  return n;
}

}  // namespace

StateMap parse_state_map(const std::string& file, const std::string& text) {
  StateMap map;
  formats::LineReader lines(text);
  for (std::string_view line; lines.next(line);) {
    const std::size_t line_no = lines.line_number();
    std::size_t at = 0;
    const auto state = read_number(line, at);
    if (!state || at >= line.size() || line[at] != ' ')
      bad(file, line_no, 1, "a state map line is 'STATE CLASS' (quotient --map)");
    if (*state != map.class_of.size())
      bad(file, line_no, 1,
          fmt::format("state {} where state {} was expected: the map of an LTS gen wrote lists every state in order",
                      *state, map.class_of.size()));
    ++at;
    const std::size_t column = at + 1;
    if (line.substr(at) == "-")
      bad(file, line_no, column,
          fmt::format("state {} is unreachable in the mapped LTS, and every state of an LTS gen writes is reachable",
                      *state));
    const auto cls = read_number(line, at);
    if (!cls || at != line.size()) bad(file, line_no, column, "a state map line is 'STATE CLASS' (quotient --map)");
    map.class_of.push_back(*cls);
    map.classes = std::max<std::uint64_t>(map.classes, std::uint64_t{*cls} + 1);
  }
  if (map.class_of.empty()) bad(file, 0, 0, "the state map is empty");
  return map;
}

}  // namespace frontend::replay
