#pragma once
// What hash partitioning of a state space over R ranks would cost: the
// simulation behind docs/scaling.md. States are given to ranks by a hash of
// their id, as a distributed explorer (Stern and Dill, CAV 1997; LTSmin;
// DiVinE) gives them by a hash of their state vector; a transition whose
// ends have different owners is a message.
#include <cstdint>
#include <vector>

#include "lts/lts.hpp"

namespace bench_scale {

// The owner of `state` among `ranks` ranks: a splitmix64 hash of the id,
// reduced modulo ranks. Distinct ids behave as independent uniform draws,
// which is what a good hash of distinct state vectors gives.
unsigned owner(lts::StateId state, unsigned ranks);

struct PartitionStats {
  unsigned ranks = 1;
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  std::uint64_t self_loops = 0;          // never cross, whatever R
  std::uint64_t cross = 0;               // transitions whose ends have different owners
  std::uint64_t max_rank_states = 0;     // states of the fullest rank
  std::uint64_t max_rank_cross_out = 0;  // cross transitions leaving the busiest sender
  std::uint64_t max_rank_cross_in = 0;   // cross transitions arriving at the busiest receiver

  double cross_share() const { return transitions ? double(cross) / double(transitions) : 0; }
  // The fullest rank against the mean: 1 is perfect balance.
  double imbalance() const { return states ? double(max_rank_states) * ranks / double(states) : 1; }
};

// Partitions the states 0..num_states-1 of `lts` into `ranks` parts by owner().
PartitionStats partition(const lts::Lts& lts, unsigned ranks);

// The number of breadth-first levels from the initial state (1 for a lone
// state): the rounds of a level-synchronous distributed exploration.
std::uint32_t bfs_levels(const lts::Lts& lts);

}  // namespace bench_scale
