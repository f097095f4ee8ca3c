#pragma once
// An exact check that a partition is stable, i.e. that every class's states
// have equal signatures (bisim/signature_refinement.hpp): what proves the
// fixpoint of signature rounds in which some class had to hash its steps
// (more than 128 distinct ones, as a contracted giant tau-cycle has), where
// equal hashed signatures do not yet mean equal signatures.
//
// For a tau-acyclic graph whose inert steps stay in their class (branching
// bisimulation after tau-SCC contraction) the signature of s is its own
// non-inert steps together with those of its inert successors, and every
// state reaches a bottom state of its class (one without inert steps). So
// the classes are stable exactly when, in each class C, every bottom state
// has the same set S_C of steps (a, class of target), and every non-inert
// step of every state of C is in S_C: then every signature in C is S_C.
// (Blom & Orzan, PDMC 2003, Sect. 3: a partition coarser than or equal to
// bisimilarity whose classes are stable is bisimilarity.) Without inert
// steps (strong bisimulation) every state is bottom.
//
// O(n + m log m): one pass over the steps, each looked up by binary search
// in its class's sorted list; each bottom state's steps sorted once.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "lts/lts.hpp"

namespace bisim::signatures {

template <typename Graph>
bool classes_are_stable(const Graph& g, const std::vector<std::uint32_t>& cls, std::uint32_t num_classes) {
  using lts::StateId;
  const StateId n = g.num_states();
  auto inert = [&](StateId s, lts::LabelId a, StateId to) {
    return Graph::tau_can_be_inert && a == lts::tau && cls[to] == cls[s];
  };
  // A step as one sortable number: label, then target class.
  auto key = [&](lts::LabelId a, StateId to) { return std::uint64_t{a} << 32 | cls[to]; };
  std::vector<std::uint64_t> scratch;
  // s's distinct non-inert steps, sorted, in scratch; false if s is not
  // bottom (then scratch holds them unsorted).
  auto bottom_steps = [&](StateId s) {
    scratch.clear();
    bool bottom = true;
    g.steps(s, [&](lts::LabelId a, StateId to) {
      if (inert(s, a, to))
        bottom = false;
      else
        scratch.push_back(key(a, to));
    });
    if (!bottom) return false;
    std::sort(scratch.begin(), scratch.end());
    scratch.erase(std::unique(scratch.begin(), scratch.end()), scratch.end());
    return true;
  };
  // S_C from the first bottom state of each class: steps[first[c],
  // last[c]), appended as the classes find theirs.
  constexpr auto unset = static_cast<StateId>(-1);
  std::vector<StateId> reference(num_classes, unset);
  std::vector<std::size_t> first(num_classes, 0), last(num_classes, 0);
  std::vector<std::uint64_t> steps;
  for (StateId s = 0; s < n; ++s) {
    const std::uint32_t c = cls[s];
    if (reference[c] != unset || !bottom_steps(s)) continue;
    reference[c] = s;
    first[c] = steps.size();
    steps.insert(steps.end(), scratch.begin(), scratch.end());
    last[c] = steps.size();
  }
  for (StateId s = 0; s < n; ++s) {
    const std::uint32_t c = cls[s];
    if (reference[c] == unset) return false;  // a class without bottom states: not tau-acyclic
    if (s == reference[c]) continue;
    const auto begin = steps.begin() + static_cast<std::ptrdiff_t>(first[c]);
    const auto end = steps.begin() + static_cast<std::ptrdiff_t>(last[c]);
    if (bottom_steps(s)) {
      if (!std::equal(scratch.begin(), scratch.end(), begin, end)) return false;
    } else {  // scratch holds its non-inert steps, unsorted
      for (const std::uint64_t step : scratch)
        if (!std::binary_search(begin, end, step)) return false;
    }
  }
  return true;
}

}  // namespace bisim::signatures
