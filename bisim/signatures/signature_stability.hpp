#pragma once
// An exact check that a partition is stable, i.e. that every class's states
// have equal signatures (bisim/signatures/signature_refinement.hpp): what proves the
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
// class whose S_C is long (a contracted giant tau-cycle's: 1.85*10^6 steps)
// holds it as a WideStepSet (wide_signatures.hpp) instead: bits set in one
// pass, no sort, one probe a lookup. A Graph as in signature_refinement.hpp
// (num_states, num_transitions, steps).
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "bisim/signatures/wide_signatures.hpp"
#include "lts/lts.hpp"
#include "lts/two_threads.hpp"

namespace bisim::signatures {

// Past this many steps, a class's S_C is held as a WideStepSet: the bits
// beat the sort and the binary searches well before.
inline constexpr std::size_t listed_steps_bound = 4096;

// Whether the classes are stable. S_C longer than `listed_up_to` steps is
// held as a WideStepSet (tests lower the bound to cover both forms). Given
// `only`, just the classes c with only[c] set are checked, each for its own
// stability.
template <typename Graph>
bool classes_are_stable(const Graph& g, const std::vector<std::uint32_t>& cls, std::uint32_t num_classes,
                        std::size_t listed_up_to = listed_steps_bound,
                        const std::vector<std::uint8_t>* only = nullptr) {
  using lts::StateId;
  const StateId n = g.num_states();
  auto checked = [&](std::uint32_t c) { return only == nullptr || (*only)[c] != 0; };
  auto inert = [&](StateId s, lts::LabelId a, StateId to) {
    return Graph::tau_can_be_inert && a == lts::tau && cls[to] == cls[s];
  };
  // A step as one sortable number: label, then target class.
  auto key = [&](lts::LabelId a, StateId to) { return std::uint64_t{a} << 32 | cls[to]; };
  auto is_bottom = [&](StateId s) {
    bool bottom = true;
    if constexpr (Graph::tau_can_be_inert) g.steps(s, [&](lts::LabelId a, StateId to) { bottom &= !inert(s, a, to); });
    return bottom;
  };
  // s's non-inert steps, unsorted, in scratch; whether s is bottom.
  auto own_steps = [&](StateId s, std::vector<std::uint64_t>& scratch) {
    scratch.clear();
    bool bottom = true;
    g.steps(s, [&](lts::LabelId a, StateId to) {
      if (inert(s, a, to)) bottom = false;
      else scratch.push_back(key(a, to));
    });
    return bottom;
  };
  auto sort_unique = [](std::vector<std::uint64_t>& steps) {
    std::sort(steps.begin(), steps.end());
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  };
  // S_C from the first bottom state of each class. On two threads for
  // large graphs, as are the checks below (40% off on the register, 5
  // threads forever): each half of the
  // states finds its first bottom state per class, the lower half's wins;
  // each half of the classes lists its S_C in vectors of its own.
  constexpr auto unset = static_cast<StateId>(-1);
  const bool parallel = lts::use_two_threads(g.num_transitions());
  std::vector<StateId> reference(num_classes, unset), upper(parallel ? num_classes : 0, unset);
  auto find_references = [&](int part, std::size_t begin, std::size_t end) {
    std::vector<StateId>& found = part == 0 ? reference : upper;
    for (auto s = static_cast<StateId>(begin); s < end; ++s)
      if (found[cls[s]] == unset && checked(cls[s]) && is_bottom(s)) found[cls[s]] = s;
  };
  if (parallel) {
    lts::on_two_threads(n / 2, n, find_references);
    for (std::uint32_t c = 0; c < num_classes; ++c)
      if (reference[c] == unset) reference[c] = upper[c];
    std::vector<StateId>().swap(upper);
  } else {
    find_references(0, 0, n);
  }
  // S_C of class c: steps[part][first[c], last[c]), sorted; or, when
  // last[c] is `held`, the set wide[part][first[c]].
  constexpr auto held = static_cast<std::size_t>(-1);
  const std::uint32_t half = parallel ? num_classes / 2 : num_classes;
  std::vector<std::uint64_t> steps[2];
  std::vector<WideStepSet> wide[2];
  std::vector<std::size_t> first(num_classes, 0), last(num_classes, 0);
  auto reference_steps = [&](int part, std::size_t begin, std::size_t end) {
    std::vector<std::uint64_t> own;
    for (auto c = static_cast<std::uint32_t>(begin); c < end; ++c) {
      if (reference[c] == unset) continue;
      own_steps(reference[c], own);
      if (own.size() > listed_up_to) {
        first[c] = wide[part].size();
        last[c] = held;
        // Bits only when they take no more room than the list would.
        wide[part].emplace_back().assign(own, num_classes, own.size() * sizeof(std::uint64_t));
        continue;
      }
      sort_unique(own);
      first[c] = steps[part].size();
      steps[part].insert(steps[part].end(), own.begin(), own.end());
      last[c] = steps[part].size();
    }
  };
  if (parallel) lts::on_two_threads(half, num_classes, reference_steps);
  else reference_steps(0, 0, num_classes);
  // Every state against its class's S_C: independent checks, each half
  // stopping soon after either finds a difference. A bottom state's
  // distinct steps must be S_C, another state's must lie in it.
  std::atomic<bool> stable = true;
  auto check = [&](int, std::size_t begin, std::size_t end) {
    std::vector<std::uint64_t> own;
    for (auto s = static_cast<StateId>(begin); s < end; ++s) {
      const std::uint32_t c = cls[s];
      if (!checked(c)) continue;
      if (reference[c] == unset) return stable.store(false);  // a class without bottom states: not tau-acyclic
      if (s == reference[c]) continue;
      const int part = c < half ? 0 : 1;
      const bool bottom = own_steps(s, own);
      if (bottom) sort_unique(own);
      bool agrees;
      if (last[c] == held) {
        const WideStepSet& set = wide[part][first[c]];
        agrees = (!bottom || own.size() == set.size()) &&
                 std::all_of(own.begin(), own.end(), [&](std::uint64_t x) { return set.contains(x); });
      } else {
        const auto from = steps[part].begin() + static_cast<std::ptrdiff_t>(first[c]);
        const auto to = steps[part].begin() + static_cast<std::ptrdiff_t>(last[c]);
        agrees = bottom ? std::equal(own.begin(), own.end(), from, to)
                        : std::all_of(own.begin(), own.end(),
                                      [&](std::uint64_t x) { return std::binary_search(from, to, x); });
      }
      if (!agrees) return stable.store(false);
      if ((s & 0xFFFF) == 0 && !stable.load(std::memory_order_relaxed)) return;
    }
  };
  if (parallel) lts::on_two_threads(n / 2, n, check);
  else check(0, 0, n);
  return stable;
}

}  // namespace bisim::signatures
