#pragma once
// The coarsest strong, branching or divergence-sensitive branching
// bisimulation of an LTS spread over MPI ranks, by signature refinement
// (Blom, Orzan, "Distributed branching bisimulation reduction of state
// spaces", PDMC 2003; "Distributed state space minimization", STTT 7(3),
// 2005). A round computes every state's signature under the current
// partition and splits each block by it:
//   strong:    sig(s) = {(a, B(t)) | s -a-> t};
//   branching: sig(s) = {(a, B(t)) | s -tau->* s' -a-> t, every tau-step
//              inert (inside B(s)), and not (a = tau and B(t) = B(s))},
//              the closure over inert tau-steps found as a least fixpoint
//              (sig(s) = own steps united with sig(t) of each inert
//              tau-successor t), which also holds on tau-cycles, so no
//              contraction is needed (inert_closure.hpp: a worklist per
//              rank, an exchange only while values change);
//   divbranching: the same and one bit, whether s has an infinite path of
//              inert tau-steps (a greatest fixpoint: s keeps the bit while
//              some inert tau-successor has it), as in the seed paper's
//              Definition 4.2 (Yang, Katoen, Lin, Wu).
// The new block of s is the number of (B(s), bit, sig(s)), numbered at the
// rank its hash names (one all-to-all there and back per round) and made
// global by an MPI_Exscan of the counts. Rounds end when no block splits.
#include <cstdint>
#include <functional>
#include <vector>

#include <mpi.h>

#include "bisim/equivalence.hpp"
#include "distributed/lts_part.hpp"

namespace distributed {

struct DistributedPartition {
  std::vector<std::uint32_t> block;   // of each local state
  std::vector<std::uint8_t> divergent;  // divbranching: of each local state
  std::uint64_t num_blocks = 0;       // over all ranks
  std::uint32_t rounds = 0;
};

struct RoundProgress {
  std::uint32_t round = 0;
  std::uint64_t blocks = 0;
  double seconds = 0;
};

// Collective. `e` is strong, branching or divbranching. on_round (when
// given) is called on every rank after each round.
DistributedPartition refine(MPI_Comm comm, const LtsPart& part, bisim::Equivalence e,
                            const std::function<void(const RoundProgress&)>& on_round = {});

}  // namespace distributed
