#include "tools/common/equivalence_option.hpp"

#include <cstddef>
#include <vector>

#include <CLI/CLI.hpp>

#include "bisim/equivalence.hpp"

namespace tools {

namespace {

// `words` joined by blanks, a line break instead where a line would pass `width`.
std::string wrap(const std::vector<std::string>& words, std::size_t width) {
  std::string text, line;
  for (const std::string& word : words) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      text += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return text + line;
}

}  // namespace

CLI::Option* add_quotient_equivalence_option(CLI::App& app, std::string& name) {
  std::vector<std::string> items;
  for (const bisim::EquivalenceInfo& row : bisim::equivalences) {
    std::string item = items.size() + 1 == bisim::equivalences.size() ? "or " : "";
    item += row.name;
    if (items.empty()) item += " (default)";
    if (!row.help.empty()) item += " (" + std::string(row.help) + ")";
    if (items.size() + 1 < bisim::equivalences.size()) item += ",";
    items.push_back(item);
  }
  name = std::string(bisim::equivalences.front().name);
  return app.add_option("-e,--equivalence", name, wrap(items, 90))
      ->check(CLI::IsMember(bisim::equivalence_names(false)))
      ->type_name("EQ");
}

CLI::Option* add_refines_equivalence_option(CLI::App& app, std::string& name) {
  const std::vector<std::string> names = bisim::equivalence_names(true);
  std::string list;
  for (std::size_t k = 0; k < names.size(); ++k)
    list += (k == 0 ? "" : k + 1 == names.size() ? " or " : ", ") + names[k];
  return app.add_option("--equiv", name, "Decide bisimilarity instead: " + list)->check(CLI::IsMember(names));
}

}  // namespace tools
