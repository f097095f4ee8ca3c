#pragma once
// The in-memory labelled transition system shared by every part.
//
// Flat, index-based data: states are 0..num_states-1 with
// 32-bit ids, labels are interned with tau fixed at id 0, and transitions are
// one flat array of 12-byte (from, label, to) triples. Algorithms build the
// compressed views they need (lts/adjacency.hpp) instead of the LTS keeping
// pointers of its own.
#include <cstdint>
#include <vector>

#include "lts/label_table.hpp"

namespace lts {

using StateId = std::uint32_t;
inline constexpr StateId no_state = static_cast<StateId>(-1);  // "none", where a state may be absent

struct Transition {
  StateId from;
  LabelId label;
  StateId to;
  friend bool operator==(const Transition&, const Transition&) = default;
  friend auto operator<=>(const Transition&, const Transition&) = default;
};

struct Lts {
  StateId initial = 0;
  StateId num_states = 1;
  LabelTable labels;
  std::vector<Transition> transitions;

  std::size_t num_transitions() const { return transitions.size(); }
  bool is_tau(const Transition& t) const { return t.label == tau; }
};

}  // namespace lts
