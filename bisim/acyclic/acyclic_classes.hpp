#pragma once
// Strong and branching bisimulation in one pass when the LTS has no cycles
// but self-loops: every state is classified after its successors, once.
//
// On a well-founded graph bisimilarity can be decided bottom-up, states
// being compared only with states already classified (Dovier, Piazza &
// Policriti, "An efficient algorithm for computing bisimulation
// equivalence", TCS 311, 2004, Sections 3-4: linear time for acyclic
// graphs). This is the common case after tau-SCC contraction: gen's models
// run a bounded number of operations, so their state spaces are acyclic up
// to tau-loops, and the families that make signature refinement need a
// round per state (lines, chains) are acyclic too; partition refinement
// then takes log n passes where this takes one.
//
// Classes are sets of steps (label, class of target) read in reverse
// topological order. A step into the state's own class can only come from
// a self-loop or from a step into the class the state joins, so such steps
// are written as (label, self) in every key, which makes keys compare
// exactly. For branching bisimulation (van Glabbeek & Weijland, J. ACM
// 43(3), 1996; signatures as in Blom & Orzan, PDMC 2003) a state s with a
// tau-step into class D belongs to D exactly when every step of s, with the
// tau-steps into D left out as inert, is in D's key (D's members then
// simulate s after that inert step, and s simulates them through it); a
// state that joins no such D is a bottom state of its class, whose key is
// its own steps.
#include <cstdint>
#include <optional>
#include <vector>

#include "bisim/equivalence.hpp"
#include "bisim/partition.hpp"
#include "lts/lts.hpp"
#include "lts/source_order.hpp"

namespace bisim {

// The states in an order where each comes after all its successors but
// itself, when the only cycles are self-loops (the "scc" phase of a run:
// it is the search for cycles). Needs the transitions listed by source.
class SuccessorsFirst {
 public:
  // std::nullopt when there is a cycle through two or more states, or the
  // transitions are not listed by source.
  static std::optional<SuccessorsFirst> of(const lts::Lts& lts);
  lts::StateId at(lts::StateId k) const {
    switch (kind_) {
      case Kind::ascending: return k;
      case Kind::descending: return n_ - 1 - k;
      case Kind::computed: break;
    }
    return order_[k];
  }
  const lts::SourceRuns& runs() const { return runs_; }

 private:
  enum class Kind { ascending, descending, computed };
  explicit SuccessorsFirst(const lts::Lts& lts) : runs_(lts), n_(lts.num_states) {}
  lts::SourceRuns runs_;
  Kind kind_ = Kind::ascending;
  lts::StateId n_;
  std::vector<lts::StateId> order_;
};

// The coarsest bisimulation of kind `e` (strong, branching or
// divbranching) of `lts`, blocks numbered by smallest state, given the
// order above; std::nullopt when states with many steps into many classes
// would make the candidate tests cost more than a few passes over the
// transitions. Under the branching kinds tau self-loops are inert; under
// divbranching they are the divergences (the only tau-cycles there are), as
// a step of their own.
std::optional<Partition> acyclic_partition(const lts::Lts& lts, const SuccessorsFirst& order, Equivalence e);
// Both steps at once.
std::optional<Partition> acyclic_partition(const lts::Lts& lts, Equivalence e);

}  // namespace bisim
