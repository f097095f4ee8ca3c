#pragma once
// The specification side of weak trace inclusion: SPEC determinised on the
// fly by the subset construction over tau-closures (Rabin & Scott 1959;
// as used for trace refinement by De Wulf, Doyen, Henzinger & Raskin,
// CAV 2006, and Laveaux, Groote & Willemse, LMCS 2021).
//
// A subset is stored as the sorted list of the states of its tau-closure that
// have at least one visible outgoing transition: the other states cannot
// contribute to any visible step, so dropping them changes no verdict and
// makes more subsets equal or comparable. The empty subset is valid: a SPEC
// that can do no visible action any more.
#include <cstdint>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "lts/lts.hpp"
#include "refine/inclusion/flat_map.hpp"

namespace refine {

using SubsetId = std::uint32_t;
inline constexpr SubsetId refused = static_cast<SubsetId>(-1);

class DeterminisedSpec {
 public:
  explicit DeterminisedSpec(const lts::Lts& spec);

  // The subset reached by the empty trace.
  SubsetId initial() const { return initial_; }
  // The subset after the visible action `label` (a SPEC label id), or
  // `refused` when no state of `subset` can do it. Results are cached.
  SubsetId after(SubsetId subset, lts::LabelId label);

  std::span<const lts::StateId> states(SubsetId s) const {
    return {pool_.data() + offsets_[s], pool_.data() + offsets_[s + 1]};
  }
  // A 64-bit summary with states(a) ⊆ states(b) ⇒ (signature(a) & ~signature(b)) == 0.
  std::uint64_t signature(SubsetId s) const { return signatures_[s]; }
  // Whether states(a) ⊆ states(b).
  bool included(SubsetId a, SubsetId b) const;
  std::size_t size() const { return signatures_.size(); }
  // The visible SPEC labels some state of `subset` can do, sorted by id.
  std::vector<lts::LabelId> enabled(SubsetId subset) const;

 private:
  SubsetId close_and_intern(std::vector<lts::StateId>& seeds);
  SubsetId intern(const std::vector<lts::StateId>& sorted);

  // Visible transitions sorted by (from, label), in CSR form by source.
  std::vector<std::uint32_t> visible_offsets_;
  std::vector<lts::Transition> visible_;
  // Tau successors in CSR form.
  std::vector<std::uint32_t> tau_offsets_;
  std::vector<lts::StateId> tau_targets_;
  // Interned subsets: flat pool, offsets, signatures, hash index.
  std::vector<lts::StateId> pool_;
  std::vector<std::uint64_t> offsets_{0};
  std::vector<std::uint64_t> signatures_;
  std::unordered_multimap<std::uint64_t, SubsetId> by_hash_;
  FlatMap after_cache_;  // (subset << 32 | label) -> subset or refused
  // Scratch for closures: visit marks by generation.
  std::vector<std::uint32_t> mark_;
  std::uint32_t generation_ = 0;
  SubsetId initial_ = 0;
};

}  // namespace refine
