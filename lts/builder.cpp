#include "lts/builder.hpp"

#include <algorithm>

namespace lts {

void LtsBuilder::add_transition(StateId from, LabelId label, StateId to) {
  lts_.transitions.push_back({from, label, to});
  ensure_states(std::max(from, to) + 1);
}

void LtsBuilder::set_initial(StateId s) {
  lts_.initial = s;
  ensure_states(s + 1);
}

void LtsBuilder::ensure_states(StateId n) { lts_.num_states = std::max(lts_.num_states, n); }

Lts LtsBuilder::finish() && {
  lts_.transitions.shrink_to_fit();
  return std::move(lts_);
}

}  // namespace lts
