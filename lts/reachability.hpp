#pragma once
// The part of an Lts reachable from its initial state.
#include <vector>

#include "lts/lts.hpp"

namespace lts {

// reachable[s] is true when s can be reached from the initial state.
std::vector<bool> reachable_states(const Lts& lts);

// The reachable part, with states renumbered in their original relative
// order (so the output of an already-pruned LTS is unchanged) and the
// transitions kept in their original order. If old_to_new is given it
// receives, for each input state, its new id or no_state.
Lts reachable_part(const Lts& lts, std::vector<StateId>* old_to_new = nullptr);
// The same, reusing the input's memory when every state is reachable and
// releasing it otherwise (the input is left empty either way).
Lts reachable_part(Lts&& lts, std::vector<StateId>* old_to_new = nullptr);
// The states marked in `seen`, renumbered as reachable_part does.
Lts renumber_reachable(const Lts& lts, const std::vector<bool>& seen, std::vector<StateId>* old_to_new);

}  // namespace lts
