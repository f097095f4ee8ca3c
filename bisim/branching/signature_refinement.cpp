// Signature refinement, the start of branching bisimulation (Blom & Orzan,
// "Distributed branching bisimulation reduction of state spaces", PDMC
// 2003, Sect. 3).
//
// Under a partition P, the signature of s is the set of steps (a, P-class of
// the target) that s reaches by tau-steps inside its own class, leaving out
// tau-steps inside the class. If P is coarser than branching bisimilarity
// (or equal), bisimilar states have equal signatures, so splitting every
// class by signature keeps it so; from the one-class partition the rounds
// reach branching bisimilarity itself as their fixpoint.
//
// Signatures are compared only inside a class, so each class numbers the
// steps its states have and a signature is a 128-bit set over those numbers:
// exact while a class has at most 128 distinct steps. A class with more
// falls back to hashing its steps into the 128 bits (a Bloom mask), which
// may merge states that differ, never split equal ones: the result is then
// still a sound place to start refining, but not known to be final.
// Signatures are computed over the tau-DAG from its sinks, so a state's
// inert successors are done before it; only classes that may split (one of
// their states has a step into a state that changed class, or they split
// themselves) are recomputed.
//
// A budget of a few passes over the transitions bounds the work, keeping
// this O(n + m); when it runs out (long chains of dependent splits, which
// partition refinement handles in O(m log n)), the partition reached is
// handed on as it is.
#include <algorithm>

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

// A set of at most 128 step numbers.
struct Set128 {
  std::uint64_t lo = 0, hi = 0;
  void add(std::uint32_t i) { (i < 64 ? lo : hi) |= std::uint64_t{1} << (i & 63); }
  Set128& operator|=(const Set128& o) {
    lo |= o.lo;
    hi |= o.hi;
    return *this;
  }
  bool operator==(const Set128&) const = default;
  std::uint64_t hash() const { return mix(lo, hi); }
};

// An open-addressing map from keys (with their 64-bit hashes) to dense
// numbers 0, 1, ... in the order of first insertion. A slot holds the hash
// beside the number, so a probe reads one cache line and compares keys only
// on a hash match. Cleared in time proportional to its use.
template <typename Key>
class LocalIds {
 public:
  std::uint32_t id(const Key& key, std::uint64_t h) {
    if (2 * (keys_.size() + 1) > slots_.size()) grow();
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.id == empty) {
        slot = {h, static_cast<std::uint32_t>(keys_.size())};
        keys_.push_back(key);
        return slot.id;
      }
      if (slot.hash == h && keys_[slot.id] == key) return slot.id;
    }
  }
  std::uint32_t size() const { return static_cast<std::uint32_t>(keys_.size()); }
  const Key& key(std::uint32_t id) const { return keys_[id]; }
  void clear() {
    if (keys_.size() * 8 < slots_.size()) {
      for (Slot& slot : slots_)
        if (slot.id != empty) slot.id = empty;
    } else {
      std::fill(slots_.begin(), slots_.end(), Slot{0, empty});
    }
    keys_.clear();
  }

 private:
  static constexpr std::uint32_t empty = static_cast<std::uint32_t>(-1);
  struct Slot {
    std::uint64_t hash;
    std::uint32_t id;
  };
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{0, empty});
    mask_ = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.id == empty) continue;
      std::size_t i = slot.hash & mask_;
      while (slots_[i].id != empty) i = (i + 1) & mask_;
      slots_[i] = slot;
    }
  }
  std::vector<Slot> slots_;
  std::vector<Key> keys_;
  std::size_t mask_ = 0;
};

}  // namespace

// The states, each after all its tau-successors. Kahn's algorithm over the
// tau-DAG from its sinks, driven by a sweep from the last state down: in
// LTSs numbered breadth-first most tau-steps go to higher numbers, so the
// order stays close to descending and the rounds read memory almost in
// sequence (a stack-driven Kahn order scattered them and cost 3x more on a
// 9*10^6-transition LTS of gen).
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

namespace {

// A step of a state of class c: label a into class d.
struct StepKey {
  std::uint32_t c, a, d;
  bool operator==(const StepKey&) const = default;
  std::uint64_t hash() const { return mix(mix(c, a), d); }
};
// A class and a signature.
struct GroupKey {
  std::uint32_t c;
  Set128 set;
  bool operator==(const GroupKey&) const = default;
  std::uint64_t hash() const { return mix(c, set.hash()); }
};

}  // namespace

// The first rounds, where most states change class: cheaper hashed
// signatures. A state's signature is a 64-bit Bloom mask of its steps (a,
// hash of the target's class), h' = hash(h, mask); collisions can only
// merge, so the classes stay unions of bisimulation classes, and the exact
// rounds that follow split what they merged. Returns the number of classes.
std::uint32_t Refiner::hashed_rounds(const std::vector<StateId>& order, std::vector<std::uint32_t>& cls) const {
  constexpr int rounds = 3;
  std::vector<std::uint64_t> h(n_, 0), mask(n_, 0);
  auto bit = [](std::uint64_t hash) { return std::uint64_t{1} << (hash >> 58); };
  for (int round = 0; round < rounds; ++round) {
    for (const StateId s : order) {
      std::uint64_t m = bit(mix(lts::tau, h[s]));
      for (const lts::Transition& t : out(s)) {
        if (t.label == lts::tau && h[t.to] == h[s])
          m |= mask[t.to];  // inert in the current partition
        else
          m |= bit(mix(t.label, h[t.to]));
      }
      mask[s] = m;
    }
    for (StateId s = 0; s < n_; ++s) h[s] = mix(h[s], mask[s]);
  }
  LocalIds<std::uint64_t> ids;
  cls.resize(n_);
  for (StateId s = 0; s < n_; ++s) cls[s] = ids.id(h[s], h[s]);
  return ids.size();
}

SignatureClasses Refiner::signature_classes(std::uint64_t budget) const {
  SignatureClasses result;
  std::vector<std::uint32_t>& cls = result.class_of;
  if (budget == 0) {  // everything left to partition refinement
    cls.assign(n_, 0);
    return result;
  }
  const std::vector<StateId> order = tau_successors_first();
  std::uint32_t num_classes = hashed_rounds(order, cls);
  result.count = num_classes;
  // A state with more than 128 distinct steps makes its class hash: then
  // the exact rounds cannot prove anything, and partition refinement takes
  // over at once (random LTSs with a giant tau-cycle, contracted).
  {
    LocalIds<std::uint64_t> steps;
    for (StateId s = 0; s < n_; ++s) {
      if (out(s).size() <= 128) continue;
      steps.clear();
      for (const lts::Transition& t : out(s))
        if (t.label != lts::tau || cls[t.to] != cls[s]) {
          const std::uint64_t key = std::uint64_t{t.label} << 32 | cls[t.to];
          steps.id(key, mix(key, 0));
        }
      if (steps.size() > 128) {
        result.exact = false;
        return result;
      }
    }
  }
  std::vector<std::uint8_t> dirty(num_classes, 1);  // per class: recompute this round
  std::vector<Set128> sig(n_);
  // Per class, this round: how many steps it numbered (past 128 it hashes),
  // and the id its first signature group keeps.
  std::vector<std::uint32_t> steps_in_class(num_classes, 0);
  std::vector<std::uint8_t> has_first_group(num_classes, 0);
  LocalIds<StepKey> step_ids;
  std::vector<std::uint32_t> step_number;  // per step id: its number in its class
  LocalIds<GroupKey> group_ids;
  std::vector<std::uint32_t> group_class;  // per group id: its class id from now on
  std::vector<StateId> changed;
  std::uint64_t work = 0;
  const std::size_t max_steps = trans_.size() / 4 + 1024;  // about 11 bytes per transition
  result.exact = true;

  auto own_step = [](std::uint32_t a, std::uint32_t d) { return std::uint64_t{a} << 32 | d; };
  std::vector<std::uint32_t> class_size;
  while (true) {
    // A class of one state cannot split.
    class_size.assign(num_classes, 0);
    for (StateId s = 0; s < n_; ++s) ++class_size[cls[s]];
    for (std::uint32_t c = 0; c < num_classes; ++c)
      if (class_size[c] < 2) dirty[c] = 0;
    // Signatures of the states of dirty classes, successors first (the
    // order is near sequential in memory on LTSs numbered breadth-first).
    step_ids.clear();
    step_number.clear();
    const std::uint64_t work_before = work;
    const std::uint32_t classes_before = num_classes;
    bool overflow = false, too_many_steps = false;
    for (const StateId s : order) {
      const std::uint32_t c = cls[s];
      if (!dirty[c]) continue;
      Set128 set;
      for (const lts::Transition& t : out(s)) {
        const std::uint32_t d = cls[t.to];
        if (t.label == lts::tau && d == c) {
          set |= sig[t.to];  // inert: done before s
          continue;
        }
        const StepKey key{c, t.label, d};
        const std::uint32_t id = step_ids.id(key, key.hash());
        if (id == step_number.size()) {
          step_number.push_back(steps_in_class[c]++);
          too_many_steps |= id > max_steps;
        }
        if (step_number[id] < 128)
          set.add(step_number[id]);
        else
          overflow = true;
      }
      sig[s] = set;
      work += 1 + out(s).size();
      if (too_many_steps) break;
    }
    // Nearly every step distinct (small classes with little in common): the
    // step table would cost more memory than partition refinement, which
    // takes over from the classes as they are.
    if (too_many_steps) {
      result.exact = false;
      break;
    }
    // Classes with more than 128 steps: hashed bits instead.
    if (overflow) {
      result.exact = false;
      for (const StateId s : order) {
        const std::uint32_t c = cls[s];
        if (!dirty[c] || steps_in_class[c] <= 128) continue;
        Set128 set;
        for (const lts::Transition& t : out(s)) {
          const std::uint32_t d = cls[t.to];
          if (t.label == lts::tau && d == c)
            set |= sig[t.to];
          else
            set.add(static_cast<std::uint32_t>(mix(own_step(t.label, d), 1) >> 57));
        }
        sig[s] = set;
      }
    }
    // Split the dirty classes by signature: the first group met keeps the
    // class id, the others get new ones.
    group_ids.clear();
    group_class.clear();
    changed.clear();
    for (const StateId s : order) {
      const std::uint32_t c = cls[s];
      if (!dirty[c]) continue;
      const GroupKey key{c, sig[s]};
      const std::uint32_t g = group_ids.id(key, key.hash());
      if (g == group_class.size()) {
        if (!has_first_group[c]) {
          has_first_group[c] = 1;
          group_class.push_back(c);
        } else {
          group_class.push_back(num_classes++);
        }
      }
      if (group_class[g] != c) {
        cls[s] = group_class[g];
        changed.push_back(s);
      }
    }
    if (changed.empty()) {
      result.fixpoint = true;
      break;
    }
    // Hashed signatures cannot prove the partition final: partition
    // refinement takes over. So it does when a costly round split little
    // (long chains of dependent splits, one class per round, which
    // partition refinement handles in O(m log n)).
    if (!result.exact) break;
    const bool costly = work - work_before > (std::uint64_t{trans_.size()} + n_) / 4;
    if (costly && num_classes - classes_before <= classes_before / 100 + 1) break;
    // Next round: the classes that split, and those with a step into a state
    // that changed class; all of them when many changed (finding out would
    // cost more than recomputing).
    std::vector<std::uint8_t> next_dirty(num_classes, 0);
    if (changed.size() > n_ / 8) {
      std::fill(next_dirty.begin(), next_dirty.end(), 1);
    } else {
      for (const StateId s : changed) {
        next_dirty[cls[s]] = 1;
        for (std::uint32_t i = in_begin_[s]; i < in_begin_[s + 1]; ++i)
          next_dirty[cls[(in_[i] & visible_tag) ? trans_[in_[i] & ~visible_tag].from : in_[i]]] = 1;
        work += 1 + in_begin_[s + 1] - in_begin_[s];
      }
      for (std::size_t g = 0; g < group_class.size(); ++g)
        if (group_class[g] >= dirty.size()) next_dirty[group_ids.key(g).c] = 1;  // the class that split
    }
    dirty = std::move(next_dirty);
    steps_in_class.assign(num_classes, 0);
    has_first_group.assign(num_classes, 0);
    if (work > budget) break;
  }
  result.count = num_classes;
  return result;
}

}  // namespace bisim::branching
