#include "frontend/replay/counterexample.hpp"

#include <charconv>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"

namespace frontend::replay {

namespace {

[[noreturn]] void bad(const std::string& file, std::size_t line, const std::string& message) {
  throw formats::ParseError(formats::Diagnostic{file, line, 1, message});
}

// The thread of `step(T)`, T from 1, or -1 when `label` has another form.
int step_thread(const std::string& label) {
  if (label.size() < 7 || label.rfind("step(", 0) != 0 || label.back() != ')') return -1;
  int t = 0;
  const char* first = label.data() + 5;
  const char* last = label.data() + label.size() - 1;
  const auto [end, error] = std::from_chars(first, last, t);
  return error == std::errc() && end == last && t >= 1 ? t - 1 : -1;
}

}  // namespace

std::vector<Counterexample> parse_counterexamples(const std::string& file, const std::string& text) {
  std::vector<Counterexample> all(1);
  std::size_t line_no = 0, cycle_line = 0;
  bool blocks = false;  // `# lasso` lines open the blocks
  const auto check_cycle = [&] {
    if (blocks && !all.back().lasso) bad(file, line_no, "a '# lasso' block without its '# cycle' line");
    if (all.back().lasso && all.back().cycle.empty()) bad(file, cycle_line, "the cycle after '# cycle' is empty");
  };
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    at = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    Counterexample& cex = all.back();
    if (line.rfind("# lasso", 0) == 0) {
      if (blocks || !cex.stem.empty() || cex.lasso) {
        if (!blocks) bad(file, line_no, "'# lasso' after labels: a block must start with it");
        check_cycle();
        all.emplace_back();
      }
      blocks = true;
      all.back().property = line.size() > 8 ? line.substr(8) : "";
      continue;
    }
    if (line[0] == '#') {
      if (line == "# cycle") {
        if (cex.lasso) bad(file, line_no, "a second '# cycle' line");
        cex.lasso = true;
        cycle_line = line_no;
      }
      continue;
    }
    if (line.find_first_of(" \t") != std::string::npos)
      bad(file, line_no, fmt::format("'{}' is not a label (a counterexample has one label per line)", line));
    CexItem item{true, line, -1, line_no};
    if (line == "i" || line == "tau") {
      item.visible = false;
    } else if (const int t = step_thread(line); t >= 0) {
      item.visible = false;
      item.thread = t;
    } else if (line.rfind("step(", 0) == 0) {
      bad(file, line_no, fmt::format("'{}' is not a step label step(T) with T from 1", line));
    }
    (cex.lasso ? cex.cycle : cex.stem).push_back(std::move(item));
  }
  check_cycle();
  return all;
}

Counterexample parse_counterexample(const std::string& file, const std::string& text) {
  std::vector<Counterexample> all = parse_counterexamples(file, text);
  if (all.size() != 1)
    throw formats::ParseError(formats::Diagnostic{file, 0, 0, fmt::format("{} counterexamples in one file", all.size())});
  return std::move(all.front());
}

}  // namespace frontend::replay
