// The initial partition: a few rounds of a cheap, hashed signature
// refinement whose classes are unions of branching bisimulation classes,
// a sound place to start refining.
//
// If s and t are branching bisimilar, then for every weak step s -tau->* s'
// (possibly none) there is t -tau->* t' with s' ~ t', and for every weak
// step s -tau->* -a-> s' (a visible) there is t -tau->* -a-> t' with s' ~ t'
// (van Glabbeek & Weijland, J. ACM 43(3), 1996). So if h is constant on
// classes, so is the set { (tau, h(s')) } u { (a, h(s')) } of s's weak steps,
// and so is any function of it. We use a 64-bit Bloom mask of that set,
// computed over the tau-DAG from its sinks in O(n + m) per round, and let
// h' = hash(h, mask). Round 0 (h = 0) groups states by their weak label sets;
// later rounds look one weak step further. In LTSs of concurrent programs
// this separates most classes at once, where the searches of
// lockstep_split.cpp would otherwise split huge blocks label by label. All
// bottom states are then "new" and stabilisation makes the partition stable.
#include <algorithm>
#include <unordered_map>

#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

namespace {

// A 64-bit mixer (the finaliser of MurmurHash3).
std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull + (a << 6) + (a >> 2));
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDull;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ull;
  x ^= x >> 33;
  return x;
}

std::uint64_t bit(std::uint64_t hash) { return std::uint64_t{1} << (hash >> 58); }

}  // namespace

// The states, each after all its tau-successors (Kahn's order over the
// tau-DAG, from its sinks backwards).
std::vector<Refiner::StateId> Refiner::tau_successors_first() const {
  std::vector<std::uint32_t> tau_out(n_, 0);
  for (const lts::Transition& t : trans_)
    if (t.label == lts::tau) ++tau_out[t.from];
  std::vector<StateId> order, ready;
  order.reserve(n_);
  for (StateId s = 0; s < n_; ++s)
    if (tau_out[s] == 0) ready.push_back(s);
  while (!ready.empty()) {
    const StateId s = ready.back();
    ready.pop_back();
    order.push_back(s);
    for (const StateId w : tau_sources(s))
      if (--tau_out[w] == 0) ready.push_back(w);
  }
  return order;
}

std::vector<std::uint64_t> Refiner::weak_signatures(int rounds) const {
  const std::vector<StateId> order = tau_successors_first();
  std::vector<std::uint64_t> h(n_, 0), mask(n_, 0);
  for (int round = 0; round < rounds; ++round) {
    for (const StateId s : order) {
      std::uint64_t m = bit(mix(lts::tau, h[s]));
      for (const lts::Transition& t : out(s))
        m |= t.label == lts::tau ? mask[t.to] : bit(mix(t.label, h[t.to]));
      mask[s] = m;
    }
    for (StateId s = 0; s < n_; ++s) h[s] = mix(h[s], mask[s]);
  }
  return h;
}

void Refiner::init_blocks() {
  perm_.resize(n_);
  pos_.resize(n_);
  block_of_.assign(n_, 0);
  inert_out_.assign(n_, 0);
  {
    // Block ids in the order signatures first occur, then a counting sort
    // of the states by block.
    const std::vector<std::uint64_t> mask = weak_signatures(3);
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
