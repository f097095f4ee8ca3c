#include "bisim/strong/state_partition.hpp"

#include <numeric>
#include <utility>

namespace bisim {

StatePartition::StatePartition(lts::StateId num_states)
    : elems_(num_states), position_(num_states), block_(num_states, 0) {
  reserve_blocks();
  std::iota(elems_.begin(), elems_.end(), 0);
  std::iota(position_.begin(), position_.end(), 0);
  if (num_states == 0) return;
  blocks_.push_back({0, num_states, 0, 0});
}

StatePartition::StatePartition(std::vector<BlockId> block_of, BlockId count)
    : elems_(block_of.size()), position_(block_of.size()), block_(std::move(block_of)) {
  reserve_blocks();
  // A counting sort of the states by block.
  blocks_.assign(count, Block{0, 0, 0, 0});
  for (const BlockId b : block_) ++blocks_[b].end;
  std::uint32_t at = 0;
  for (Block& b : blocks_) {
    b.begin = b.marked_end = at;
    at += b.end;
    b.end = b.begin;
  }
  for (lts::StateId s = 0; s < block_.size(); ++s) {
    const std::uint32_t i = blocks_[block_[s]].end++;
    elems_[i] = s;
    position_[s] = i;
  }
}

// At most one block per state: reserving that much address space up front
// (pages are touched only as blocks are made) spares the copies of growing
// (with CompoundSplitters doing the same, a seventh off the refinement of
// a ring under strong).
void StatePartition::reserve_blocks() {
  const std::size_t n = block_.size();
  blocks_.reserve(n);
  touched_.reserve(n);
}

void StatePartition::mark(lts::StateId s) {
  const BlockId b = block_[s];
  Block& block = blocks_[b];
  const std::uint32_t i = position_[s];
  if (i < block.marked_end) return;  // already marked
  // Swap s with the first unmarked state of its block.
  const std::uint32_t j = block.marked_end++;
  const lts::StateId other = elems_[j];
  std::swap(elems_[i], elems_[j]);
  position_[other] = i;
  position_[s] = j;
  if (j == block.begin) touched_.push_back(b);
}

BlockId StatePartition::split_one(BlockId b) {
  const std::uint32_t first = blocks_[b].begin, mid = blocks_[b].marked_end;
  blocks_[b].marked_end = first;
  if (mid == blocks_[b].end) return no_block;
  const BlockId created = num_blocks();
  blocks_.push_back({first, mid, first, blocks_[b].tag});  // no reallocation: reserved
  blocks_[b].begin = blocks_[b].marked_end = mid;
  for (std::uint32_t i = first; i < mid; ++i) block_[elems_[i]] = created;
  return created;
}

}  // namespace bisim
