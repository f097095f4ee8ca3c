#pragma once
// One rank's share of an LTS for the distributed reduction (docs/scaling.md,
// "Reduction"): the states s with s mod R = rank, at local index s div R,
// each with its outgoing transitions (label, global target), and the ghost
// tables through which a rank learns values of the remote targets it needs.
#include <cstdint>
#include <vector>

#include <mpi.h>

#include "distributed/all_to_all.hpp"
#include "lts/lts.hpp"

namespace distributed {

struct LtsPart {
  int rank = 0, ranks = 1;
  lts::StateId num_states = 1, initial = 0;  // of the whole LTS
  // Outgoing transitions of local state i: [first[i], first[i+1]).
  std::vector<std::uint64_t> first;
  std::vector<lts::LabelId> label;
  std::vector<lts::StateId> target;  // global ids

  std::uint32_t local_count() const { return static_cast<std::uint32_t>(first.size() - 1); }
  int owner(lts::StateId s) const { return static_cast<int>(s % static_cast<std::uint32_t>(ranks)); }
  std::uint32_t local(lts::StateId s) const { return s / static_cast<std::uint32_t>(ranks); }
  lts::StateId global(std::uint32_t i) const { return i * static_cast<std::uint32_t>(ranks) + rank; }
};

// This rank's share of `lts` (which every rank holds alike).
LtsPart part_of(const lts::Lts& lts, int rank, int ranks);
// The share made of `transitions`, whose sources this rank owns (kept in
// their order per state).
LtsPart part_from_transitions(const std::vector<lts::Transition>& transitions, int rank, int ranks,
                              lts::StateId num_states, lts::StateId initial);

// Values of remote states: set up once with the remote states a rank
// reads (each owner learns whom to serve), then each exchange sends every
// served state's current value. A target is read through slot(): a local
// state's own index, or local_count + its ghost position.
class Ghosts {
 public:
  // The ghosts of the targets of the transitions for which `wanted` holds.
  template <typename Wanted>
  Ghosts(MPI_Comm comm, const LtsPart& part, Wanted wanted) : comm_(comm), part_(&part) {
    std::vector<Words> requests(part.ranks);
    for (std::uint64_t k = 0; k < part.target.size(); ++k)
      if (wanted(k) && part.owner(part.target[k]) != part.rank) requests[part.owner(part.target[k])].push_back(part.target[k]);
    set_up(std::move(requests));
  }
  // Where the value of global state s is: index into a vector of
  // local_count() + ghost_count() values.
  std::uint32_t slot(lts::StateId s) const;
  std::uint32_t ghost_count() const { return static_cast<std::uint32_t>(ghost_ids_.size()); }
  // values[0, local_count) are this rank's; fills values[local_count, ...).
  void exchange(std::vector<std::uint32_t>& values) const;
  // The same for a word sequence per state (sets[slot]).
  void exchange(std::vector<Words>& sets) const;
  // Sends only the values of the served states i with changed[i] set;
  // returns the slots of the ghosts whose value arrived.
  std::vector<std::uint32_t> exchange_changed(std::vector<std::uint32_t>& values,
                                              const std::vector<std::uint8_t>& changed) const;
  std::vector<std::uint32_t> exchange_changed(std::vector<Words>& sets, const std::vector<std::uint8_t>& changed) const;

 private:
  void set_up(std::vector<Words> requests);
  template <typename Value, typename Append, typename Read>
  std::vector<std::uint32_t> send_changed(std::vector<Value>& values, const std::vector<std::uint8_t>& changed,
                                          Append append, Read read) const;
  MPI_Comm comm_;
  const LtsPart* part_;
  Words ghost_ids_;                 // sorted global ids of the ghosts, by owner then id
  std::vector<Words> serve_;        // serve_[r]: local indices whose values go to rank r, in r's order
  std::vector<std::uint32_t> from_;  // first ghost position of each owner's ghosts
};

}  // namespace distributed
