// Stabilising new bottom states (GJKW, ACM TOCL 2017, Sect. 3.3 and Alg. 4;
// JGKW, TACAS 2020, Sect. 3.3). A state becomes bottom when its last inert
// step stops being inert; it is then bottom for good, so each state is new
// once. A block with new bottom states may be unstable under any of its
// slices: its old bottom states have a step in every such slice, the new ones
// need not. We count, for each slice, how many of the new bottom states have
// a step in it (cost: their outgoing transitions), and split the block under
// every slice that some of them lack. Splitting makes more new bottom
// states; we repeat until none are left.
#include <algorithm>

#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

void Refiner::stabilise_new_bottom_states() {
  std::vector<StateId> batch;
  while (!new_bottoms_.empty()) {
    batch.swap(new_bottoms_);
    new_bottoms_.clear();
    std::sort(batch.begin(), batch.end(), [&](StateId a, StateId b) { return block_of_[a] < block_of_[b]; });
    for (std::size_t i = 0; i < batch.size();) {
      std::size_t j = i;
      while (j < batch.size() && block_of_[batch[j]] == block_of_[batch[i]]) ++j;
      stabilise_group(block_of_[batch[i]], std::span<const StateId>(batch.data() + i, j - i));
      i = j;
    }
    batch.clear();
  }
}

// `group`: new bottom states, all in block r.
void Refiner::stabilise_group(BlockId r, std::span<const StateId> group) {
  for (StateId s : group)
    for (const lts::Transition& tr : out(s)) {
      const SliceId x = slice_of_[transition_id(tr)];
      if (cover_last_[x] != s) {
        cover_last_[x] = s;
        ++cover_count_[x];
      }
    }
  std::vector<SliceId> work;
  for (SliceId x = blocks_[r].first_slice; x != none; x = slices_[x].next_in_block) {
    if (!slices_[x].empty() && !constellation_inert(r, x) && cover_count_[x] < group.size()) {
      pending_[x] = 1;
      work.push_back(x);
    }
  }
  for (StateId s : group)
    for (const lts::Transition& tr : out(s)) {
      const SliceId x = slice_of_[transition_id(tr)];
      cover_count_[x] = 0;
      cover_last_[x] = none;
    }
  worklist_ = &work;
  for (std::size_t i = 0; i < work.size(); ++i) {
    const SliceId x = work[i];
    if (!pending_[x]) continue;
    pending_[x] = 0;
    if (slices_[x].empty()) continue;
    const BlockId q = slices_[x].source;
    if (constellation_inert(q, x)) continue;
    // The blue search skips group members outside q itself, one per step,
    // so a small red side still wins quickly.
    split(q, x, group, false);
  }
  worklist_ = nullptr;
}

}  // namespace bisim::branching
