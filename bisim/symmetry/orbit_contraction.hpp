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
// of the orbit SCC's internal cycles generate a group H (`stabiliser`):
// h.root lies in the root's M-SCC for every h in H, so the root's class is
// H-invariant and its steps must be closed under H.
#include <cstdint>
#include <vector>

#include "lts/orbit_lts.hpp"

namespace bisim::symmetry {

using lts::OrbitLts;
using lts::OrbitTransition;
using lts::PermutationId;
using lts::ThreadPermutations;

struct NodeStep {
  lts::LabelId label;
  PermutationId permutation;  // node -label-> permutation.(root of `to`), in M
  std::uint32_t to;
  friend auto operator<=>(const NodeStep&, const NodeStep&) = default;
};

struct ContractedOrbits {
  std::uint32_t num_nodes = 0;
  std::vector<std::uint32_t> node_of;  // per orbit state
  std::vector<PermutationId> frame;    // per orbit state
  // The steps of node n: steps[step_begin[n] .. step_begin[n+1]), sorted,
  // without the tau-steps inside the node (when contracted).
  std::vector<std::uint64_t> step_begin;
  std::vector<NodeStep> steps;
  std::vector<bool> divergent;  // the node holds a tau-cycle of M
  // The group H of node n, identity first, when larger than the identity
  // alone; empty otherwise (most nodes).
  std::vector<std::vector<PermutationId>> stabiliser;
  // Nodes are numbered so that a tau-step never goes to a larger number:
  // visiting 0, 1, ... meets a node's tau-successors before the node.
};

// contract_tau = false (strong bisimulation): every state its own node,
// tau-steps kept like visible ones.
ContractedOrbits contract_orbits(const OrbitLts& orbits, const ThreadPermutations& group, bool contract_tau);

}  // namespace bisim::symmetry
