#include "bisim/symmetry/symmetric_quotient.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "bisim/bisimulation.hpp"
#include "bisim/partition.hpp"
#include "bisim/quotient.hpp"
#include "bisim/symmetry/orbit_contraction.hpp"
#include "bisim/symmetry/symmetric_refinement.hpp"

namespace bisim::symmetry {

namespace {

void check_input(const OrbitLts& orbits, const ThreadPermutations& group, Equivalence e) {
  if (!merges_states(e)) throw std::invalid_argument("a quotient modulo symmetry needs an equivalence that merges");
  bool closed = orbits.label_image.size() == orbits.labels.size();
  for (std::size_t a = 0; closed && a < orbits.label_image.size(); ++a) {
    closed = orbits.label_image[a].size() == group.size();
    for (lts::LabelId b : orbits.label_image[a]) closed = closed && b < orbits.labels.size();
  }
  if (!closed) throw std::invalid_argument("the label images do not cover every label and permutation");
}

// The classes reachable from `initial`, numbered breadth-first, with their
// steps, and a tau self-loop on each divergent one.
lts::Lts reachable_classes(const SymmetricPartition& p, const OrbitLts& orbits, std::uint32_t initial, Equivalence e) {
  constexpr auto unset = static_cast<lts::StateId>(-1);
  std::vector<lts::StateId> number(p.num_classes, unset);
  std::vector<std::uint32_t> queue{initial};
  number[initial] = 0;
  lts::Lts out;
  out.labels = orbits.labels;
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const std::uint32_t c = queue[next];
    if (divergence_sensitive(e) && p.divergent[c]) out.transitions.push_back({number[c], lts::tau, number[c]});
    for (std::uint64_t k = p.step_begin[c]; k < p.step_begin[c + 1]; ++k) {
      const ClassStep& s = p.steps[k];
      if (number[s.to] == unset) {
        number[s.to] = static_cast<lts::StateId>(queue.size());
        queue.push_back(s.to);
      }
      out.transitions.push_back({number[c], s.label, number[s.to]});
    }
  }
  out.num_states = static_cast<lts::StateId>(queue.size());
  out.initial = 0;
  return out;
}

// symmetric_quotient, taking the transitions of `orbits` over.
SymmetricQuotient quotient_of_orbits(OrbitLts& orbits, const ThreadPermutations& group, Equivalence e,
                                     const PhaseCallback& on_phase) {
  check_input(orbits, group, e);
  start_phase(on_phase, "contract");
  const ContractedOrbits nodes = contract_orbits(orbits, group, hides_inert_tau(e));
  const SymmetricPartition p =
      refine_modulo_symmetry(nodes, orbits.label_image, group, e, [&](std::uint32_t round, std::uint32_t classes) {
        start_phase(on_phase, fmt::format("round {}: {}", round, classes_text(classes)));
      });
  start_phase(on_phase, "build");
  SymmetricQuotient result;
  result.stabilised = static_cast<std::uint32_t>(nodes.stabiliser.count());
  std::vector<std::uint32_t> node_classes = p.class_of_node;
  std::sort(node_classes.begin(), node_classes.end());
  result.orbit_classes =
      static_cast<std::uint32_t>(std::unique(node_classes.begin(), node_classes.end()) - node_classes.begin());
  result.rounds = p.rounds;
  // The initial state is g.r for g = initial_permutation, and r is
  // frame[r]^-1 applied to a state of its node's root's M-SCC.
  const std::uint32_t root_class = p.class_of_node[nodes.initial_node];
  const PermutationId to_initial = group.compose(orbits.initial_permutation, group.inverse(nodes.initial_frame));
  const std::uint32_t initial = p.action[root_class * group.size() + to_initial];
  const lts::Lts classes = reachable_classes(p, orbits, initial, e);
  // The classes are already pairwise inequivalent: the identity partition
  // gives the canonical numbering and order of quotient().
  result.quotient = quotient(classes, identity_partition(classes), e);
  start_phase(on_phase, "");
  return result;
}

}  // namespace

SymmetricQuotient symmetric_quotient(const OrbitLts& orbits, const ThreadPermutations& group, Equivalence e,
                                     const PhaseCallback& on_phase) {
  OrbitLts copy = orbits;
  return quotient_of_orbits(copy, group, e, on_phase);
}

SymmetricQuotient symmetric_quotient(OrbitLts&& orbits, const ThreadPermutations& group, Equivalence e,
                                     const PhaseCallback& on_phase) {
  return quotient_of_orbits(orbits, group, e, on_phase);
}

}  // namespace bisim::symmetry
