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

// The states, each after all its tau-successors. Kahn's algorithm over the
// tau-DAG from its sinks, driven by a sweep from the last state down: in
// LTSs numbered breadth-first most tau-steps go to higher numbers, so the
// order stays close to descending and the passes of weak_signatures read
// memory almost in sequence (a stack-driven Kahn order scattered them and
// cost 3x more on a 9*10^6-transition LTS of gen).
std::vector<Refiner::StateId> Refiner::tau_successors_first() const {
  std::vector<std::uint32_t> tau_out(n_, 0);
  for (const lts::Transition& t : trans_)
    if (t.label == lts::tau) ++tau_out[t.from];
  std::vector<StateId> order, ready;
  order.reserve(n_);
  for (StateId sweep = n_; sweep-- > 0;) {
    if (tau_out[sweep] != 0) continue;
    ready.push_back(sweep);
    while (!ready.empty()) {
      const StateId s = ready.back();
      ready.pop_back();
      order.push_back(s);
      // A source below the sweep is reached by the sweep itself.
      for (const StateId w : tau_sources(s))
        if (--tau_out[w] == 0 && w > sweep) ready.push_back(w);
    }
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

namespace {

// Dense ids for 64-bit keys, in the order they first occur: open addressing
// with linear probing over a power-of-two table at most half full. About 4x
// faster than std::unordered_map here (one probe in cache, no node per key).
class DenseIds {
 public:
  std::uint32_t id(std::uint64_t key) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    for (std::size_t i = key & mask_;; i = (i + 1) & mask_) {
      if (slots_[i].id == empty) {
        slots_[i] = {key, count_};
        return count_++;
      }
      if (slots_[i].key == key) return slots_[i].id;
    }
  }
  std::uint32_t size() const { return count_; }

 private:
  static constexpr std::uint32_t empty = static_cast<std::uint32_t>(-1);
  struct Slot {
    std::uint64_t key;
    std::uint32_t id;
  };
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{0, empty});
    mask_ = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.id == empty) continue;
      std::size_t i = slot.key & mask_;
      while (slots_[i].id != empty) i = (i + 1) & mask_;
      slots_[i] = slot;
    }
  }
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::uint32_t count_ = 0;
};

}  // namespace

void Refiner::init_blocks() {
  perm_.resize(n_);
  pos_.resize(n_);
  block_of_.assign(n_, 0);
  inert_out_.assign(n_, 0);
  BlockId k = 0;
  {
    // Block ids in the order signatures first occur (the keys are hashes:
    // mixed already).
    const std::vector<std::uint64_t> signature = weak_signatures(3);
    DenseIds ids;
    for (StateId s = 0; s < n_; ++s) block_of_[s] = ids.id(signature[s]);
    k = ids.size();
  }
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
    const BlockId prev = b == 0 ? none : b - 1;
    const BlockId after = b + 1 < k ? b + 1 : none;
    blocks_.push_back(Block{start[b], start[b] + bottoms[b], start[b + 1], 0, after, prev, none, 0});
    for (std::uint32_t p = start[b]; p < start[b] + bottoms[b]; ++p) new_bottoms_.push_back(perm_[p]);
  }
  for (StateId s = 0; s < n_; ++s) blocks_[block_of_[s]].weight += weight_of(s);
  constellations_.push_back(Constellation{0, static_cast<std::uint32_t>(blocks_.size())});
  if (blocks_.size() >= 2) nontrivial_.push_back(0);
}

}  // namespace bisim::branching
