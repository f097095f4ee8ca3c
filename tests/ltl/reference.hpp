#pragma once
// An independent reference for ltl::check_ltl (docs/ltl.md, "Runs"): the
// formula evaluated directly on ultimately periodic words u v^w, and the
// lassos of an LTS enumerated by brute force up to a length bound.
#include <optional>
#include <string>
#include <vector>

#include "lts/lts.hpp"
#include "ltl/formula.hpp"

namespace ltl_test {

// Whether u v^w satisfies f at position 0 (letters are labels, or
// ltl::end_letter()). v must be non-empty.
bool holds_on(const ltl::Formula& f, const std::vector<std::string>& u, const std::vector<std::string>& v);

struct Word {
  std::vector<std::string> u, v;
};

// A lasso of the LTS with at most `bound` steps whose word violates f, if any.
std::optional<Word> violating_lasso(const lts::Lts& lts, const ltl::Formula& f, int bound);

// Whether a run may end at state s: no transition, or a tau path back to s.
bool may_end(const lts::Lts& lts, lts::StateId s);

}  // namespace ltl_test
