#include "bisim/branching/tau_contraction.hpp"

#include <algorithm>
#include <span>

#include "lts/sort_keys.hpp"
#include "lts/tau_scc.hpp"

namespace bisim::branching {

namespace {

// Merges into the component of its target every single-state component
// whose state has exactly one transition, a tau-step to another state.
// Components are taken in Tarjan's order (targets first), so a chain
// follows its end; the survivors keep their relative order, so every
// tau-step still goes to a smaller number.
void merge_tau_only_states(const lts::Lts& input, lts::TauSccs& sccs) {
  const lts::StateId n = input.num_states;
  constexpr std::uint32_t several = static_cast<std::uint32_t>(-1), none_yet = several - 1;
  // Per state: the index of its only transition; `several` when it has
  // more, `none_yet` when it has none.
  std::vector<std::uint32_t> only(n, none_yet);
  for (std::uint32_t i = 0; i < input.transitions.size(); ++i) {
    std::uint32_t& o = only[input.transitions[i].from];
    o = o == none_yet ? i : several;
  }
  // Per component: the only transition of a member whose only transition is
  // a tau-step elsewhere (meant when the component has one member); else
  // `several`.
  std::vector<std::uint32_t> step(sccs.count, several);
  std::vector<std::uint8_t> members(sccs.count, 0);
  for (lts::StateId s = 0; s < n; ++s) {
    const std::uint32_t c = sccs.component[s];
    if (members[c] < 2) ++members[c];
    const std::uint32_t i = only[s];
    if (i < none_yet && input.transitions[i].label == lts::tau && input.transitions[i].to != s) step[c] = i;
  }
  std::vector<std::uint32_t>().swap(only);
  std::vector<std::uint32_t> renamed(sccs.count);
  std::uint32_t next = 0;
  for (std::uint32_t c = 0; c < sccs.count; ++c) {
    if (members[c] == 1 && step[c] != several && !sccs.divergent[c]) {
      // Its target's component is smaller (Tarjan's order): renamed already.
      renamed[c] = renamed[sccs.component[input.transitions[step[c]].to]];
    } else {
      renamed[c] = next++;
    }
  }
  std::vector<bool> divergent(next, false);
  for (std::uint32_t c = 0; c < sccs.count; ++c)
    if (sccs.divergent[c]) divergent[renamed[c]] = true;
  for (std::uint32_t& c : sccs.component) c = renamed[c];
  sccs.count = next;
  sccs.divergent = std::move(divergent);
}

}  // namespace

// Components keep Tarjan's numbering (reverse topological, so every
// surviving tau-step goes to a smaller number: signature refinement then
// takes the states in increasing order, reading the transitions in
// sequence); tau_sccs starts its searches from the last state down, which
// keeps the input's memory locality, reversed. (Numbering components by
// their smallest state instead kept the input's order but made the rounds
// follow a computed order: 2.6x slower per round on an LTS of gen.)
ContractedLts contract_tau_sccs(const lts::Lts& input, bool divergence_sensitive, bool merge_tau_only) {
  lts::TauSccs sccs = lts::tau_sccs(input);
  if (merge_tau_only) merge_tau_only_states(input, sccs);
  ContractedLts out;
  out.lts.num_states = sccs.count;
  out.lts.initial = input.num_states == 0 ? 0 : sccs.component[input.initial];
  lts::LabelId max_label = 0;
  for (const lts::Transition& t : input.transitions) max_label = std::max(max_label, t.label);
  out.num_labels = std::max<std::uint32_t>(static_cast<std::uint32_t>(input.labels.size()), max_label + 1);

  // Bucket the surviving transitions by source (counting sort, O(m)), then
  // sort each state's few transitions by (label, target) and drop
  // duplicates: much faster than sorting all m transitions at once.
  const std::uint32_t n = sccs.count;
  std::vector<std::uint32_t> start(n + 1, 0);
  auto kept = [&](const lts::Transition& t) {
    return t.label != lts::tau || sccs.component[t.from] != sccs.component[t.to];
  };
  // Both passes fetch ahead the components (and counters, and places) that
  // later transitions touch at random (a fifth off both on a random LTS
  // with 30% tau).
  const std::vector<lts::Transition>& all = input.transitions;
  const std::size_t m = all.size();
  constexpr std::size_t ahead = 8;
  for (std::size_t i = 0; i < m; ++i) {
    if (i + 2 * ahead < m) __builtin_prefetch(&sccs.component[all[i + 2 * ahead].to]);
    if (i + ahead < m) __builtin_prefetch(&start[sccs.component[all[i + ahead].from] + 1]);
    if (kept(all[i])) ++start[sccs.component[all[i].from] + 1];
  }
  const lts::LabelId divergence = out.num_labels;
  if (divergence_sensitive) {
    ++out.num_labels;
    for (std::uint32_t c = 0; c < n; ++c)
      if (sccs.divergent[c]) ++start[c + 1];
  }
  for (std::uint32_t c = 0; c < n; ++c) start[c + 1] += start[c];
  auto& transitions = out.lts.transitions;
  transitions.resize(start[n]);
  {
    std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < m; ++i) {
      if (i + 2 * ahead < m) {
        __builtin_prefetch(&sccs.component[all[i + 2 * ahead].to]);
        __builtin_prefetch(&next[sccs.component[all[i + 2 * ahead].from]]);
      }
      // (A pointer, not []: a component whose steps are all placed points at the end.)
      if (i + ahead < m) __builtin_prefetch(transitions.data() + next[sccs.component[all[i + ahead].from]]);
      const lts::Transition& t = all[i];
      if (kept(t)) {
        const std::uint32_t from = sccs.component[t.from];
        transitions[next[from]++] = {from, t.label, sccs.component[t.to]};
      }
    }
    if (divergence_sensitive)
      for (std::uint32_t c = 0; c < n; ++c)
        if (sccs.divergent[c]) transitions[next[c]++] = {c, divergence, c};
  }
  std::size_t write = 0;
  std::vector<std::uint64_t> keys;
  for (std::uint32_t c = 0; c < n; ++c) {
    const std::span<lts::Transition> steps(transitions.data() + start[c], start[c + 1] - start[c]);
    if (steps.size() > lts::keys_copied_up_to) {
      // A contracted giant tau-cycle's many steps, sorted where they are:
      // a copy as keys would set the peak (a quarter more on a dense LTS
      // whose transitions form one tau-SCC).
      lts::sort_by_label_and_target(steps);
      for (std::size_t i = 0; i < steps.size(); ++i)
        if (i == 0 || steps[i].label != steps[i - 1].label || steps[i].to != steps[i - 1].to)
          transitions[write++] = steps[i];
      continue;
    }
    // (label, target) packed in 64 bits sort 2x faster than transitions
    // compared field by field, for a state's few steps alike.
    keys.clear();
    for (const lts::Transition& t : steps) keys.push_back(std::uint64_t{t.label} << 32 | t.to);
    lts::sort_keys(keys);
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (i == 0 || keys[i] != keys[i - 1])
        transitions[write++] = {c, static_cast<lts::LabelId>(keys[i] >> 32), static_cast<std::uint32_t>(keys[i])};
  }
  // Shrunk (a copy) only when duplicates took out a good part: the tail
  // left is a sixteenth at most otherwise. A random LTS has few
  // duplicates, and there the copy would cost a sixth of the scc phase and
  // set the peak, the old array still held.
  const std::size_t placed = transitions.size();
  transitions.resize(write);
  if (placed - write > placed / 16) transitions.shrink_to_fit();
  out.component = std::move(sccs.component);
  return out;
}

}  // namespace bisim::branching
