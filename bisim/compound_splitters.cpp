#include "bisim/compound_splitters.hpp"

namespace bisim {

CompoundSplitters::CompoundSplitters(std::size_t max_blocks)
    : compound_of_{0}, next_{no_block}, prev_{no_block}, first_{0}, blocks_{1}, queued_{false} {
  for (auto* v : {&compound_of_, &next_, &prev_, &first_, &blocks_, &queue_}) v->reserve(max_blocks);
  queued_.reserve(max_blocks);
}

void CompoundSplitters::link(BlockId b, std::uint32_t compound) {
  compound_of_[b] = compound;
  prev_[b] = no_block;
  next_[b] = first_[compound];
  if (next_[b] != no_block) prev_[next_[b]] = b;
  first_[compound] = b;
  ++blocks_[compound];
}

void CompoundSplitters::unlink(BlockId b) {
  const std::uint32_t c = compound_of_[b];
  if (prev_[b] != no_block) next_[prev_[b]] = next_[b];
  else first_[c] = next_[b];
  if (next_[b] != no_block) prev_[next_[b]] = prev_[b];
  --blocks_[c];
}

void CompoundSplitters::queue_if_compound(std::uint32_t compound) {
  if (blocks_[compound] < 2 || queued_[compound]) return;
  queued_[compound] = true;
  queue_.push_back(compound);
}

void CompoundSplitters::add_block(BlockId from, BlockId created) {
  if (compound_of_.size() <= created) {
    compound_of_.resize(created + 1);
    next_.resize(created + 1);
    prev_.resize(created + 1);
  }
  const std::uint32_t c = compound_of_[from];
  link(created, c);
  queue_if_compound(c);
}

bool CompoundSplitters::next_compound(std::uint32_t& compound) {
  while (!queue_.empty()) {
    const std::uint32_t c = queue_.back();
    if (blocks_[c] >= 2) {
      compound = c;
      return true;
    }
    queue_.pop_back();
    queued_[c] = false;
  }
  return false;
}

BlockId CompoundSplitters::take_smaller_block(std::uint32_t compound, const StatePartition& partition) {
  const BlockId a = first_[compound], b = next_[a];
  const BlockId smaller = partition.size(a) <= partition.size(b) ? a : b;
  unlink(smaller);
  const auto own = static_cast<std::uint32_t>(first_.size());
  first_.push_back(no_block);
  blocks_.push_back(0);
  queued_.push_back(false);
  link(smaller, own);
  return smaller;
}

}  // namespace bisim
