#pragma once
// The one way every producer (gen, quotient construction, the disjoint union
// of two LTSs) assembles an Lts: intern labels, append transitions, fix the
// state count.
#include <string_view>
#include <vector>

#include "lts/lts.hpp"

namespace lts {

class LtsBuilder {
 public:
  LtsBuilder() = default;
  // The most transitions a chunk holds; tests make it small.
  explicit LtsBuilder(std::size_t chunk_size) : chunk_size_(chunk_size) {}
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
  Lts finish() &&;

 private:
  // Transitions are appended to chunks, never moved while the LTS grows: a
  // doubling vector would hold the old and the new copy at once, twice the
  // memory of the transitions, which is most of gen's memory on a large
  // state space. finish() concatenates the chunks, freeing each once
  // copied. Chunks double from 1024 transitions up to 48 MiB: above glibc's
  // largest mmap threshold (32 MiB), so a freed large chunk goes back to
  // the system at once.
  std::size_t chunk_size_ = std::size_t{1} << 22;
  std::vector<std::vector<Transition>> chunks_;
  std::size_t count_ = 0;
  Lts lts_;
};

}  // namespace lts
