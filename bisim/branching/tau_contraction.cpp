#include "bisim/branching/tau_contraction.hpp"

#include <algorithm>

#include "lts/tau_scc.hpp"

namespace bisim::branching {

ContractedLts contract_tau_sccs(const lts::Lts& input, bool divergence_sensitive) {
  lts::TauSccs sccs = lts::tau_sccs(input);
  ContractedLts out;
  out.lts.num_states = sccs.count;
  out.lts.initial = input.num_states == 0 ? 0 : sccs.component[input.initial];
  lts::LabelId max_label = 0;
  for (const lts::Transition& t : input.transitions) max_label = std::max(max_label, t.label);
  out.num_labels = std::max<std::uint32_t>(static_cast<std::uint32_t>(input.labels.size()), max_label + 1);

  auto& transitions = out.lts.transitions;
  transitions.reserve(input.transitions.size());
  for (const lts::Transition& t : input.transitions) {
    const std::uint32_t from = sccs.component[t.from], to = sccs.component[t.to];
    if (t.label == lts::tau && from == to) continue;
    transitions.push_back({from, t.label, to});
  }
  if (divergence_sensitive) {
    const lts::LabelId divergence = out.num_labels++;
    for (std::uint32_t c = 0; c < sccs.count; ++c)
      if (sccs.divergent[c]) transitions.push_back({c, divergence, c});
  }
  std::sort(transitions.begin(), transitions.end());
  transitions.erase(std::unique(transitions.begin(), transitions.end()), transitions.end());
  transitions.shrink_to_fit();
  out.component = std::move(sccs.component);
  return out;
}

}  // namespace bisim::branching
