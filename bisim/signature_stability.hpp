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
// in its class's sorted list; each bottom state's steps sorted once. A
// Graph as in signature_refinement.hpp (num_states, num_transitions,
// steps).
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "lts/lts.hpp"
#include "lts/two_threads.hpp"

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
  auto is_bottom = [&](StateId s) {
    bool bottom = true;
    if constexpr (Graph::tau_can_be_inert)
      g.steps(s, [&](lts::LabelId a, StateId to) { bottom &= !inert(s, a, to); });
    return bottom;
  };
  // s's distinct non-inert steps, sorted, in scratch; false if s is not
  // bottom (then scratch holds them unsorted).
  auto bottom_steps = [&](StateId s, std::vector<std::uint64_t>& scratch) {
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
  // S_C from the first bottom state of each class. On two threads for
  // large graphs, as are the checks below (register, 5 threads forever,
  // strong: 0.55 -> 0.33 s; branching: 0.37 -> 0.21 s): each half of the
  // states finds its first bottom state per class, the lower half's wins;
  // each half of the classes lists its S_C in a vector of its own.
  constexpr auto unset = static_cast<StateId>(-1);
  const bool parallel = lts::use_two_threads(g.num_transitions());
  std::vector<StateId> reference(num_classes, unset), upper(parallel ? num_classes : 0, unset);
  auto find_references = [&](int part, std::size_t begin, std::size_t end) {
    std::vector<StateId>& found = part == 0 ? reference : upper;
    for (auto s = static_cast<StateId>(begin); s < end; ++s)
      if (found[cls[s]] == unset && is_bottom(s)) found[cls[s]] = s;
  };
  if (parallel) {
    lts::on_two_threads(n / 2, n, find_references);
    for (std::uint32_t c = 0; c < num_classes; ++c)
      if (reference[c] == unset) reference[c] = upper[c];
    std::vector<StateId>().swap(upper);
  } else {
    find_references(0, 0, n);
  }
  const std::uint32_t half = parallel ? num_classes / 2 : num_classes;
  std::vector<std::uint64_t> steps[2];
  std::vector<std::size_t> first(num_classes, 0), last(num_classes, 0);
  auto reference_steps = [&](int part, std::size_t begin, std::size_t end) {
    std::vector<std::uint64_t> own;
    for (auto c = static_cast<std::uint32_t>(begin); c < end; ++c) {
      if (reference[c] == unset) continue;
      bottom_steps(reference[c], own);
      first[c] = steps[part].size();
      steps[part].insert(steps[part].end(), own.begin(), own.end());
      last[c] = steps[part].size();
    }
  };
  if (parallel)
    lts::on_two_threads(half, num_classes, reference_steps);
  else
    reference_steps(0, 0, num_classes);
  // Every state against its class's S_C: independent checks, each half
  // stopping soon after either finds a difference.
  std::atomic<bool> stable = true;
  auto check = [&](int, std::size_t begin, std::size_t end) {
    std::vector<std::uint64_t> own;
    for (auto s = static_cast<StateId>(begin); s < end; ++s) {
      const std::uint32_t c = cls[s];
      if (reference[c] == unset)
        return stable.store(false);  // a class without bottom states: not tau-acyclic
      if (s == reference[c]) continue;
      const std::vector<std::uint64_t>& listed = steps[c < half ? 0 : 1];
      const auto from = listed.begin() + static_cast<std::ptrdiff_t>(first[c]);
      const auto to = listed.begin() + static_cast<std::ptrdiff_t>(last[c]);
      if (bottom_steps(s, own)) {
        if (!std::equal(own.begin(), own.end(), from, to)) return stable.store(false);
      } else {  // own holds its non-inert steps, unsorted
        for (const std::uint64_t step : own)
          if (!std::binary_search(from, to, step)) return stable.store(false);
      }
      if ((s & 0xFFFF) == 0 && !stable.load(std::memory_order_relaxed)) return;
    }
  };
  if (parallel)
    lts::on_two_threads(n / 2, n, check);
  else
    check(0, 0, n);
  return stable;
}

}  // namespace bisim::signatures
