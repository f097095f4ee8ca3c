// The initial partition. Branching bisimilar states have the same weak
// label sets W(s) = { a visible | s -tau->* -a-> } (van Glabbeek & Weijland,
// J. ACM 43(3), 1996: branching bisimilarity implies weak trace
// equivalence), so grouping states by a function of W(s) gives a partition
// coarser than branching bisimilarity, a sound place to start refining.
// It already separates most classes in LTSs of concurrent programs, where
// the searches of lockstep_split.cpp would otherwise split huge blocks
// label by label. We use the 64-bit mask with bit (a mod 64) for each a in
// W(s), computed over the tau-DAG from its sinks (Kahn's order): O(n + m).
// All bottom states are then "new" and stabilisation makes the partition
// stable under the one constellation.
#include <algorithm>
#include <unordered_map>

#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

namespace {

std::uint64_t label_bit(lts::LabelId a) { return std::uint64_t{1} << (a % 64); }

}  // namespace

std::vector<std::uint64_t> Refiner::weak_label_masks() const {
  std::vector<std::uint64_t> mask(n_, 0);
  std::vector<std::uint32_t> tau_out(n_, 0);
  for (const lts::Transition& t : trans_) {
    if (t.label == lts::tau)
      ++tau_out[t.from];
    else
      mask[t.from] |= label_bit(t.label);
  }
  // Kahn's order from the states without tau-steps, backwards over tau-steps.
  std::vector<StateId> ready;
  for (StateId s = 0; s < n_; ++s)
    if (tau_out[s] == 0) ready.push_back(s);
  while (!ready.empty()) {
    const StateId s = ready.back();
    ready.pop_back();
    for (const StateId w : tau_sources(s)) {
      mask[w] |= mask[s];
      if (--tau_out[w] == 0) ready.push_back(w);
    }
  }
  return mask;
}

void Refiner::init_blocks() {
  perm_.resize(n_);
  pos_.resize(n_);
  block_of_.assign(n_, 0);
  inert_out_.assign(n_, 0);
  {
    // Block ids in the order masks first occur (a hash map: few distinct
    // masks), then a counting sort of the states by block.
    const std::vector<std::uint64_t> mask = weak_label_masks();
    std::unordered_map<std::uint64_t, BlockId> id_of_mask;
    std::vector<std::uint32_t> start(1, 0);
    for (StateId s = 0; s < n_; ++s) {
      const auto [it, fresh] = id_of_mask.try_emplace(mask[s], static_cast<BlockId>(start.size() - 1));
      if (fresh) start.push_back(0);
      block_of_[s] = it->second;
      ++start[it->second + 1];
    }
    const auto k = static_cast<BlockId>(start.size() - 1);
    for (BlockId b = 0; b < k; ++b) start[b + 1] += start[b];
    std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
    for (StateId s = 0; s < n_; ++s) perm_[next[block_of_[s]]++] = s;
    for (BlockId b = 0; b < k; ++b) {
      const BlockId prev = b == 0 ? none : b - 1;
      const BlockId after = b + 1 < k ? b + 1 : none;
      blocks_.push_back(Block{start[b], start[b], start[b + 1], 0, after, prev, none, 0});
    }
    for (StateId s = 0; s < n_; ++s) blocks_[block_of_[s]].weight += weight_of(s);
  }
  constellations_.push_back(Constellation{0, static_cast<std::uint32_t>(blocks_.size())});
  if (blocks_.size() >= 2) nontrivial_.push_back(0);
  for (const lts::Transition& t : trans_)
    if (t.label == lts::tau && block_of_[t.from] == block_of_[t.to]) ++inert_out_[t.from];
  // Bottom states first in each block; all of them count as new.
  for (Block& b : blocks_) {
    std::stable_partition(perm_.begin() + b.begin, perm_.begin() + b.end,
                          [&](StateId s) { return inert_out_[s] == 0; });
    b.bottom_end = b.begin;
    while (b.bottom_end < b.end && inert_out_[perm_[b.bottom_end]] == 0)
      new_bottoms_.push_back(perm_[b.bottom_end++]);
  }
  for (std::uint32_t p = 0; p < n_; ++p) pos_[perm_[p]] = p;
}

}  // namespace bisim::branching
