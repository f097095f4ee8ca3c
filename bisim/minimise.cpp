// The pipeline behind `quotient`: reachable part, tau-SCC contraction (for
// the branching equivalences), partition refinement, quotient construction.
#include <algorithm>
#include <utility>

#include "bisim/bisimulation.hpp"
#include "bisim/phase_timer.hpp"
#include "bisim/quotient.hpp"
#include "bisim/tau_scc_contraction.hpp"

namespace bisim {

namespace {

using lts::StateId;

void start(PhaseTimer* timer, const char* phase) {
  if (timer) timer->start(phase);
}

// Replaces every state in `map` (skipping no_state) by next[state].
void compose(std::vector<StateId>& map, const std::vector<StateId>& next) {
  for (StateId& s : map)
    if (s != lts::no_state) s = next[s];
}

// The reachable part, without a copy when every state is reachable.
lts::Lts take_reachable(lts::Lts&& input, std::vector<StateId>& state_map) {
  const std::vector<bool> seen = lts::reachable_states(input);
  if (std::find(seen.begin(), seen.end(), false) == seen.end()) {
    state_map.resize(input.num_states);
    for (StateId s = 0; s < input.num_states; ++s) state_map[s] = s;
    return std::move(input);
  }
  lts::Lts reachable = lts::reachable_part(input, &state_map);
  input = lts::Lts{};
  return reachable;
}

}  // namespace

Minimised minimise(lts::Lts&& input, Equivalence e, PhaseTimer* timer) {
  Minimised result;
  start(timer, "reach");
  lts::Lts current = take_reachable(std::move(input), result.state_map);
  if (e == Equivalence::none) {
    result.quotient = std::move(current);
    if (timer) timer->stop();
    return result;
  }
  if (e == Equivalence::branching || e == Equivalence::divbranching) {
    start(timer, "scc");
    ContractedLts contracted = contract_tau_sccs(current, e == Equivalence::divbranching);
    current = std::move(contracted.lts);
    compose(result.state_map, contracted.component);
  }
  start(timer, "refine");
  const Partition p = partition(current, e);
  start(timer, "build");
  std::vector<StateId> class_to_state;
  result.quotient = quotient(std::move(current), p, e, &class_to_state);
  for (StateId& s : result.state_map)
    if (s != lts::no_state) s = class_to_state[p.block[s]];
  if (timer) timer->stop();
  return result;
}

Minimised minimise(const lts::Lts& lts, Equivalence e) { return minimise(lts::Lts(lts), e, nullptr); }

}  // namespace bisim
