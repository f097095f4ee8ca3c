#pragma once
// Paige & Tarjan's partition X of compound splitters (SIAM J. Comput. 16(6),
// 1987, Section 3): every compound is a union of blocks of the state
// partition, and the blocks are stable with respect to every compound. A
// compound of two or more blocks still has to be used for splitting; taking
// out the smaller of two of its blocks makes each state take part in a
// splitter at most log2(n) times, hence O(m log n) overall.
//
// A compound's blocks form a list, newest first, and the block taken out is
// the smaller of the first two: one link a block suffices, and a block's
// compound is its tag in the state partition, which a block split off
// inherits (ring of 10^7 states, strong: 24 bytes a block with the block
// records, against 36 with two links and an array of compounds). Taking
// the ends of a compound kept as one range of states instead scanned 43%
// more transitions on RDCSS (the newest blocks are the small ones).
#include <cstdint>
#include <vector>

#include "bisim/strong/state_partition.hpp"

namespace bisim {

class CompoundSplitters {
 public:
  // One compound of all blocks of `partition` (tagged with it). Room for a
  // block and a compound per state is reserved, so growing never copies
  // (pages are touched only as they are made).
  explicit CompoundSplitters(StatePartition& partition);
  // `created` was split off `from` and carries its tag: it joins that
  // compound.
  void add_block(BlockId from, BlockId created);
  // A compound of two or more blocks, or false when all are simple.
  bool next_compound(std::uint32_t& compound);
  // Removes the smaller of the first two blocks of `compound` (which has two
  // or more) and makes it a compound of its own; returns that block.
  BlockId take_smaller_block(std::uint32_t compound);

 private:
  bool is_simple(std::uint32_t compound) const {
    return first_[compound] == no_block || next_[first_[compound]] == no_block;
  }
  void link(BlockId b, std::uint32_t compound);

  StatePartition& partition_;
  std::vector<BlockId> next_;   // per block: the next in its compound's list
  std::vector<BlockId> first_;  // per compound: the first block of its list
  std::vector<bool> queued_;
  std::vector<std::uint32_t> queue_;  // compounds that may have two or more blocks
};

}  // namespace bisim
