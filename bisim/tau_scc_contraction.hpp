#pragma once
// Contraction of tau-strongly-connected components, the first step of every
// branching bisimulation algorithm (Groote & Vaandrager, ICALP 1990,
// Section 3; Groote & Wijs, TACAS 2016, Section 2): all states of a tau-SCC
// are branching bisimilar, so one state per SCC loses nothing. Inside an SCC
// the tau steps are inert and dropped; under divergence sensitivity a
// divergent SCC keeps one tau self-loop, which is how its divergence shows.
#include <vector>

#include "lts/lts.hpp"

namespace bisim {

struct ContractedLts {
  lts::Lts lts;
  // component[s]: the state of `lts` that input state s became. Components
  // are numbered by their smallest input state, so an LTS without tau-cycles
  // is returned with its states unchanged.
  std::vector<lts::StateId> component;
};

ContractedLts contract_tau_sccs(const lts::Lts& lts, bool divergence_sensitive);

}  // namespace bisim
