#pragma once
// The equivalences `quotient -e` and `refines --equiv` know.
#include <optional>
#include <string_view>

namespace bisim {

enum class Equivalence {
  none,          // the reachable part, unchanged
  strong,        // strong bisimulation
  branching,     // branching bisimulation (van Glabbeek & Weijland 1996)
  divbranching,  // divergence-sensitive branching bisimulation (seed paper, Def. 4.2-4.3)
};

std::optional<Equivalence> parse_equivalence(std::string_view name);
std::string_view name(Equivalence e);

}  // namespace bisim
