#include "bisim/symmetry/orbit_contraction.hpp"

#include <algorithm>
#include <numeric>

#include "lts/tau_scc.hpp"

namespace bisim::symmetry {

namespace {

using lts::StateId;

// Indices of the transitions in order of their source: by_source[begin[s] ..
// begin[s+1]) leave s.
struct BySource {
  std::vector<std::uint64_t> begin;
  std::vector<std::uint32_t> index;
};

BySource by_source(const OrbitLts& orbits) {
  BySource b;
  b.begin.assign(static_cast<std::size_t>(orbits.num_states) + 1, 0);
  for (const OrbitTransition& t : orbits.transitions) ++b.begin[t.from + 1];
  std::partial_sum(b.begin.begin(), b.begin.end(), b.begin.begin());
  b.index.resize(orbits.transitions.size());
  std::vector<std::uint64_t> next(b.begin.begin(), b.begin.end() - 1);
  for (std::uint32_t i = 0; i < orbits.transitions.size(); ++i) b.index[next[orbits.transitions[i].from]++] = i;
  return b;
}

// The tau-SCCs, each node's frames (breadth-first from its least state, the
// root) and the generators of its group H.
void contract_cycles(const OrbitLts& orbits, const ThreadPermutations& group, const BySource& out,
                     ContractedOrbits& c) {
  lts::Lts tau_view;
  tau_view.num_states = orbits.num_states;
  tau_view.initial = orbits.initial;
  for (const OrbitTransition& t : orbits.transitions)
    if (t.label == lts::tau) tau_view.transitions.push_back({t.from, lts::tau, t.to});
  lts::TauSccs sccs = lts::tau_sccs(tau_view);
  tau_view = {};
  c.num_nodes = sccs.count;
  c.node_of = std::move(sccs.component);
  c.divergent = std::move(sccs.divergent);
  c.stabiliser.assign(c.num_nodes, {});

  std::vector<bool> reached(orbits.num_states, false);
  std::vector<std::vector<PermutationId>> generators(c.num_nodes);
  std::vector<StateId> queue;
  for (StateId root = 0; root < orbits.num_states; ++root) {
    if (reached[root]) continue;
    const std::uint32_t node = c.node_of[root];
    reached[root] = true;
    queue.assign(1, root);
    for (std::size_t next = 0; next < queue.size(); ++next) {
      const StateId x = queue[next];
      for (std::uint64_t k = out.begin[x]; k < out.begin[x + 1]; ++k) {
        const OrbitTransition& t = orbits.transitions[out.index[k]];
        if (t.label != lts::tau || c.node_of[t.to] != node) continue;
        if (!reached[t.to]) {
          reached[t.to] = true;
          c.frame[t.to] = group.compose(c.frame[x], t.permutation);
          queue.push_back(t.to);
        }
      }
    }
    // Every internal step frame[x].x -tau-> frame[x].g.y = h.(frame[y].y)
    // adds h to the generators of H.
    for (StateId x : queue)
      for (std::uint64_t k = out.begin[x]; k < out.begin[x + 1]; ++k) {
        const OrbitTransition& t = orbits.transitions[out.index[k]];
        if (t.label != lts::tau || c.node_of[t.to] != node) continue;
        const PermutationId h = group.compose(group.compose(c.frame[x], t.permutation), group.inverse(c.frame[t.to]));
        std::vector<PermutationId>& gens = generators[node];
        if (h != ThreadPermutations::identity && std::find(gens.begin(), gens.end(), h) == gens.end())
          gens.push_back(h);
      }
  }
  for (std::uint32_t n = 0; n < c.num_nodes; ++n)
    if (!generators[n].empty()) c.stabiliser[n] = group.generated(generators[n]);
}

}  // namespace

ContractedOrbits contract_orbits(const OrbitLts& orbits, const ThreadPermutations& group, bool contract_tau) {
  const BySource out = by_source(orbits);
  ContractedOrbits c;
  c.frame.assign(orbits.num_states, ThreadPermutations::identity);
  if (contract_tau) {
    contract_cycles(orbits, group, out, c);
  } else {
    c.num_nodes = orbits.num_states;
    c.node_of.resize(orbits.num_states);
    std::iota(c.node_of.begin(), c.node_of.end(), 0);
    c.divergent.assign(c.num_nodes, false);
    c.stabiliser.assign(c.num_nodes, {});
  }

  // The members of each node, then the node's steps in its root's frame:
  // x -a-> g.y in M becomes frame[x].x -frame[x].a-> (frame[x] g frame[y]^-1).(frame[y].y).
  std::vector<std::uint64_t> member_begin(static_cast<std::size_t>(c.num_nodes) + 1, 0);
  for (StateId x = 0; x < orbits.num_states; ++x) ++member_begin[c.node_of[x] + 1];
  std::partial_sum(member_begin.begin(), member_begin.end(), member_begin.begin());
  std::vector<StateId> members(orbits.num_states);
  {
    std::vector<std::uint64_t> next(member_begin.begin(), member_begin.end() - 1);
    for (StateId x = 0; x < orbits.num_states; ++x) members[next[c.node_of[x]]++] = x;
  }
  c.step_begin.assign(static_cast<std::size_t>(c.num_nodes) + 1, 0);
  c.steps.reserve(orbits.transitions.size());  // at most one step per transition: no regrowth
  for (std::uint32_t n = 0; n < c.num_nodes; ++n) {
    const std::size_t first = c.steps.size();
    for (std::uint64_t m = member_begin[n]; m < member_begin[n + 1]; ++m) {
      const StateId x = members[m];
      for (std::uint64_t k = out.begin[x]; k < out.begin[x + 1]; ++k) {
        const OrbitTransition& t = orbits.transitions[out.index[k]];
        const std::uint32_t to = c.node_of[t.to];
        if (contract_tau && t.label == lts::tau && to == n) continue;
        const PermutationId g = group.compose(group.compose(c.frame[x], t.permutation), group.inverse(c.frame[t.to]));
        c.steps.push_back({orbits.label_image[t.label][c.frame[x]], g, to});
      }
    }
    std::sort(c.steps.begin() + static_cast<std::ptrdiff_t>(first), c.steps.end());
    c.steps.erase(std::unique(c.steps.begin() + static_cast<std::ptrdiff_t>(first), c.steps.end()), c.steps.end());
    c.step_begin[n + 1] = c.steps.size();
  }
  return c;
}

}  // namespace bisim::symmetry
