#pragma once
// The visible behaviour of each state of an LTS under the run semantics of
// docs/ltl.md ("Runs"): the visible steps after internal ones, and whether
// a run may end there (after internal steps, a deadlock or a state on a
// cycle of internal steps: the visible word is then followed by `end`).
#include <utility>
#include <vector>

#include "lts/lts.hpp"

namespace ltl_test {

struct ClosedState {
  std::vector<std::pair<lts::LabelId, lts::StateId>> steps;  // s tau* s' -a-> t, as (a, t), sorted, distinct
  bool ends = false;                                         // s tau* reaches a deadlock or a tau cycle
};

std::vector<ClosedState> close_tau(const lts::Lts& lts);

}  // namespace ltl_test
