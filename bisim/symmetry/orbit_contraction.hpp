#pragma once
// The tau-cycles of an orbit LTS contracted, for the branching
// equivalences. A cycle of tau-steps r1 -> r2 -> ... -> r1 among
// representatives, with permutations g1, g2, ... on its steps, is in M a
// tau-path from r1 to (g1 g2 ...).r1; repeated, it comes back to r1. So
// every tau-SCC of the orbit LTS lies, up to permutations, inside one
// tau-SCC of M, whose states are all branching bisimilar and divergent
// (seed paper, Lemma 4.4 for divergence; Groote and Vaandrager, ICALP 1990,
// for the SCC contraction).
//
// The contracted node of an orbit SCC stands for the M-state of its root.
// A member r is reached from the root in M as frame[r].r; the steps of r,
// moved into the root's frame, become the node's steps. The permutations
// of the orbit SCC's internal cycles generate a group H (the stabiliser):
// h.root lies in the root's M-SCC for every h in H, so the root's class is
// H-invariant and its steps must be closed under H.
//
// The orbit transitions are most of the memory of a large symmetric run,
// so the contraction takes them over and rewrites each, where it lies,
// into a node step: the peak is the transitions and about 20 bytes per
// orbit state.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "lts/orbit_lts.hpp"

namespace bisim::symmetry {

using lts::OrbitLts;
using lts::OrbitTransition;
using lts::PermutationId;
using lts::ThreadPermutations;

// node -label-> permutation.(root of `to`), in M; `from` is the node.
using NodeStep = OrbitTransition;

// The nodes whose group H is larger than the identity alone: few of them.
class Stabilisers {
 public:
  explicit Stabilisers(std::uint32_t num_nodes = 0) : has_(num_nodes, false) {}
  void add(std::uint32_t node, std::vector<PermutationId> group) {
    has_[node] = true;
    groups_.emplace_back(node, std::move(group));
  }
  // Once every group is added: the lookups below need them sorted by node.
  void sort() { std::sort(groups_.begin(), groups_.end()); }
  // The group H of `node`, identity first, or empty when H is trivial.
  const std::vector<PermutationId>& of(std::uint32_t node) const {
    static const std::vector<PermutationId> trivial;
    if (!has_[node]) return trivial;
    return std::lower_bound(groups_.begin(), groups_.end(), node,
                            [](const auto& entry, std::uint32_t n) { return entry.first < n; })
        ->second;
  }
  std::size_t count() const { return groups_.size(); }

 private:
  std::vector<bool> has_;
  std::vector<std::pair<std::uint32_t, std::vector<PermutationId>>> groups_;
};

struct ContractedOrbits {
  std::uint32_t num_nodes = 0;
  // The initial orbit state's node, and its frame: the initial state is
  // initial_frame^-1 applied to a state of the root's M-SCC.
  std::uint32_t initial_node = 0;
  PermutationId initial_frame = ThreadPermutations::identity;
  // The steps of node n: steps[step_begin[n] .. step_begin[n+1]), without
  // the tau-steps inside the node (when contracted), in no particular
  // order and possibly repeated (the signatures sort and merge them).
  std::vector<std::uint64_t> step_begin;
  std::vector<NodeStep> steps;
  std::vector<bool> divergent;  // the node holds a tau-cycle of M
  Stabilisers stabiliser;
  // Nodes are numbered so that a tau-step never goes to a larger number:
  // visiting 0, 1, ... meets a node's tau-successors before the node.
};

// contract_tau = false (strong bisimulation): every state its own node,
// tau-steps kept like visible ones. Takes the transitions of `orbits`
// over and leaves them empty.
ContractedOrbits contract_orbits(OrbitLts& orbits, const ThreadPermutations& group, bool contract_tau);

}  // namespace bisim::symmetry
