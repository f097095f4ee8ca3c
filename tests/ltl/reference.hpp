#pragma once
// An independent reference for ltl::check_ltl (docs/ltl.md, "Runs"): the
// formula evaluated directly on ultimately periodic words u v^w, and the
// lassos of an LTS enumerated by brute force up to a length bound.
#include <optional>
#include <string>
#include <vector>

#include "lts/lts.hpp"
#include "ltl/fairness.hpp"
#include "ltl/formula.hpp"

namespace ltl_test {

// Whether u v^w satisfies f at position 0 (letters are labels, or
// ltl::end_letter()). v must be non-empty.
bool holds_on(const ltl::Formula& f, const std::vector<std::string>& u, const std::vector<std::string>& v);

struct Word {
  std::vector<std::string> u, v;
};

// A lasso of the LTS with at most `bound` steps whose word violates f and
// whose cycle is fair, if any.
std::optional<Word> violating_lasso(const lts::Lts& lts, const ltl::Formula& f, int bound,
                                    ltl::Fairness fairness = ltl::Fairness::none);

// The thread of an object action as the test LTSs write it: the number
// after the first '(' of step(T) or ret(T,..); 0 for none (tau, a call,
// the end stutter: no fairness forces a client to call).
unsigned thread_of(const std::string& label);

// Whether a cycle is fair (docs/ltl.md, "Fairness"), given the threads
// enabled at each of its states (`enabled`, a bit per thread) and the
// thread of each of its steps (`taken`); `threads` is the set of all.
bool fair_cycle(ltl::Fairness fairness, const std::vector<std::uint64_t>& enabled,
                const std::vector<std::uint64_t>& taken, std::uint64_t threads);

// Whether a run may end at state s: no transition, or a tau path back to s.
bool may_end(const lts::Lts& lts, lts::StateId s);

}  // namespace ltl_test
