// The pipeline behind `quotient`: reachable part, tau-SCC contraction (for
// the branching equivalences), partition refinement, quotient construction.
// The quotient is built from the reachable part itself, so it sees the real
// tau self-loops and labels, not the contracted LTS's divergence marks.
#include <algorithm>
#include <utility>

#include "bisim/bisimulation.hpp"
#include "bisim/phase_timer.hpp"
#include "bisim/quotient.hpp"
#include "bisim/branching/refiner.hpp"
#include "bisim/branching/tau_contraction.hpp"

namespace bisim {

namespace {

using lts::StateId;

void start(PhaseTimer* timer, const char* phase) {
  if (timer) timer->start(phase);
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

// branching_partition (bisim/branching/) in its two phases, so that -v can
// time them apart: tau-SCC contraction, then O(m log n) refinement.
Partition branching_in_phases(const lts::Lts& l, bool divergence_sensitive, PhaseTimer* timer) {
  start(timer, "scc");
  branching::ContractedLts contracted = branching::contract_tau_sccs(l, divergence_sensitive);
  start(timer, "refine");
  Partition p;
  std::vector<std::uint32_t> blocks;
  {
    branching::Refiner refiner(contracted.lts);
    blocks = refiner.run(p.num_blocks);
  }
  contracted.lts = lts::Lts{};
  p.block = std::move(contracted.component);
  for (std::uint32_t& b : p.block) b = blocks[b];
  return p;
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
  Partition p;
  if (e == Equivalence::branching || e == Equivalence::divbranching) {
    p = branching_in_phases(current, e == Equivalence::divbranching, timer);
  } else {
    start(timer, "refine");
    p = partition(current, e);
  }
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
