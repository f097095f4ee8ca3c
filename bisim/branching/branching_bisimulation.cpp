// The branching route, the one place that orders its steps: classify the
// LTS in one pass when its only cycles are self-loops (acyclic_classes.hpp),
// partition it for strong bisimulation when it has no tau-step, else
// contract tau-SCCs (with divergence marks when asked) and try both again on
// the contracted LTS before refining it in O(m log n) (refiner.hpp).
// branching_partition maps the blocks back to the input states;
// branching_partition_in_place (for minimise) replaces the input by the
// contracted LTS and reports its phases.
#include "bisim/branching/branching_bisimulation.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "bisim/acyclic/acyclic_classes.hpp"
#include "bisim/branching/refiner.hpp"
#include "bisim/branching/tau_contraction.hpp"
#include "bisim/strong/strong_bisimulation.hpp"

namespace bisim {

namespace {

using lts::StateId;

bool has_tau_step(const lts::Lts& l) {
  return std::any_of(l.transitions.begin(), l.transitions.end(),
                     [](const lts::Transition& t) { return t.label == lts::tau; });
}

// The partition of an LTS without tau-steps: none can be inert and nothing
// diverges (a divergence mark is a label of its own), so branching
// bisimulation is strong bisimulation, whose partition refinement needs no
// blocks of bottom states and slices (on a ring of 10^7 states, a third
// less time and 40% less memory). `l` has cycles, or the caller has tried
// the one-pass classification.
Partition strong_without_tau(const lts::Lts& l, const char* log) {
  Partition p = strong_partition(l, StrongRoute::known_cyclic);
  p.log.insert(p.log.begin(), log);
  return p;
}

}  // namespace

Partition branching_partition_of_contracted(const lts::Lts& contracted, bool may_be_acyclic, BranchingRoute route) {
  if (route == BranchingRoute::fastest) {
    // (Equivalence::branching: divergence is a label of its own here.)
    if (may_be_acyclic)
      if (std::optional<Partition> p = acyclic_partition(contracted, Equivalence::branching)) return std::move(*p);
    // No tau-steps left (none, or all inside tau-cycles).
    if (!has_tau_step(contracted)) return strong_without_tau(contracted, "no tau-step left: strong bisimulation");
  }
  Partition p;
  using branching::Refiner;
  const std::uint64_t one_pass = contracted.num_states + std::uint64_t{contracted.transitions.size()};
  const std::uint64_t budget = route == BranchingRoute::fastest                     ? Refiner::default_budget
                               : route == BranchingRoute::partition_refinement_only ? 0
                                                                                    : one_pass;
  Refiner refiner(contracted, budget,
                  route == BranchingRoute::from_classes_as_constellations ? Refiner::Constellations::one_per_class
                                                                          : Refiner::Constellations::as_fits,
                  route == BranchingRoute::fastest                       ? Refiner::default_budget
                  : route == BranchingRoute::worklist_when_nothing_inert ? Refiner::unlimited
                                                                         : 0);
  p.block = refiner.run(p.num_blocks);
  p.log = std::move(refiner.log());
  return p;
}

Partition branching_partition(const lts::Lts& lts, bool divergence_sensitive, BranchingRoute route) {
  branching::ContractedLts contracted = branching::contract_tau_sccs(lts, divergence_sensitive, true);
  const Partition classes = branching_partition_of_contracted(contracted.lts, true, route);
  Partition p{std::move(contracted.component), classes.num_blocks, classes.log};
  for (auto& b : p.block) b = classes.block[b];
  return p;
}

// branching_partition in its two phases, so that -v can time them apart:
// the search for cycles and tau-SCC contraction ("scc"), then classification or O(m log n) refinement ("refine").
// Without cycles but self-loops, `l` stays as it is and its partition is returned. To lower the peak, `l` is released
// once contracted and replaced by the contracted LTS, with its label table back and its divergence marks turned into
// the tau self-loops they stand for; the classes are the same, so the quotient is. Returns the partition of the new `l`
// and composes `state_map` with the contraction. The contraction renumbers the states; `by_first_member` receives its
// states in the order of their smallest original member, so that the quotient is numbered as if built from the original
// states.
Partition branching_partition_in_place(lts::Lts& l, bool divergence_sensitive, std::vector<StateId>& state_map,
                                       std::vector<StateId>& by_first_member, const PhaseCallback& on_phase) {
  // The search for cycles first: when tau self-loops are the only
  // tau-cycles and no other cycle exists (gen's models with a bounded
  // number of operations, or none that loop internally), one bottom-up pass
  // classifies the states as they are, and there is nothing to contract
  // (MS queue 3x2: half the scc phase and 40% less peak memory).
  start_phase(on_phase, "scc");
  by_first_member.clear();
  if (const std::optional<SuccessorsFirst> order = SuccessorsFirst::of(l)) {
    start_phase(on_phase, "refine");
    if (std::optional<Partition> p =
            acyclic_partition(l, *order, divergence_sensitive ? Equivalence::divbranching : Equivalence::branching))
      return std::move(*p);
    start_phase(on_phase, "scc");  // too costly after all: contract and refine
  }
  // No tau-steps at all: there is nothing to contract either (the scc
  // phase of a ring disappears). The cycle search above has been done.
  if (!has_tau_step(l)) {
    start_phase(on_phase, "refine");
    return strong_without_tau(l, "no tau-step: strong bisimulation");
  }
  const StateId contracted_from = l.num_states;
  branching::ContractedLts contracted = branching::contract_tau_sccs(l, divergence_sensitive, true);
  lts::LabelTable labels = std::move(l.labels);
  l = lts::Lts{};  // its transitions are not needed any more
  for (StateId& s : state_map)
    if (s != lts::no_state) s = contracted.component[s];
  // Without tau-cycles, and with every tau-step going to a higher number,
  // the contraction just reverses the states: then the order is made after
  // refinement, not held through its peak (4 bytes per state).
  const std::uint32_t n = contracted.lts.num_states;
  bool reversed = contracted.component.size() == n;
  for (StateId s = 0; reversed && s < n; ++s) reversed = contracted.component[s] == n - 1 - s;
  if (!reversed) {
    std::vector<bool> seen(n, false);
    by_first_member.reserve(n);
    for (const std::uint32_t c : contracted.component)
      if (!seen[c]) {
        seen[c] = true;
        by_first_member.push_back(c);
      }
  }
  std::vector<std::uint32_t>().swap(contracted.component);
  start_phase(on_phase, "refine");
  // Contraction removes cycles only by merging states; when it merged none,
  // the cycles found above are still there.
  Partition p = branching_partition_of_contracted(contracted.lts, /*may_be_acyclic=*/n < contracted_from);
  p.log.insert(p.log.begin(), "tau-cycles and tau-only states merged: " + std::to_string(contracted_from) + " -> " +
                                  std::to_string(n) + " states");
  if (reversed)
    for (StateId c = n; c-- > 0;) by_first_member.push_back(c);
  l = std::move(contracted.lts);
  for (lts::Transition& t : l.transitions)
    if (t.label >= labels.size()) t.label = lts::tau;  // a divergence mark
  l.labels = std::move(labels);
  return p;
}

}  // namespace bisim
