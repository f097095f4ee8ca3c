#include "bisim/strong/compound_splitters.hpp"

namespace bisim {

CompoundSplitters::CompoundSplitters(StatePartition& partition)
    : partition_(partition), first_{no_block}, queued_{false} {
  const std::size_t n = partition.blocks().size();  // states
  next_.reserve(n);
  first_.reserve(n);
  queued_.reserve(n);
  next_.resize(partition.num_blocks());
  for (BlockId b = 0; b < partition.num_blocks(); ++b) {
    partition.set_tag(b, 0);
    link(b, 0);
  }
  if (!is_simple(0)) {
    queued_[0] = true;
    queue_.push_back(0);
  }
}

void CompoundSplitters::link(BlockId b, std::uint32_t compound) {
  next_[b] = first_[compound];
  first_[compound] = b;
}

void CompoundSplitters::add_block(BlockId from, BlockId created) {
  if (next_.size() <= created) next_.resize(created + 1);
  const std::uint32_t c = partition_.tag(from);
  link(created, c);
  if (!queued_[c]) {  // it has two blocks now
    queued_[c] = true;
    queue_.push_back(c);
  }
}

bool CompoundSplitters::next_compound(std::uint32_t& compound) {
  while (!queue_.empty()) {
    const std::uint32_t c = queue_.back();
    if (!is_simple(c)) {
      compound = c;
      return true;
    }
    queue_.pop_back();
    queued_[c] = false;
  }
  return false;
}

BlockId CompoundSplitters::take_smaller_block(std::uint32_t compound) {
  const BlockId a = first_[compound], b = next_[a];
  const BlockId smaller = partition_.size(a) <= partition_.size(b) ? a : b;
  if (smaller == a) first_[compound] = b;
  else next_[a] = next_[b];
  const auto own = static_cast<std::uint32_t>(first_.size());
  first_.push_back(no_block);
  queued_.push_back(false);
  partition_.set_tag(smaller, own);
  link(smaller, own);
  return smaller;
}

}  // namespace bisim
