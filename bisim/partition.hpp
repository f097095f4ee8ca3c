#pragma once
// The result of partition refinement: a block number for every state.
#include <cstdint>
#include <string>
#include <vector>

#include "lts/lts.hpp"

namespace bisim {

struct Partition {
  std::vector<std::uint32_t> block;  // block[s] for every state s
  std::uint32_t num_blocks = 0;      // blocks are 0..num_blocks-1
  // How it was computed, one entry per stage in order ("3 hashed rounds:
  // 47 classes", ...), for `quotient -v`.
  std::vector<std::string> log;
};

// "1 class", "47 classes": for the logs.
inline std::string classes_text(std::uint64_t count) {
  return std::to_string(count) + (count == 1 ? " class" : " classes");
}

// The same blocks renumbered in the order of their smallest state, so that
// the numbering depends on the partition only (and comparing new ids
// compares smallest members). When given, number_of_block[b] receives the
// new id of old block b (-1 for an empty one). When `order` (a permutation
// of the states) is given, "smallest" means first in it.
inline Partition numbered_by_smallest_state(const std::vector<std::uint32_t>& block, std::uint32_t num_blocks,
                                            std::vector<std::uint32_t>* number_of_block = nullptr,
                                            const std::vector<lts::StateId>* order = nullptr) {
  constexpr auto unset = static_cast<std::uint32_t>(-1);
  std::vector<std::uint32_t> local;
  std::vector<std::uint32_t>& number = number_of_block ? *number_of_block : local;
  number.assign(num_blocks, unset);
  Partition p;
  p.block.resize(block.size());
  for (std::size_t k = 0; k < block.size(); ++k) {
    const std::size_t s = order ? (*order)[k] : k;
    std::uint32_t& id = number[block[s]];
    if (id == unset) id = p.num_blocks++;
    p.block[s] = id;
  }
  return p;
}

}  // namespace bisim
