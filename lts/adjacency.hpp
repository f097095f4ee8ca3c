#pragma once
// Compressed (CSR) views of an Lts's transitions by source or by target,
// built on demand by the algorithm that needs one. Each view is an index
// into Lts::transitions, so it costs 4 bytes per transition plus 4 per state.
#include <cstdint>
#include <span>
#include <vector>

#include "lts/lts.hpp"

namespace lts {

enum class Direction { forward, backward };
enum class Which { all, tau_only };

class Adjacency {
 public:
  Adjacency(const Lts& lts, Direction direction, Which which = Which::all);

  // Indices into Lts::transitions of the transitions leaving (forward) or
  // entering (backward) state s, in their original order.
  std::span<const std::uint32_t> of(StateId s) const {
    return {edges_.data() + offsets_[s], edges_.data() + offsets_[s + 1]};
  }
  std::size_t degree(StateId s) const { return offsets_[s + 1] - offsets_[s]; }

 private:
  std::vector<std::uint32_t> offsets_;
  std::vector<std::uint32_t> edges_;
};

// Only the targets of the transitions leaving each state: what graph
// searches need. Reading a target straight from here, rather than through
// an index into Lts::transitions, saves a cache miss per edge on large LTSs.
class Successors {
 public:
  explicit Successors(const Lts& lts, Which which = Which::all);

  std::span<const StateId> of(StateId s) const {
    return {targets_.data() + offsets_[s], targets_.data() + offsets_[s + 1]};
  }
  // Starts fetching where of(s) begins, for searches that know ahead which
  // states they will visit.
  void prefetch(StateId s) const { __builtin_prefetch(&offsets_[s]); }

 private:
  std::vector<std::uint32_t> offsets_;
  std::vector<StateId> targets_;
};

}  // namespace lts
