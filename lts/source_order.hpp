#pragma once
// Transitions listed by source state, as gen, mCRL2 and CADP write them:
// then a state's steps are one run of Lts::transitions, so the phases of
// `quotient` read them in sequence, with offsets as the whole out-view
// (random files from other tools may list them in any order).
#include <cstdint>
#include <vector>

#include "lts/lts.hpp"

namespace lts {

// Whether every transition's source is at least the previous one's.
bool listed_by_source(const std::vector<Transition>& transitions);

// Puts the transitions in order of source, keeping the order among those
// of one state (a stable radix sort in two passes, O(n + m); its copy is
// released before returning). Does nothing when they are so already.
void list_by_source(Lts& lts);
// The same with buckets of 2^bucket_bits states in the first pass (the
// tests use small buckets to exercise both passes on small LTSs).
void list_by_source(Lts& lts, unsigned bucket_bits);

// For transitions listed by source: where each state's run starts, so that
// the steps of s are transitions[first(s)] .. transitions[first(s + 1) - 1]
// (4 bytes per state; no copy of the transitions).
class SourceRuns {
 public:
  explicit SourceRuns(const Lts& lts);
  std::uint32_t first(StateId s) const { return first_[s]; }
  std::uint32_t end(StateId s) const { return first_[s + 1]; }
  // Starts fetching where the run of s begins.
  void prefetch(StateId s) const { __builtin_prefetch(&first_[s]); }

 private:
  std::vector<std::uint32_t> first_;
};

}  // namespace lts
