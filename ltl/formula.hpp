#pragma once
// Formulas of action-based LTL without next (docs/ltl.md): atoms are label
// patterns (ltl/pattern.hpp), and a formula is a tree of nodes in one
// vector, children by index. Positive normal form (negation only on atoms,
// U and R as the temporal operators) is what the Buechi translation reads.
#include <cstdint>
#include <string>
#include <vector>

namespace ltl {

enum class Op : std::uint8_t { tt, ff, atom, natom, not_, and_, or_, implies, iff, until, release, weak_until, eventually, always };

struct Node {
  Op op;
  int left = -1, right = -1;  // children (unary: left)
  std::string pattern;        // atom, natom
};

struct Formula {
  std::vector<Node> nodes;
  int root = -1;
  int add(Node n) {
    nodes.push_back(std::move(n));
    return static_cast<int>(nodes.size()) - 1;
  }
};

// The positive normal form of `f` negated when `negate`: only tt, ff,
// atom, natom, and_, or_, until, release remain (F a = tt U a,
// G a = ff R a, a W b = b R (a | b)).
Formula normal_form(const Formula& f, bool negate);

// A readable text of the formula (for reports and tests).
std::string to_text(const Formula& f, int node);

}  // namespace ltl
