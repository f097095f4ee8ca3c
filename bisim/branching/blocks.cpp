// Blocks of states and their bottom states. As in GJKW (ACM TOCL 2017) and JGKW (TACAS 2020), the states
// of a block are contiguous in perm_, bottom states first, so a block's bottom states are a range and a
// state that becomes bottom moves there by one swap.
#include <algorithm>

#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

void Refiner::swap_positions(std::uint32_t p, std::uint32_t q) {
  std::swap(perm_[p], perm_[q]);
  pos_[perm_[p]] = p;
  pos_[perm_[q]] = q;
}

// Moves s to the last position of r and shrinks r by one, keeping bottom
// states in front.
void Refiner::remove_from_layout(Block& r, StateId s) {
  const std::uint32_t p = pos_[s];
  if (p >= r.bottom_end) {
    swap_positions(p, r.end - 1);
  } else {
    swap_positions(p, r.bottom_end - 1);
    swap_positions(r.bottom_end - 1, r.end - 1);
    --r.bottom_end;
  }
  --r.end;
}

void Refiner::make_bottom(Block& r, StateId s) {
  swap_positions(pos_[s], r.bottom_end);
  ++r.bottom_end;
  new_bottoms_.push_back(s);
}

// Moves `moved` (at most half of r, so each state moves O(log n) times) into
// a new block of r's constellation. Cost: O(|moved| + their transitions).
Refiner::BlockId Refiner::move_to_new_block(BlockId r, const std::vector<StateId>& moved) {
  const auto nb = static_cast<BlockId>(blocks_.size());
  const std::uint32_t old_end = blocks_[r].end;
  for (StateId s : moved) remove_from_layout(blocks_[r], s);
  const ConstellationId c = blocks_[r].constellation;
  // Link the new block right after r in its constellation.
  const BlockId after = blocks_[r].next_in_constellation;
  if (!nontrivial(c)) nontrivial_.push_back(c);  // r was its only block
  blocks_.push_back(Block{blocks_[r].end, blocks_[r].end, old_end, c, after, none});
  blocks_[r].next_in_constellation = nb;

  // Tau-steps between the two halves stop being inert. States of r that lose
  // their last inert step become bottom states of r at once; those of the new
  // block are found when it is laid out below.
  for (StateId s : moved) block_of_[s] = nb;
  std::vector<std::uint8_t>& was_bottom = was_bottom_;
  was_bottom.resize(moved.size());
  for (std::size_t i = 0; i < moved.size(); ++i) {
    const StateId s = moved[i];
    was_bottom[i] = inert_out_[s] == 0;
    for (const lts::Transition& t : out(s)) {
      if (t.label != lts::tau) break;
      if (block_of_[t.to] == r) --inert_out_[s];
    }
    for (const StateId w : tau_sources(s)) {
      if (block_of_[w] == r && --inert_out_[w] == 0) make_bottom(blocks_[r], w);
    }
  }
  Block& b = blocks_[nb];
  std::uint32_t bottoms = 0;
  for (std::uint32_t p = b.begin; p < b.end; ++p)
    if (inert_out_[perm_[p]] == 0) swap_positions(p, b.begin + bottoms++);
  b.bottom_end = b.begin + bottoms;
  for (std::size_t i = 0; i < moved.size(); ++i)
    if (!was_bottom[i] && inert_out_[moved[i]] == 0) new_bottoms_.push_back(moved[i]);
  if (grp_active_) follow_group_split(r, nb, moved);
  carve_moved_states(moved, nb);
  return nb;
}

}  // namespace bisim::branching
