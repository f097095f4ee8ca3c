#pragma once
// Paige & Tarjan's partition X of compound splitters (SIAM J. Comput. 16(6),
// 1987, Section 3): every compound is a union of blocks of the state
// partition, and the blocks are stable with respect to every compound. A
// compound of two or more blocks still has to be used for splitting; taking
// out the smaller of two of its blocks makes each state take part in a
// splitter at most log2(n) times, hence O(m log n) overall.
#include <cstdint>
#include <vector>

#include "bisim/state_partition.hpp"

namespace bisim {

class CompoundSplitters {
 public:
  // One compound holding block 0, room for `max_blocks` blocks (and as many
  // compounds) reserved, so that growing never copies.
  explicit CompoundSplitters(std::size_t max_blocks);

  // `created` was split off `from`: it joins the compound of `from`.
  void add_block(BlockId from, BlockId created);
  // A compound of two or more blocks, or false when all are simple.
  bool next_compound(std::uint32_t& compound);
  // Removes the smaller of the first two blocks of `compound` (which has two
  // or more) and makes it a compound of its own; returns that block.
  BlockId take_smaller_block(std::uint32_t compound, const StatePartition& partition);

 private:
  void unlink(BlockId b);
  void link(BlockId b, std::uint32_t compound);
  void queue_if_compound(std::uint32_t compound);

  // Per block: its compound and neighbours in the compound's list.
  std::vector<std::uint32_t> compound_of_;
  std::vector<BlockId> next_, prev_;
  // Per compound: first block and number of blocks.
  std::vector<BlockId> first_;
  std::vector<std::uint32_t> blocks_;
  std::vector<bool> queued_;
  std::vector<std::uint32_t> queue_;  // compounds that may have two or more blocks
};

}  // namespace bisim
