#pragma once
// The one way every producer (gen, quotient construction, the disjoint union
// of two LTSs) assembles an Lts: intern labels, append transitions, fix the
// state count.
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "lts/chunked_vector.hpp"
#include "lts/lts.hpp"

namespace lts {

class LtsBuilder {
 public:
  LtsBuilder() = default;
  // The most transitions a chunk holds; tests make it small.
  explicit LtsBuilder(std::size_t chunk_size)
      : arcs_(chunk_size * sizeof(Transition) / sizeof(Arc)), transitions_(chunk_size) {}
  // Labels named like tau are not recognised here; pass lts::tau explicitly.
  LabelId label(std::string_view name) { return lts_.labels.intern(name); }
  const LabelTable& labels() const { return lts_.labels; }
  // The number of transitions to come, when known: they are then stored in
  // one array from the start, which finish() hands over without a copy.
  void reserve(std::size_t transitions);
  void add_transition(StateId from, LabelId label, StateId to);
  void set_initial(StateId s);
  // Grows the state count to at least n (states are 0..n-1).
  void ensure_states(StateId n);
  std::size_t num_transitions() const { return count_; }
  // The bytes the transitions added so far take.
  std::size_t memory() const;
  Lts finish() &&;

 private:
  // A transition without its source, while the sources come in order.
  struct Arc {
    LabelId label;
    StateId to;
  };
  void count_source(StateId from);
  template <typename Emit>
  void drain_arcs(Emit emit);
  void switch_to_transitions();

  // Transitions are appended to chunks (chunked_vector.hpp), never moved
  // while the LTS grows.
  //
  // While the sources come in nondecreasing order (gen adds each state's
  // transitions in state order) a transition is an 8-byte Arc, and its
  // source a count per state: a byte, with the rare counts above 255 in
  // `more_arcs_`. That is two thirds of the memory of full transitions. The
  // first transition out of order turns the arcs into full transitions.
  bool in_order_ = true;
  ChunkedVector<Arc> arcs_{ChunkedVector<Transition>::default_largest * sizeof(Transition) / sizeof(Arc)};
  std::vector<std::uint8_t> arcs_of_;                       // per source state, up to 255
  std::vector<std::pair<StateId, std::size_t>> more_arcs_;  // (source, arcs beyond 255), by source
  ChunkedVector<Transition> transitions_;                   // once not in order
  std::size_t count_ = 0;
  Lts lts_;
};

}  // namespace lts
