#pragma once
// A refinable partition of the states 0..n-1 (Valmari & Lehtinen, "Efficient
// minimization of DFAs with partial transition functions", STACS 2008,
// Section 2; after Knuutila 2001): every block is a contiguous range of one
// permutation array, so marking a state and splitting off the marked states
// cost O(1) per marked state, whatever the size of the block.
#include <cstdint>
#include <span>
#include <vector>

#include "lts/lts.hpp"

namespace bisim {

using BlockId = std::uint32_t;
inline constexpr BlockId no_block = static_cast<BlockId>(-1);

class StatePartition {
 public:
  // One block holding every state.
  explicit StatePartition(lts::StateId num_states);
  // The blocks 0 .. count-1 of a given partition (block_of[s] < count, every
  // block non-empty); block_of becomes the partition's own (pass it moved
  // to save the copy).
  StatePartition(std::vector<BlockId> block_of, BlockId count);

  BlockId block_of(lts::StateId s) const { return block_[s]; }
  const std::vector<BlockId>& blocks() const { return block_; }  // block_of for every state
  BlockId num_blocks() const { return static_cast<BlockId>(blocks_.size()); }
  std::uint32_t size(BlockId b) const { return blocks_[b].end - blocks_[b].begin; }
  std::span<const lts::StateId> states(BlockId b) const {
    return {elems_.data() + blocks_[b].begin, elems_.data() + blocks_[b].end};
  }
  // A number kept with each block for its user, which a block split off
  // another inherits (Paige & Tarjan's compound: one record per block
  // instead of one more array).
  std::uint32_t tag(BlockId b) const { return blocks_[b].tag; }
  void set_tag(BlockId b, std::uint32_t tag) { blocks_[b].tag = tag; }

  // Marks s for the next split; marking twice is harmless.
  void mark(lts::StateId s);
  // Starts fetching what mark(s) reads first (for loops that mark many
  // states at random).
  void prefetch(lts::StateId s) const {
    __builtin_prefetch(&position_[s]);
    __builtin_prefetch(&block_[s]);
  }
  // Splits every block that has both marked and unmarked states: the marked
  // ones move to a new block, and new_block(old, created) is called. Clears
  // all marks.
  template <class OnSplit>
  void split_marked(OnSplit&& new_block) {
    for (BlockId b : touched_) {
      const BlockId created = split_one(b);
      if (created != no_block) new_block(b, created);
    }
    touched_.clear();
  }

 private:
  // Splits the marked states of b off into a new block and returns its id,
  // or no_block when b is wholly marked (then only its marks are cleared).
  BlockId split_one(BlockId b);
  void reserve_blocks();

  std::vector<lts::StateId> elems_;      // states, block by block
  std::vector<std::uint32_t> position_;  // position_[s]: index of s in elems_
  std::vector<BlockId> block_;           // block_[s]
  // A block: elems_[begin, end), its marked states first, up to
  // marked_end, and its tag. One record per block, so that marking reads
  // one cache line for it, not three (16 bytes: never two).
  struct Block {
    std::uint32_t begin, end, marked_end, tag;
  };
  std::vector<Block> blocks_;
  std::vector<BlockId> touched_;  // blocks with at least one mark
};

}  // namespace bisim
