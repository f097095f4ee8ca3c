#pragma once
// The result of partition refinement: a block number for every state.
#include <cstdint>
#include <vector>

#include "lts/lts.hpp"

namespace bisim {

struct Partition {
  std::vector<std::uint32_t> block;  // block[s] for every state s
  std::uint32_t num_blocks = 0;      // blocks are 0..num_blocks-1
};

}  // namespace bisim
