#include "fences/report.hpp"

#include <fmt/format.h>

#include "frontend/language/memory_model.hpp"

namespace fences {

namespace {

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// "{2, 3}": the positions' numbers as listed, from 1.
std::string numbers(const FenceSet& set) {
  std::vector<int> shown;
  for (int i : set) shown.push_back(i + 1);
  return fmt::format("{{{}}}", fmt::join(shown, ", "));
}

std::string indented(const std::string& text, const std::string& by) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    out += by + text.substr(at, end - at) + "\n";
    at = end + 1;
  }
  return out;
}

}  // namespace

int report_status(const FenceReport& r) { return r.minimal.empty() ? 1 : 0; }

std::string render_report(const FenceQuery& q, const FenceReport& r) {
  std::string out = fmt::format("Fence inference for {} under --memory {} --buffer {}: {}\n", r.object,
                                frontend::memory_name(q.options.memory), q.options.buffer,
                                plural(r.positions.size(), "candidate position", "candidate positions"));
  for (std::size_t i = 0; i < r.positions.size(); ++i)
    out += fmt::format("  {}. {}\n", i + 1, describe(q.name, r.positions[i]));
  out += fmt::format("{} tried, of at most {}.\n", plural(r.tried, "fence set", "fence sets"),
                     plural(static_cast<std::size_t>(r.largest_size), "fence", "fences"));
  if (r.minimal.size() == 1 && r.minimal[0].empty()) {
    out += "No fence needed: the object is linearizable as it stands at these bounds.\n";
  } else if (r.minimal.empty()) {
    out += fmt::format("No set of at most {} is sufficient.\n",
                       plural(static_cast<std::size_t>(r.largest_size), "fence", "fences"));
  } else {
    out += fmt::format("Minimal sufficient sets ({}):\n", r.minimal.size());
    for (const FenceSet& set : r.minimal) {
      out += fmt::format("  {}\n", numbers(set));
      for (int i : set) out += fmt::format("    fence {}\n", describe(q.name, r.positions[i]));
    }
  }
  for (const Counterexample& c : r.insufficient) {
    out += fmt::format("Insufficient: {}\n", c.set.empty() ? "no fence" : "fences at " + numbers(c.set));
    out += indented(c.history, "  ");
  }
  return out;
}

}  // namespace fences
