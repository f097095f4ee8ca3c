#pragma once
// The two fixpoints over inert tau-steps of a round of distributed
// branching signature refinement (signature_refinement.hpp; Blom, Orzan,
// STTT 7(3), 2005, Sec. 4), computed by chaotic iteration with a worklist
// on each rank (the semi-naive evaluation of a monotone system of
// equations): a state is recomputed only when an inert tau-successor of it
// changed, a rank runs to its local fixpoint before it exchanges, and an
// exchange sends only the values that changed since the last one. On one
// rank that is one pass; across ranks, about one exchange per crossing of
// a rank boundary along the longest changing inert path. Both fixpoints
// are unique, so the order of evaluation does not change the result.
#include <cstdint>
#include <vector>

#include <mpi.h>

#include "distributed/all_to_all.hpp"
#include "distributed/lts_part.hpp"

namespace distributed {

// A round's inert tau-steps: the successors of each local state as value
// slots (Ghosts::slot), and the local predecessors of each slot.
struct InertSteps {
  std::vector<std::uint64_t> first;       // successors of local i: succ[first[i], first[i+1])
  std::vector<std::uint32_t> succ;
  std::vector<std::uint64_t> pred_first;  // over local_count + ghost_count slots
  std::vector<std::uint32_t> pred;

  // is_inert(k) for transition k of the part, slot_of(k) its target's slot.
  template <typename IsInert, typename SlotOf>
  InertSteps(const LtsPart& part, std::uint32_t slots, IsInert is_inert, SlotOf slot_of) {
    first.assign(part.local_count() + 1, 0);
    for (std::uint32_t i = 0; i < part.local_count(); ++i) {
      for (std::uint64_t k = part.first[i]; k < part.first[i + 1]; ++k)
        if (is_inert(k, i)) succ.push_back(slot_of(k));
      first[i + 1] = succ.size();
    }
    link_predecessors(slots);
  }

 private:
  void link_predecessors(std::uint32_t slots);
};

// The least fixpoint sig(s) = sig(s) united with sig(t) for each inert
// tau-successor t, starting from each state's own steps (sets of (label,
// block) pairs, flattened and sorted). sigs holds the local states'; it
// comes back with local_count entries. Collective.
void close_over_inert_steps(MPI_Comm comm, const Ghosts& ghosts, const InertSteps& steps, std::vector<Words>& sigs);

// The greatest fixpoint: a state is divergent while some inert
// tau-successor is (an infinite inert path). Collective.
std::vector<std::uint8_t> inert_divergence(MPI_Comm comm, const Ghosts& ghosts, const InertSteps& steps,
                                           std::uint32_t local_count);

// (label, block) pairs, flattened: sorted and without repeats.
void normalise_pairs(Words& pairs);

}  // namespace distributed
