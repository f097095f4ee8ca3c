#include "bisim/tau_scc_contraction.hpp"

#include "lts/reachability.hpp"
#include "lts/tau_scc.hpp"

namespace bisim {

ContractedLts contract_tau_sccs(const lts::Lts& input, bool divergence_sensitive) {
  ContractedLts result;
  std::vector<bool> divergent_state;
  {
    const lts::TauSccs sccs = lts::tau_sccs(input);
    // Renumber components by their smallest state (Tarjan's order is not).
    std::vector<lts::StateId> number(sccs.count, lts::no_state);
    std::vector<bool> divergent;
    result.component.resize(input.num_states);
    lts::StateId next = 0;
    for (lts::StateId s = 0; s < input.num_states; ++s) {
      lts::StateId& n = number[sccs.component[s]];
      if (n == lts::no_state) {
        n = next++;
        divergent.push_back(sccs.divergent[sccs.component[s]]);
      }
      result.component[s] = n;
    }
    result.lts.num_states = next;
    divergent_state = std::move(divergent);
  }
  const std::vector<lts::StateId>& c = result.component;
  lts::Lts& out = result.lts;
  out.labels = input.labels;
  out.initial = c[input.initial];
  std::size_t kept = 0;
  for (const lts::Transition& t : input.transitions) kept += !(t.label == lts::tau && c[t.from] == c[t.to]);
  if (divergence_sensitive)
    for (bool d : divergent_state) kept += d;
  out.transitions.reserve(kept);
  for (const lts::Transition& t : input.transitions)
    if (!(t.label == lts::tau && c[t.from] == c[t.to])) out.transitions.push_back({c[t.from], t.label, c[t.to]});
  if (divergence_sensitive)
    for (lts::StateId s = 0; s < out.num_states; ++s)
      if (divergent_state[s]) out.transitions.push_back({s, lts::tau, s});
  return result;
}

}  // namespace bisim
