#pragma once
// The antichain of explored product states (De Wulf, Doyen, Henzinger &
// Raskin, "Antichains: a new algorithm for checking universality of finite
// automata", CAV 2006; for refinement checking, Laveaux, Groote & Willemse,
// "Correct and efficient antichain algorithms for refinement checking",
// LMCS 2021, whose weak-trace algorithm this follows): for each IMPL state,
// the ⊆-minimal SPEC subsets it has been explored with. A pair (s, S) is
// redundant when some (s, S') with S' ⊆ S has been explored: every trace
// that leads from (s, S) to a refusal leads from (s, S') to one too, no later.
//
// Laveaux et al. found soundness problems in earlier antichain algorithms.
// Here, under breadth-first search with counterexamples: the refusal check
// is made on every pair explored, and an element that a smaller subset
// displaces leaves the antichain only; it stays in the search queue, so no
// pair is ever dropped that was discovered earlier than the pair that covers
// it, and the first refusal found is still a shortest one.
#include <cstdint>
#include <vector>

#include "refine/inclusion/determinised_spec.hpp"
#include "refine/inclusion/flat_map.hpp"

namespace refine {

class Antichain {
 public:
  // `enabled` false turns pruning off: only exact repeats are recognised
  // (the plain subset construction, kept for benchmarks and tests).
  Antichain(lts::StateId impl_states, bool enabled) : enabled_(enabled), first_(enabled ? impl_states : 0, none) {}

  // Adds (s, S) unless it is covered; returns whether it was added.
  bool insert(lts::StateId s, SubsetId subset, const DeterminisedSpec& spec);
  // Elements currently held (for statistics).
  std::size_t size() const { return enabled_ ? held_ : seen_.size(); }

 private:
  static constexpr std::uint32_t none = static_cast<std::uint32_t>(-1);
  // The elements of one IMPL state form a linked list through entries_:
  // 4 bytes per IMPL state and 8 per element, no allocation per state.
  struct Entry {
    SubsetId subset;
    std::uint32_t next;
  };
  bool enabled_;
  std::vector<std::uint32_t> first_;
  std::vector<Entry> entries_;
  std::uint32_t free_ = none;  // entries displaced, for reuse
  std::size_t held_ = 0;
  FlatMap seen_;
};

}  // namespace refine
