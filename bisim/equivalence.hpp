#pragma once
// The equivalences `quotient -e` and `refines --equiv` know, as one table:
// the tools' option lists and help and every algorithm read it, so a new
// equivalence is one row here plus its partitioner (docs/architecture.md).
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bisim {

enum class Equivalence {
  none,          // the reachable part, unchanged
  strong,        // strong bisimulation
  branching,     // branching bisimulation (van Glabbeek & Weijland 1996)
  divbranching,  // divergence-sensitive branching bisimulation (seed paper, Def. 4.2-4.3)
};

struct EquivalenceInfo {
  Equivalence id;
  std::string_view name;      // as written on the command line
  std::string_view help;      // said after the name in option help; empty when the name says it
  bool merges_states;         // false for `none`: the identity, not a bisimilarity
  bool hides_inert_tau;       // a tau-step inside a class is invisible (branching kinds)
  bool divergence_sensitive;  // an inert tau-cycle is observable
};

// In the order the tools list them, the default first.
inline constexpr std::array<EquivalenceInfo, 4> equivalences{{
    {Equivalence::branching, "branching", "", true, true, false},
    {Equivalence::divbranching, "divbranching", "divergence-sensitive branching", true, true, true},
    {Equivalence::strong, "strong", "", true, false, false},
    {Equivalence::none, "none", "the reachable part, its states renumbered in order", false, false, false},
}};

constexpr const EquivalenceInfo& info(Equivalence e) {
  for (const EquivalenceInfo& row : equivalences)
    if (row.id == e) return row;
  return equivalences.back();  // not reached: every enumerator has its row
}
std::optional<Equivalence> parse_equivalence(std::string_view name);
std::string_view name(Equivalence e);
constexpr bool merges_states(Equivalence e) { return info(e).merges_states; }
constexpr bool hides_inert_tau(Equivalence e) { return info(e).hides_inert_tau; }
constexpr bool divergence_sensitive(Equivalence e) { return info(e).divergence_sensitive; }

// The names of the table's equivalences, those that merge states only when
// `bisimilarities_only` (for `refines --equiv`).
std::vector<std::string> equivalence_names(bool bisimilarities_only);

}  // namespace bisim
