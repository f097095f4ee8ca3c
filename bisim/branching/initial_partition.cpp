// The initial partition: the classes of signature refinement
// (signature_refinement.cpp), laid out as blocks with their bottom states
// first. In LTSs of concurrent programs these are usually the final classes
// already (then refinement stops at once); otherwise they are a sound place
// to start refining, where the searches of lockstep_split.cpp would split
// huge blocks label by label. All bottom states count as new, so
// stabilisation (bottom_states.cpp) makes the partition stable.
#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

void Refiner::init_blocks(signatures::SignatureClasses&& classes, bool own_constellations) {
  perm_.resize(n_);
  pos_.resize(n_);
  inert_out_.assign(n_, 0);
  // Scratch of the searches and of stabilisation, needed from here on only.
  colour_.assign(n_, 0);
  grp_pos_.assign(n_, 0);
  block_of_ = std::move(classes.class_of);
  const BlockId k = classes.count;
  for (const lts::Transition& t : trans_)
    if (t.label == lts::tau && block_of_[t.from] == block_of_[t.to]) ++inert_out_[t.from];
  // A counting sort of the states by block, bottom states first in each
  // block; all of them count as new.
  std::vector<std::uint32_t> start(std::size_t{k} + 1, 0), bottoms(k, 0);
  for (StateId s = 0; s < n_; ++s) {
    ++start[block_of_[s] + 1];
    if (inert_out_[s] == 0) ++bottoms[block_of_[s]];
  }
  for (BlockId b = 0; b < k; ++b) start[b + 1] += start[b];
  std::vector<std::uint32_t> next_bottom(start.begin(), start.end() - 1), next_other(k);
  for (BlockId b = 0; b < k; ++b) next_other[b] = start[b] + bottoms[b];
  for (StateId s = 0; s < n_; ++s) {
    const std::uint32_t p = inert_out_[s] == 0 ? next_bottom[block_of_[s]]++ : next_other[block_of_[s]]++;
    perm_[p] = s;
    pos_[s] = p;
  }
  for (BlockId b = 0; b < k; ++b) {
    const BlockId after = b + 1 < k && !own_constellations ? b + 1 : none;
    const ConstellationId c = own_constellations ? b : 0;
    blocks_.push_back(Block{start[b], start[b] + bottoms[b], start[b + 1], c, after, none});
    for (std::uint32_t p = start[b]; p < start[b] + bottoms[b]; ++p) new_bottoms_.push_back(perm_[p]);
    if (own_constellations || b == 0) constellations_.push_back(Constellation{b});
  }
  if (nontrivial(0)) nontrivial_.push_back(0);
}

}  // namespace bisim::branching
