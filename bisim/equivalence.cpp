#include "bisim/equivalence.hpp"

namespace bisim {

static_assert(
    [] {
      for (const EquivalenceInfo& row : equivalences)
        if (&info(row.id) != &row) return false;
      return true;
    }(),
    "one row per equivalence");

std::optional<Equivalence> parse_equivalence(std::string_view name) {
  for (const EquivalenceInfo& row : equivalences)
    if (row.name == name) return row.id;
  return std::nullopt;
}

std::string_view name(Equivalence e) { return info(e).name; }

std::vector<std::string> equivalence_names(bool bisimilarities_only) {
  std::vector<std::string> names;
  for (const EquivalenceInfo& row : equivalences)
    if (row.merges_states || !bisimilarities_only) names.emplace_back(row.name);
  return names;
}

}  // namespace bisim
