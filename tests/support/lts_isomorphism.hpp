#pragma once
// Comparing two LTSs as the reduction and the parallel explorer must leave
// them: the same LTS exactly (ids, label order, transitions), or the same
// minimal LTS up to renumbering of states and labels.
#include <string>

#include "lts/lts.hpp"

namespace testing_support {

// a and b are the same LTS: initial state, state count, label table (names
// in id order) and transition list (in order). On a difference, `why`
// says where.
bool identical_lts(const lts::Lts& a, const lts::Lts& b, std::string* why = nullptr);

// a and b are isomorphic (a bijection of states, initial to initial, maps
// the transitions of a onto those of b, labels matched by name, duplicates
// ignored), for LTSs in which no two states are strongly bisimilar, as
// every quotient under strong, branching or divbranching bisimilarity is.
// Two such LTSs are isomorphic iff they are strongly bisimilar with equal
// state counts: strong bisimilarity on their disjoint union proposes the
// bijection (each class one state of a and one of b), which is then
// checked transition by transition. On a difference, `why` says what.
bool isomorphic_minimal_lts(const lts::Lts& a, const lts::Lts& b, std::string* why = nullptr);

}  // namespace testing_support
