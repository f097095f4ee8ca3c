#include "lts/tau_scc.hpp"

#include "lts/adjacency.hpp"
#include "lts/tau_scc_search.hpp"

namespace lts {

TauSccs tau_sccs(const Lts& lts) { return tau_sccs_of(lts.num_states, Successors(lts, Which::tau_only)); }

}  // namespace lts
