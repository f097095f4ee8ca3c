// Stabilising new bottom states (GJKW, ACM TOCL 2017; JGKW, TACAS 2020).
// A state becomes bottom when its last inert step stops being inert; it is
// then bottom for good, so each state is new once. A block with new bottom states may be unstable under any
// of its slices: its old bottom states have a step in every such slice, the new ones need not. We count, for
// each slice, how many of the new bottom states have a step in it (cost: their outgoing transitions), and
// split the block under every slice that some of them lack. Splitting makes more new bottom states; we repeat
// until none are left.
//
// The new bottom states of the batch being handled are kept in grp_,
// contiguous per block, and follow their states when a block splits
// (follow_group_split), so a split's blue search starts from exactly the
// new bottom states of its own block.
#include <algorithm>

#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

void Refiner::stabilise_new_bottom_states() {
  while (!new_bottoms_.empty()) {
    grp_.swap(new_bottoms_);
    new_bottoms_.clear();
    if (++grp_batch_ == 0) {  // wrapped: forget all older batches
      std::fill(grp_valid_.begin(), grp_valid_.end(), 0);
      grp_batch_ = 1;
    }
    // The first batch, all bottom states, comes in block order already
    // (init_blocks): skipping its sort makes the first stabilisation of
    // tau-ring-loops (6.7*10^6 states) several times faster.
    const auto by_block = [&](StateId a, StateId b) { return block_of_[a] < block_of_[b]; };
    if (!std::is_sorted(grp_.begin(), grp_.end(), by_block)) std::sort(grp_.begin(), grp_.end(), by_block);
    grp_begin_.resize(blocks_.size());
    grp_end_.resize(blocks_.size());
    grp_valid_.resize(blocks_.size(), 0);
    std::vector<BlockId> present;
    for (std::uint32_t i = 0; i < grp_.size(); ++i) {
      const StateId s = grp_[i];
      const BlockId b = block_of_[s];
      grp_pos_[s] = i;
      if (grp_valid_[b] != grp_batch_) {
        grp_valid_[b] = grp_batch_;
        grp_begin_[b] = i;
        present.push_back(b);
      }
      grp_end_[b] = i + 1;
    }
    grp_active_ = true;
    for (BlockId b : present) stabilise_group(b);
    grp_active_ = false;
    grp_.clear();
  }
}

std::span<const Refiner::StateId> Refiner::group_of(BlockId b) const {
  if (b >= grp_valid_.size() || grp_valid_[b] != grp_batch_) return {};
  return {grp_.data() + grp_begin_[b], grp_.data() + grp_end_[b]};
}

// Called by move_to_new_block while a batch is active: the moved members of
// r's group go to the end of r's range, which becomes the new block's range.
void Refiner::follow_group_split(BlockId r, BlockId nb, const std::vector<StateId>& moved) {
  grp_begin_.resize(blocks_.size());
  grp_end_.resize(blocks_.size());
  grp_valid_.resize(blocks_.size(), 0);
  if (grp_valid_[r] != grp_batch_) return;
  const std::uint32_t old_end = grp_end_[r];
  for (StateId s : moved) {
    if (!in_group(s)) continue;
    const std::uint32_t p = grp_pos_[s], last = --grp_end_[r];
    const StateId other = grp_[last];
    grp_[p] = other;
    grp_pos_[other] = p;
    grp_[last] = s;
    grp_pos_[s] = last;
  }
  grp_valid_[nb] = grp_batch_;
  grp_begin_[nb] = grp_end_[r];
  grp_end_[nb] = old_end;
}

void Refiner::stabilise_group(BlockId r) {
  const std::span<const StateId> group = group_of(r);
  // Count in each slice the group members with a step in it, in the slice's
  // co (none = 0); pending_ (clear between rounds) marks the slices that
  // the member has counted already.
  std::vector<SliceId>& counted = counted_slices_;
  for (StateId s : group) {
    counted.clear();
    for (const lts::Transition& tr : out(s)) {
      const SliceId x = slice_of_[transition_id(tr)];
      if (!pending_[x]) {
        pending_[x] = 1;
        counted.push_back(x);
        slices_[x].co = slices_[x].co == none ? 1 : slices_[x].co + 1;
      }
    }
    for (SliceId x : counted) pending_[x] = 0;
  }
  std::vector<SliceId> work;
  for (SliceId x = blocks_[r].first_slice; x != none; x = slices_[x].next_in_block) {
    const std::uint32_t covered = slices_[x].co == none ? 0 : slices_[x].co;
    if (!slices_[x].empty() && !constellation_inert(r, x) && covered < group.size()) {
      pending_[x] = 1;
      work.push_back(x);
    }
  }
  for (StateId s : group)
    for (const lts::Transition& tr : out(s)) slices_[slice_of_[transition_id(tr)]].co = none;
  worklist_ = &work;
  for (std::size_t i = 0; i < work.size(); ++i) {
    const SliceId x = work[i];
    if (!pending_[x]) continue;
    pending_[x] = 0;
    if (slices_[x].empty()) continue;
    const BlockId q = slices_[x].source;
    if (constellation_inert(q, x)) continue;
    split(q, x, group_of(q), false);
  }
  worklist_ = nullptr;
}

}  // namespace bisim::branching
