#include "lts/statistics.hpp"

#include <fmt/format.h>

#include "lts/tau_scc.hpp"

namespace lts {

Statistics statistics(const Lts& lts) {
  Statistics s;
  s.states = lts.num_states;
  s.transitions = lts.transitions.size();
  std::vector<bool> has_out(lts.num_states, false), label_used(lts.labels.size(), false);
  for (const Transition& t : lts.transitions) {
    has_out[t.from] = true;
    label_used[t.label] = true;
    s.tau_transitions += t.label == tau;
  }
  for (bool used : label_used) s.labels += used;
  for (bool out : has_out) s.deadlock_states += !out;
  const TauSccs sccs = tau_sccs(lts);
  for (StateId st = 0; st < lts.num_states; ++st) s.tau_cycle_states += sccs.divergent[sccs.component[st]];
  return s;
}

std::string to_string(const Statistics& s) {
  return fmt::format(
      "states {}, transitions {}, labels {}, tau transitions {}, deadlock states {}, "
      "states on tau-cycles {}",
      s.states, s.transitions, s.labels, s.tau_transitions, s.deadlock_states, s.tau_cycle_states);
}

}  // namespace lts
