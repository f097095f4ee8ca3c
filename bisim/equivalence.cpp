#include "bisim/equivalence.hpp"

namespace bisim {

std::optional<Equivalence> parse_equivalence(std::string_view name) {
  if (name == "none") return Equivalence::none;
  if (name == "strong") return Equivalence::strong;
  if (name == "branching") return Equivalence::branching;
  if (name == "divbranching") return Equivalence::divbranching;
  return std::nullopt;
}

std::string_view name(Equivalence e) {
  switch (e) {
    case Equivalence::none: return "none";
    case Equivalence::strong: return "strong";
    case Equivalence::branching: return "branching";
    case Equivalence::divbranching: return "divbranching";
  }
  return "?";
}

}  // namespace bisim
