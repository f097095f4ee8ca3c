#include "bisim/symmetry/orbit_contraction.hpp"

#include <numeric>
#include <span>

#include "lts/tau_scc_search.hpp"

namespace bisim::symmetry {

namespace {

using lts::StateId;

// The transitions sorted by source (as the explorer writes them), and
// each state's tau-transitions first: out[begin[s] .. begin[s+1]) leave s.
struct BySource {
  std::span<const OrbitTransition> out;
  std::vector<std::uint64_t> begin;

  BySource(std::vector<OrbitTransition>& transitions, StateId num_states) {
    const auto before = [](const OrbitTransition& a, const OrbitTransition& b) {
      return a.from != b.from ? a.from < b.from : (a.label == lts::tau) > (b.label == lts::tau);
    };
    if (!std::is_sorted(transitions.begin(), transitions.end(), before))
      std::sort(transitions.begin(), transitions.end(), before);
    out = transitions;
    begin.assign(static_cast<std::size_t>(num_states) + 1, 0);
    for (const OrbitTransition& t : out) ++begin[t.from + 1];
    std::partial_sum(begin.begin(), begin.end(), begin.begin());
  }
  std::span<const OrbitTransition> of(StateId s) const { return out.subspan(begin[s], begin[s + 1] - begin[s]); }
  // The tau-transitions of s.
  std::span<const OrbitTransition> tau_of(StateId s) const {
    const auto all = of(s);
    std::size_t n = 0;
    while (n < all.size() && all[n].label == lts::tau) ++n;
    return all.first(n);
  }
};

// The orbit LTS's tau-steps as tau_sccs_of reads them: the permutations
// do not matter for the SCCs (the header's argument).
struct TauGraph {
  const BySource& transitions;
  struct Targets {
    std::span<const OrbitTransition> tau;
    std::size_t size() const { return tau.size(); }
    StateId operator[](std::size_t i) const { return tau[i].to; }
  };
  Targets of(StateId s) const { return {transitions.tau_of(s)}; }
  void prefetch(StateId s) const { __builtin_prefetch(&transitions.begin[s]); }
};

// Per orbit state: its node, and its frame (contraction.hpp).
struct Nodes {
  std::vector<std::uint32_t> node_of;
  std::vector<PermutationId> frame;
};

// Breadth-first from the root through the node's tau-steps: the frames of
// its members, and the generators of its group H. Every internal step
// frame[x].x -tau-> frame[x].g.y = h.(frame[y].y) adds h.
std::vector<PermutationId> frame_node(StateId root, const BySource& out, const ThreadPermutations& group, Nodes& n,
                                      std::vector<bool>& reached, std::vector<StateId>& queue) {
  const std::uint32_t node = n.node_of[root];
  reached[root] = true;
  queue.assign(1, root);
  std::vector<PermutationId> generators;
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const StateId x = queue[next];
    for (const OrbitTransition& t : out.tau_of(x)) {
      if (n.node_of[t.to] != node) continue;
      if (!reached[t.to]) {
        reached[t.to] = true;
        n.frame[t.to] = group.compose(n.frame[x], t.permutation);
        queue.push_back(t.to);
      }
    }
  }
  for (StateId x : queue)
    for (const OrbitTransition& t : out.tau_of(x)) {
      if (n.node_of[t.to] != node) continue;
      const PermutationId h = group.compose(group.compose(n.frame[x], t.permutation), group.inverse(n.frame[t.to]));
      if (h != ThreadPermutations::identity && std::find(generators.begin(), generators.end(), h) == generators.end())
        generators.push_back(h);
    }
  return generators;
}

// The tau-SCCs, each node's frames (breadth-first from its least state, the
// root) and its group H.
Nodes contract_cycles(StateId num_states, const BySource& out, const ThreadPermutations& group, ContractedOrbits& c) {
  lts::TauSccs sccs = lts::tau_sccs_of(num_states, TauGraph{out});
  Nodes n{std::move(sccs.component), std::vector<PermutationId>(num_states, ThreadPermutations::identity)};
  c.num_nodes = sccs.count;
  c.divergent = std::move(sccs.divergent);
  c.stabiliser = Stabilisers(c.num_nodes);
  std::vector<bool> reached(num_states, false);
  std::vector<StateId> queue;
  for (StateId root = 0; root < num_states; ++root) {
    if (reached[root]) continue;
    // A state without an internal tau-step is a node of its own: no search.
    const auto tau = out.tau_of(root);
    if (std::none_of(tau.begin(), tau.end(),
                     [&](const OrbitTransition& t) { return n.node_of[t.to] == n.node_of[root]; }))
      continue;
    const std::vector<PermutationId> generators = frame_node(root, out, group, n, reached, queue);
    if (!generators.empty()) c.stabiliser.add(n.node_of[root], group.generated(generators));
  }
  c.stabiliser.sort();
  return n;
}

// Every state its own node (strong bisimulation).
Nodes singleton_nodes(StateId num_states, ContractedOrbits& c) {
  Nodes n;
  n.node_of.resize(num_states);
  std::iota(n.node_of.begin(), n.node_of.end(), 0);
  n.frame.assign(num_states, ThreadPermutations::identity);
  c.num_nodes = num_states;
  c.divergent.assign(c.num_nodes, false);
  c.stabiliser = Stabilisers(c.num_nodes);
  return n;
}

// Rewrites each transition, where it lies, into its node's step in the
// root's frame: x -a-> g.y in M becomes
// frame[x].x -frame[x].a-> (frame[x] g frame[y]^-1).(frame[y].y).
// Drops the tau-steps inside a node when contracted; then groups the steps
// by node.
void node_steps(std::vector<OrbitTransition>& transitions, const Nodes& n,
                const std::vector<std::vector<lts::LabelId>>& label_image, const ThreadPermutations& group,
                bool contract_tau, ContractedOrbits& c) {
  std::size_t kept = 0;
  for (const OrbitTransition& t : transitions) {
    const std::uint32_t from = n.node_of[t.from], to = n.node_of[t.to];
    if (contract_tau && t.label == lts::tau && to == from) continue;
    const PermutationId g = group.compose(group.compose(n.frame[t.from], t.permutation), group.inverse(n.frame[t.to]));
    transitions[kept++] = {from, label_image[t.label][n.frame[t.from]], to, g};
  }
  transitions.resize(kept);
  // Sorting by node alone: the order within a node does not matter.
  std::sort(transitions.begin(), transitions.end(),
            [](const NodeStep& a, const NodeStep& b) { return a.from < b.from; });
  c.step_begin.assign(static_cast<std::size_t>(c.num_nodes) + 1, 0);
  for (const NodeStep& s : transitions) ++c.step_begin[s.from + 1];
  std::partial_sum(c.step_begin.begin(), c.step_begin.end(), c.step_begin.begin());
  c.steps = std::move(transitions);
}

}  // namespace

ContractedOrbits contract_orbits(OrbitLts& orbits, const ThreadPermutations& group, bool contract_tau) {
  ContractedOrbits c;
  Nodes n;
  {
    const BySource out(orbits.transitions, orbits.num_states);
    n = contract_tau ? contract_cycles(orbits.num_states, out, group, c) : singleton_nodes(orbits.num_states, c);
  }
  c.initial_node = n.node_of[orbits.initial];
  c.initial_frame = n.frame[orbits.initial];
  node_steps(orbits.transitions, n, orbits.label_image, group, contract_tau, c);
  orbits.transitions = {};
  return c;
}

}  // namespace bisim::symmetry
