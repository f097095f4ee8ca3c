#pragma once
// The LTS assembled on rank 0 from every rank's part (docs/scaling.md,
// "Labels" and "Output"). Each rank interns labels locally and knows, per
// label, the key of its first request: (-1, k) for the k-th label of the
// init block, else (global id of the state, k-th new label of that state's
// expansion). The single-process gen interns labels in that order, so
// sorting the gathered names by their smallest key gives its label ids, and
// with them its order of each state's transitions (label id, then target).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <mpi.h>

#include "distributed/lts_part.hpp"
#include "lts/lts.hpp"

namespace distributed {

struct LabelKey {
  std::int64_t state = -1;  // -1: the init block
  std::uint32_t index = 0;
  bool operator<(const LabelKey& o) const { return std::pair(state, index) < std::pair(o.state, o.index); }
};

// A transition as its target's owner holds it: the label is the sender's
// (sender << 24 | sender's label id), the target already a global id.
struct Arrow {
  std::uint32_t source, label, target;
};

// On rank 0: the labels in gen's order, and for each rank its local label
// ids' global ids (names[l], keys[l]: this rank's label l, 0 is tau).
// Collective; empty on the other ranks.
struct GlobalLabels {
  lts::LabelTable table;
  std::vector<std::vector<lts::LabelId>> of_rank;
};
GlobalLabels global_labels(MPI_Comm comm, const std::vector<std::string>& names, const std::vector<LabelKey>& keys);

// Collective; on rank 0 the LTS, elsewhere an empty one.
lts::Lts gather_lts(MPI_Comm comm, const std::vector<std::string>& names, const std::vector<LabelKey>& keys,
                    std::vector<Arrow>&& arrows, std::uint32_t num_states);

// The same LTS left spread over the ranks for the distributed reduction:
// each rank gets its share (lts_part.hpp: the states s with s mod R =
// rank, their transitions without repeats), rank 0 also the label table.
struct SharedLts {
  LtsPart part;
  lts::LabelTable labels;  // rank 0's; elsewhere only tau
};
SharedLts share_lts(MPI_Comm comm, const std::vector<std::string>& names, const std::vector<LabelKey>& keys,
                    std::vector<Arrow>&& arrows, std::uint32_t num_states);

}  // namespace distributed
