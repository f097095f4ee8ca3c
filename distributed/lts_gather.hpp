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

// names[l], keys[l]: this rank's label l (0 is tau). Collective; on rank 0
// the LTS, elsewhere an empty one.
lts::Lts gather_lts(MPI_Comm comm, const std::vector<std::string>& names, const std::vector<LabelKey>& keys,
                    std::vector<Arrow>&& arrows, std::uint32_t num_states);

}  // namespace distributed
