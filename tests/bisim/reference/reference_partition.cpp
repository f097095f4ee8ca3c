// Naive signature refinement (Blom & Orzan, "Distributed branching
// bisimulation reduction of state spaces", ENTCS 89(1), 2003, Sections 2-3),
// written straight from the definitions and independent of the fast code:
// no tau-SCC contraction, no shared adjacency views.
//
// Start with one block; repeatedly give every state the pair (its block, its
// signature) and renumber; stop when the number of blocks no longer grows.
// The signature of s with respect to the current partition P is
//  - strong:    { (a, P(t)) | s -a-> t }
//  - branching: { (a, P(t)) | s -tau->* s' -a-> t, every state of the
//                 tau-path in P(s), and not (a = tau and P(t) = P(s)) }
//    At the fixpoint, related states match each other's steps through
//    intermediate states of their own class: the branching bisimulation
//    condition of van Glabbeek & Weijland (J. ACM 43(3), 1996), Def. 2.4.
//  - divbranching: the branching signature plus one bit, "s is P-divergent":
//    s has an infinite tau-path that stays in P(s) (seed paper, Def. 4.2-4.3,
//    with tau steps as in van Glabbeek & Weijland's divergence).
// Every bisimulation of the kind refines each partition of the sequence (by
// induction), so the fixpoint is the coarsest one.
#include "tests/bisim/reference/reference_partition.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

namespace bisim {

namespace {

using lts::StateId;
using Step = std::pair<lts::LabelId, std::uint32_t>;  // (label, target block)
using Successors = std::vector<std::vector<Step>>;    // (label, target state) per state
// Marks the divergence bit inside a signature; no label has this id.
constexpr lts::LabelId divergence_mark = static_cast<lts::LabelId>(-1);

Successors successors_of(const lts::Lts& lts) {
  Successors out(lts.num_states);
  for (const lts::Transition& t : lts.transitions) out[t.from].push_back({t.label, t.to});
  return out;
}

bool inert(const Step& step, StateId from, const std::vector<std::uint32_t>& block) {
  return step.first == lts::tau && block[step.second] == block[from];
}

std::vector<Step> strong_signature(const Successors& out, StateId s, const std::vector<std::uint32_t>& block) {
  std::vector<Step> sig;
  for (const Step& step : out[s]) sig.push_back({step.first, block[step.second]});
  return sig;
}

// Every state reachable from s by inert tau steps (s included), found by a
// breadth-first search; then the non-inert steps of all of them.
// visited_from[u] == s + 1 marks u as seen by the search from s.
std::vector<Step> branching_signature(const Successors& out, StateId s, const std::vector<std::uint32_t>& block,
                                      std::vector<StateId>& visited_from) {
  std::vector<StateId> seen{s};
  visited_from[s] = s + 1;
  std::vector<Step> sig;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    const StateId u = seen[i];
    for (const Step& step : out[u]) {
      if (!inert(step, u, block)) {
        sig.push_back({step.first, block[step.second]});
      } else if (visited_from[step.second] != s + 1) {
        visited_from[step.second] = s + 1;
        seen.push_back(step.second);
      }
    }
  }
  return sig;
}

// divergent[s]: s has an infinite path of inert tau steps. That is the
// greatest set D of states each having an inert tau step into D: start from
// all states and drop, until none is left to drop, those whose inert tau
// steps all lead outside D.
std::vector<bool> divergent_states(const Successors& out, const std::vector<std::uint32_t>& block) {
  const StateId n = static_cast<StateId>(out.size());
  std::vector<std::vector<StateId>> inert_preds(n);
  std::vector<std::uint32_t> inert_out(n, 0);  // inert tau steps into D
  for (StateId s = 0; s < n; ++s)
    for (const Step& step : out[s])
      if (inert(step, s, block)) {
        ++inert_out[s];
        inert_preds[step.second].push_back(s);
      }
  std::vector<bool> in_d(n, true);
  std::vector<StateId> dropped;
  for (StateId s = 0; s < n; ++s)
    if (inert_out[s] == 0) {
      in_d[s] = false;
      dropped.push_back(s);
    }
  while (!dropped.empty()) {
    const StateId t = dropped.back();
    dropped.pop_back();
    for (StateId s : inert_preds[t])
      if (in_d[s] && --inert_out[s] == 0) {
        in_d[s] = false;
        dropped.push_back(s);
      }
  }
  return in_d;
}

// One refinement round: the new block of s is the number of the pair
// (old block of s, signature of s).
std::uint32_t refine_once(const Successors& out, Equivalence e, std::vector<std::uint32_t>& block) {
  std::vector<bool> divergent;
  if (e == Equivalence::divbranching) divergent = divergent_states(out, block);
  std::map<std::pair<std::uint32_t, std::vector<Step>>, std::uint32_t> numbers;
  std::vector<std::uint32_t> next(block.size());
  std::vector<StateId> visited_from(block.size(), 0);
  for (StateId s = 0; s < block.size(); ++s) {
    std::vector<Step> sig =
        e == Equivalence::strong ? strong_signature(out, s, block) : branching_signature(out, s, block, visited_from);
    if (e == Equivalence::divbranching && divergent[s]) sig.push_back({divergence_mark, 0});
    std::sort(sig.begin(), sig.end());
    sig.erase(std::unique(sig.begin(), sig.end()), sig.end());
    const auto [it, fresh] =
        numbers.try_emplace({block[s], std::move(sig)}, static_cast<std::uint32_t>(numbers.size()));
    next[s] = it->second;
  }
  block = std::move(next);
  return static_cast<std::uint32_t>(numbers.size());
}

}  // namespace

Partition reference_partition(const lts::Lts& lts, Equivalence e) {
  Partition p;
  if (e == Equivalence::none) {
    p.block.resize(lts.num_states);
    for (StateId s = 0; s < lts.num_states; ++s) p.block[s] = s;
    p.num_blocks = lts.num_states;
    return p;
  }
  if (e != Equivalence::strong && e != Equivalence::branching && e != Equivalence::divbranching)
    throw std::invalid_argument("reference_partition: unknown equivalence");
  const Successors out = successors_of(lts);
  p.block.assign(lts.num_states, 0);
  p.num_blocks = lts.num_states == 0 ? 0 : 1;
  // Blocks only split, so the count grows until the partition is stable.
  while (true) {
    const std::uint32_t count = refine_once(out, e, p.block);
    if (count == p.num_blocks) break;
    p.num_blocks = count;
  }
  return p;
}

bool same_partition(const Partition& a, const Partition& b) {
  if (a.block.size() != b.block.size()) return false;
  // The relation is the same iff the map a-block -> b-block is a bijection
  // on the blocks that occur.
  std::map<std::uint32_t, std::uint32_t> a_to_b, b_to_a;
  for (std::size_t s = 0; s < a.block.size(); ++s) {
    const auto [i, new_a] = a_to_b.try_emplace(a.block[s], b.block[s]);
    const auto [j, new_b] = b_to_a.try_emplace(b.block[s], a.block[s]);
    if (i->second != b.block[s] || j->second != a.block[s]) return false;
  }
  return true;
}

bool never_finer(const Partition& coarse, const Partition& fine) {
  if (coarse.block.size() != fine.block.size()) return false;
  std::map<std::uint32_t, std::uint32_t> coarse_of_fine;  // fine block -> the coarse block it lies in
  for (std::size_t s = 0; s < fine.block.size(); ++s) {
    const auto [i, added] = coarse_of_fine.try_emplace(fine.block[s], coarse.block[s]);
    if (i->second != coarse.block[s]) return false;
  }
  return true;
}

}  // namespace bisim
