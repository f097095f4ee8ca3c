#pragma once
// Transitions listed by source state, as gen, mCRL2 and CADP write them:
// then a state's steps are one run of Lts::transitions, so the phases of
// `quotient` read them in sequence, with offsets as the whole out-view
// (random files from other tools may list them in any order).
#include <vector>

#include "lts/lts.hpp"

namespace lts {

// Whether every transition's source is at least the previous one's.
bool listed_by_source(const std::vector<Transition>& transitions);

// Puts the transitions in order of source, keeping the order among those
// of one state (a stable counting sort, O(n + m); the copy is released
// before returning). Does nothing when they are so already.
void list_by_source(Lts& lts);

}  // namespace lts
