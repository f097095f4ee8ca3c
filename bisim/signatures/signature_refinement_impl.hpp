#pragma once
// The bodies of the signature rounds declared in signature_refinement.hpp
// (Blom & Orzan, PDMC 2003, Sect. 3): the hashed rounds, the exact rounds
// with their two ways of writing a signature (numbered and Bloom), and the
// tables they use. Included only where the rounds are instantiated for a
// graph view.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bisim/partition.hpp"
#include "bisim/signatures/mix.hpp"
#include "bisim/signatures/signature_refinement.hpp"
#include "bisim/signatures/signature_stability.hpp"
#include "bisim/signatures/wide_signatures.hpp"
#include "lts/lts.hpp"
#include "lts/two_threads.hpp"

namespace bisim::signatures {

// A set of at most 128 step numbers.
struct Set128 {
  std::uint64_t lo = 0, hi = 0;
  void add(std::uint32_t i) { (i < 64 ? lo : hi) |= std::uint64_t{1} << (i & 63); }
  // A Bloom filter of two bits per element, one in each half, chosen by
  // the element's 64-bit hash: a set that lacks the element has both bits
  // by chance far less often than one bit of 128.
  void add_hashed(std::uint64_t hash) {
    lo |= std::uint64_t{1} << (hash >> 58);
    hi |= std::uint64_t{1} << ((hash >> 52) & 63);
  }
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
// on a hash match. clear() shrinks a table much larger than its last use,
// so that clearing costs in proportion to that use (the late rounds of
// signature refinement are small after large ones).
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
  // The number of a key, or `absent`, without adding it.
  static constexpr std::uint32_t absent = static_cast<std::uint32_t>(-1);
  std::uint32_t find(const Key& key, std::uint64_t h) const {
    if (slots_.empty()) return absent;
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.id == empty) return absent;
      if (slot.hash == h && keys_[slot.id] == key) return slot.id;
    }
  }
  std::uint32_t size() const { return static_cast<std::uint32_t>(keys_.size()); }
  const Key& key(std::uint32_t id) const { return keys_[id]; }
  void clear() {
    if (8 * keys_.size() < slots_.size()) {
      std::size_t size = 64;
      while (size < 4 * keys_.size()) size *= 2;
      slots_.assign(size, Slot{0, empty});
      mask_ = size - 1;
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

// A class and a signature.
struct GroupKey {
  std::uint32_t c;
  Set128 set;
  bool operator==(const GroupKey&) const = default;
  std::uint64_t hash() const { return mix(c, set.hash()); }
};

// One bit of a 64-bit Bloom mask, chosen by a hash.
inline std::uint64_t bloom_bit(std::uint64_t hash) { return std::uint64_t{1} << (hash >> 58); }
// The Bloom bit of a step (label a into a state of class hash d) in the
// hashed rounds: the top bits of two multiplicative hashes, cheaper than
// mix() (a few percent off the register, 5 threads forever).
inline std::uint64_t step_bit(std::uint32_t a, std::uint32_t d) {
  return bloom_bit((std::uint64_t{a} * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t{d} * 0xC2B2AE3D27D4EB4Full) ^
                   (std::uint64_t{d} << 29));
}

// Dense class ids (in the order of first occurrence) for per-state 32-bit
// hashes; returns their number. Its own table of 8-byte slots, each holding
// a hash and its id, so that a lookup reads one slot: LocalIds keeps its
// keys apart and a 16-byte slot, three times the memory touched at random
// (a third off each call on a random LTS of 2*10^6 states).
// The hashes may come in wider words (their low 32 bits count).
template <typename Word>
std::uint32_t dense_classes(const std::vector<Word>& h, std::vector<std::uint32_t>& cls) {
  constexpr std::uint64_t empty = ~std::uint64_t{0};  // no id is 2^32 - 1: ids are below the number of states
  std::vector<std::uint64_t> slots(1024, empty);
  unsigned bits = 10;
  std::uint32_t count = 0;
  // Fibonacci hashing spreads keys that are not uniform too.
  auto home = [&](std::uint32_t key) { return (key * 0x9E3779B97F4A7C15ull) >> (64 - bits); };
  auto place = [&](std::uint64_t slot) {
    std::size_t i = home(static_cast<std::uint32_t>(slot >> 32));
    while (slots[i] != empty) i = (i + 1) & (slots.size() - 1);
    slots[i] = slot;
  };
  cls.resize(h.size());
  for (std::size_t s = 0; s < h.size(); ++s) {
    if (2 * (std::size_t{count} + 1) > slots.size()) {  // at most half full
      std::vector<std::uint64_t> old(2 * slots.size(), empty);
      old.swap(slots);
      ++bits;
      for (const std::uint64_t slot : old)
        if (slot != empty) place(slot);
    }
    const auto key = static_cast<std::uint32_t>(h[s]);
    std::size_t i = home(key);
    while (true) {
      const std::uint64_t slot = slots[i];
      if (slot == empty) {
        slots[i] = std::uint64_t{key} << 32 | count;
        cls[s] = count++;
        break;
      }
      if (static_cast<std::uint32_t>(slot >> 32) == key) {
        cls[s] = static_cast<std::uint32_t>(slot);
        break;
      }
      i = (i + 1) & (slots.size() - 1);
    }
  }
  return count;
}

// An inert step s -> to in a pass over the states [begin, ...) on one of
// two threads (states in increasing order, inert successors first): adds
// what `to` reaches to acc, unless `to` lies below begin, in the half the
// other thread may still be writing; returns whether s is late (its inert
// successor is there, or late itself), to be completed after both threads.
template <typename T>
bool add_inert(lts::StateId to, std::size_t begin, T& acc, const std::vector<T>& reached,
               const std::vector<std::uint8_t>& late) {
  if (to < begin) return true;
  acc |= reached[to];
  return begin > 0 && late[to] != 0;
}

// The hashed rounds (declared in signature_refinement.hpp).
template <typename Graph>
SignatureClasses hashed_rounds(const Graph& g, std::vector<std::uint32_t>* before) {
  SignatureClasses classes;
  std::vector<std::uint32_t>& cls = classes.class_of;
  auto done = [&](int rounds, std::uint32_t count) {
    classes.count = count;
    classes.log.push_back(rounds_text(rounds, "hashed") + ": " + classes_text(count));
    return std::move(classes);
  };
  const lts::StateId n = g.num_states();
  std::vector<std::uint32_t> h(n, 0);
  std::vector<std::uint64_t> mask(n, 0);
  // On two threads, each takes half of the states in increasing order. A
  // state of the upper half with an inert step into the lower one, or into
  // such a state, is late: what its inert successors reach is known only
  // when both are done, and it is added then (a fifth off the register, 5
  // threads forever).
  const bool parallel = lts::use_two_threads(g.num_transitions());
  const lts::StateId split = parallel ? n / 2 : n;
  std::vector<std::uint8_t> late(parallel && Graph::tau_can_be_inert ? n : 0, 0);
  auto masks = [&](int, std::size_t begin, std::size_t end) {
    for (auto s = static_cast<lts::StateId>(begin); s < end; ++s) {
      std::uint64_t m = step_bit(lts::tau, h[s]);
      bool waits = false;
      g.steps(s, [&](lts::LabelId a, lts::StateId to) {
        if (Graph::tau_can_be_inert && a == lts::tau && h[to] == h[s])
          waits |= add_inert(to, begin, m, mask, late);  // inert in the current partition
        else m |= step_bit(a, h[to]);
      });
      mask[s] = m;
      if (begin > 0) late[s] = waits;
    }
  };
  int rounds = 3;
  for (int round = 0; round < rounds; ++round) {
    // The last round of five writes its hashes over the masks when asked
    // for the hashes before it, which then stay in h: no copy of them
    // beside h, the masks and the classes (8% less peak memory on mCRL2's
    // conference protocol).
    const bool into_masks = before && round == 4;
    auto next_hash = [&](std::size_t s) {
      const auto next = static_cast<std::uint32_t>(mix(h[s], mask[s]));
      if (into_masks) mask[s] = next;
      else h[s] = next;
    };
    if (parallel) {
      lts::on_two_threads(split, n, masks);
      if constexpr (Graph::tau_can_be_inert)
        for (lts::StateId s = split; s < n; ++s) {
          if (!late[s]) continue;
          std::uint64_t m = mask[s];
          g.tau_steps(s, [&](lts::StateId to) {
            if (h[to] == h[s]) m |= mask[to];
          });
          mask[s] = m;
        }
      lts::on_two_threads(split, n, [&](int, std::size_t begin, std::size_t end) {
        for (std::size_t s = begin; s < end; ++s) next_hash(s);
      });
    } else {
      masks(0, 0, n);
      for (lts::StateId s = 0; s < n; ++s) next_hash(s);
    }
    if (round == 2) {
      const std::uint32_t count = dense_classes(h, cls);
      if (4 * std::uint64_t{count} >= n) return done(3, count);
      rounds = 5;
    }
  }
  if (before) {
    *before = std::move(h);
    return done(5, dense_classes(mask, cls));
  }
  return done(5, dense_classes(h, cls));
}

// The numbers of one class's distinct steps (label a into class d) in a
// numbered round. Classes are taken one at a time, so the table is small
// and stays in the first-level cache: a table of all classes' steps missed
// the cache twice a step, and those misses would be most of a round's
// cost (the first round on a random LTS with a giant tau-cycle takes less
// than half the time). Stamps clear it between classes.
class ClassSteps {
 public:
  static constexpr std::uint32_t width = 128;  // numbers 0 .. 127; a class with more hashes its steps
  static constexpr std::uint32_t overflow = width;
  void next_class() {
    if (++stamp_ == 0) {
      stamps_.fill(0);
      stamp_ = 1;
    }
    count_ = 0;
  }
  // The number of step (a, d) in this class; `overflow` once the class has
  // more than `width` steps.
  std::uint32_t number(std::uint32_t a, std::uint32_t d) {
    const std::uint64_t key = std::uint64_t{a} << 32 | d;
    for (std::size_t i = (key * 0x9E3779B97F4A7C15ull) >> 56;; i = (i + 1) & 255) {
      if (stamps_[i] != stamp_) {
        if (count_ == width) return overflow;
        stamps_[i] = stamp_;
        keys_[i] = key;
        numbers_[i] = static_cast<std::uint8_t>(count_);
        return count_++;
      }
      if (keys_[i] == key) return numbers_[i];
    }
  }

 private:
  std::array<std::uint32_t, 256> stamps_{};  // at most width + 1 of 256 slots used
  std::array<std::uint64_t, 256> keys_{};
  std::array<std::uint8_t, 256> numbers_{};
  std::uint32_t stamp_ = 0, count_ = 0;
};

// The signatures met in one class, each with the id of the class its
// states form, for the numbered rounds, which take one class at a time: a
// small table that grows with the class's groups (not its states: a class
// of millions of states that splits in two keeps it small), stamps clearing
// it between classes (a table of all classes' groups would miss the cache
// at every state that split off, doubling the first round on r10m).
class ClassGroups {
 public:
  void next_class() {
    groups_.clear();
    mask_ = first_size - 1;
    if (slots_.size() < first_size) slots_.resize(first_size);
    next_stamp();
  }
  // The id given to `set` in this class; if none yet, `fresh`, and `added`
  // is set.
  std::uint32_t id(const Set128& set, std::uint32_t fresh, bool& added) {
    for (std::size_t i = set.hash() & mask_;; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.stamp != stamp_) {
        groups_.push_back({set, fresh});
        slot = {static_cast<std::uint32_t>(groups_.size() - 1), stamp_};
        added = true;
        if (2 * groups_.size() > mask_) grow();
        return fresh;
      }
      if (groups_[slot.group].set == set) return groups_[slot.group].id;
    }
  }

 private:
  static constexpr std::size_t first_size = 16;
  struct Group {
    Set128 set;
    std::uint32_t id;
  };
  struct Slot {
    std::uint32_t group = 0, stamp = 0;
  };
  void next_stamp() {
    if (++stamp_ == 0) {
      for (Slot& slot : slots_) slot.stamp = 0;
      stamp_ = 1;
    }
  }
  // Twice the slots, the class's groups placed anew under a fresh stamp.
  void grow() {
    mask_ = 2 * mask_ + 1;
    if (slots_.size() <= mask_) slots_.resize(mask_ + 1);
    next_stamp();
    for (std::uint32_t g = 0; g < groups_.size(); ++g) {
      std::size_t i = groups_[g].set.hash() & mask_;
      while (slots_[i].stamp == stamp_) i = (i + 1) & mask_;
      slots_[i] = {g, stamp_};
    }
  }
  std::vector<Slot> slots_;
  std::vector<Group> groups_;  // this class's
  std::size_t mask_ = 0;
  std::uint32_t stamp_ = 0;
};

// The exact rounds (declared in signature_refinement.hpp).
template <typename Graph>
class ExactRounds {
 public:
  using StateId = lts::StateId;

  ExactRounds(const Graph& g, SignatureClasses start, std::uint64_t budget, StepSets sets)
      : g_(g),
        n_(g.num_states()),
        budget_(budget),
        result_(std::move(start)),
        cls_(result_.class_of),
        num_classes_(result_.count),
        wide_(g) {
    // A state with more than 128 distinct steps makes its class wide.
    // Numbered rounds give such classes exact signatures of their own
    // (wide_signatures.hpp). In Bloom rounds it would fill most of its 128
    // hashed bits: states then look alike that are not, and the stability
    // check at the fixpoint fails (random LTSs with a giant tau-cycle,
    // contracted: two rounds and a failed check on one of 10^6
    // transitions). So rounds asked to be Bloom rounds are numbered ones
    // then. Classes that are wide only together go on and are checked.
    if (sets == StepSets::bloom && wide_.any_wide_state(cls_)) sets = StepSets::numbered;
    bloom_ = sets == StepSets::bloom;
    parallel_bloom_ = bloom_ && lts::use_two_threads(g.num_transitions());
    dirty_.assign(num_classes_, 1);
    sig_.resize(n_);
    first_state_.assign(num_classes_, lts::no_state);
    hashed_.assign(num_classes_, 1);
    late_.assign(parallel_bloom_ && Graph::tau_can_be_inert ? n_ : 0, 0);
    after_refuted_fixpoint_ = result_.fixpoint && !result_.exact;
    result_.fixpoint = false;
    result_.exact = !bloom_;
  }

  SignatureClasses run() {
    std::uint64_t rounds = 0;
    const char* ending = "budget spent";
    while (true) {
      ++rounds;
      start_round();
      const std::uint64_t work_before = work_;
      const std::uint32_t classes_before = num_classes_;
      const bool signed_all = bloom_ ? bloom_round_signatures() : numbered_round_signatures();
      // When a wide class's written signatures outgrew their bound
      // (wide_signatures.hpp), partition refinement takes over from the
      // classes as they are.
      work_ += wide_.take_work();
      if (!signed_all) {
        result_.exact = false;
        ending = "wide signatures outgrew their bound";
        break;
      }
      split();
      if (changed_.empty()) {
        ending = at_fixpoint();
        break;
      }
      if (splits_little_again(work_before, classes_before)) {
        ending = "two costly rounds split little";
        break;
      }
      mark_next_dirty();
      if (work_ > budget_) break;
    }
    result_.count = num_classes_;
    result_.log.push_back(rounds_text(rounds, bloom_ ? "Bloom" : "numbered") + ": " + classes_text(num_classes_) +
                          " (" + ending + ")");
    return std::move(result_);
  }

 private:
  // The class sizes; classes of one state are not dirty (one state cannot
  // split). Numbered rounds also list this round's dirty classes and their
  // members, class by class, each in increasing order (Bloom rounds need no
  // table: they take the states in order, which reads the transitions in
  // sequence). Each round scans all states a few times (sizes, members,
  // the groups): counted in the work, so that many cheap rounds still end
  // within the budget.
  void start_round() {
    work_ += n_;
    class_size_.assign(num_classes_, 0);
    for (StateId s = 0; s < n_; ++s) ++class_size_[cls_[s]];
    for (std::uint32_t c = 0; c < num_classes_; ++c)
      if (class_size_[c] < 2) dirty_[c] = 0;
    if (bloom_) return;
    candidates_.clear();
    members_end_.resize(num_classes_);
    std::uint32_t listed = 0;
    for (std::uint32_t c = 0; c < num_classes_; ++c) {
      if (!dirty_[c]) continue;
      candidates_.push_back(c);
      members_end_[c] = listed;  // its start, until the members are placed
      listed += class_size_[c];
    }
    members_.resize(listed);
    for (StateId s = 0; s < n_; ++s)
      if (dirty_[cls_[s]]) members_[members_end_[cls_[s]]++] = s;
  }

  std::span<const StateId> members_of(std::uint32_t c) const {
    return std::span<const StateId>(members_.data() + members_end_[c] - class_size_[c], class_size_[c]);
  }

  // The hash that picks a step's Bloom bits (label a into class d).
  static std::uint64_t step_hash(std::uint32_t a, std::uint32_t d) { return mix(std::uint64_t{a} << 32 | d, 1); }

  // Bloom strategy. A state's own (non-inert) steps depend on the last
  // round's classes only, so two threads take half of the states each (a
  // sixth off the register, 5 threads forever, under strong); late states
  // of the upper half add what their inert successors reach once both are
  // done (40% off its Bloom rounds under branching). Always true.
  bool bloom_round_signatures() {
    if (parallel_bloom_) {
      std::uint64_t half_work[2] = {0, 0};
      lts::on_two_threads(n_ / 2, n_, [&](int part, std::size_t begin, std::size_t end) {
        half_work[part] = bloom_signatures(begin, end);
      });
      work_ += half_work[0] + half_work[1];
      if constexpr (Graph::tau_can_be_inert)
        for (StateId s = n_ / 2; s < n_; ++s) {
          const std::uint32_t c = cls_[s];
          if (!dirty_[c] || !late_[s]) continue;
          Set128 set = sig_[s];
          g_.tau_steps(s, [&](StateId to) {
            if (cls_[to] == c) set |= sig_[to];
          });
          sig_[s] = set;
        }
    } else {
      work_ += bloom_signatures(0, n_);
    }
    for (std::uint32_t c = 0; c < num_classes_; ++c) hashed_[c] |= dirty_[c];
    return true;
  }

  // The Bloom signatures of the dirty states of [begin, end), in increasing
  // order (on two threads, as in hashed_rounds: a state of the upper half
  // whose inert successors reach into the lower half is late, completed
  // once both are done). Returns the work.
  std::uint64_t bloom_signatures(std::size_t begin, std::size_t end) {
    std::uint64_t w = 0;
    for (auto s = static_cast<StateId>(begin); s < end; ++s) {
      const std::uint32_t c = cls_[s];
      if (!dirty_[c]) continue;
      Set128 set;
      bool waits = false;
      g_.steps(s, [&](lts::LabelId a, StateId to) {
        const std::uint32_t d = cls_[to];
        if (Graph::tau_can_be_inert && a == lts::tau && d == c) waits |= add_inert(to, begin, set, sig_, late_);
        else set.add_hashed(step_hash(a, d));
      });
      sig_[s] = set;
      if (Graph::tau_can_be_inert && begin > 0) late_[s] = waits;
      w += 1 + g_.out_degree(s);
    }
    return w;
  }

  // Numbered strategy: class by class, each numbering its own steps; inert
  // successors are in the same class and smaller, so done before. Wide
  // classes this round have signatures written relative to a base,
  // compared by hash. False when a wide class's signatures outgrew their
  // bound.
  bool numbered_round_signatures() {
    const bool any_wide = wide_.possible() && wide_.find(cls_, dirty_, num_classes_);
    if (any_wide) result_.exact = false;
    for (const std::uint32_t c : candidates_) {
      if (any_wide && wide_.wide(c)) {
        if (!wide_class_signatures(c)) return false;
        continue;
      }
      numbered_class_signatures(c);
    }
    return true;
  }

  bool wide_class_signatures(std::uint32_t c) {
    const std::span<const StateId> in_class = members_of(c);
    hashed_[c] = 1;
    for (const StateId s : in_class) {
      work_ += 1 + g_.out_degree(s);
      if (!wide_.signature(s, c, cls_, sig_[s])) return false;
    }
    wide_.end_class(c, in_class, sig_);
    return true;
  }

  // The steps of class c numbered; past 128 of them, hashed bits instead.
  void numbered_class_signatures(std::uint32_t c) {
    const std::span<const StateId> in_class = members_of(c);
    class_steps_.next_class();
    bool overflow = false;
    for (const StateId s : in_class) {
      Set128 set;
      g_.steps(s, [&](lts::LabelId a, StateId to) {
        const std::uint32_t d = cls_[to];
        if (Graph::tau_can_be_inert && a == lts::tau && d == c) {
          set |= sig_[to];  // inert: done before s
          return;
        }
        const std::uint32_t k = class_steps_.number(a, d);
        if (k == ClassSteps::overflow) overflow = true;
        else set.add(k);
      });
      sig_[s] = set;
      work_ += 1 + g_.out_degree(s);
      if (overflow) break;
    }
    hashed_[c] = overflow;
    if (!overflow) return;
    result_.exact = false;
    for (const StateId s : in_class) {
      sig_[s] = hashed_signature(s, c);
      work_ += 1 + g_.out_degree(s);
    }
  }

  // The signature of s in class c with its steps hashed (Bloom bits).
  Set128 hashed_signature(StateId s, std::uint32_t c) const {
    Set128 set;
    g_.steps(s, [&](lts::LabelId a, StateId to) {
      const std::uint32_t d = cls_[to];
      if (Graph::tau_can_be_inert && a == lts::tau && d == c) set |= sig_[to];  // inert: done before s
      else set.add_hashed(step_hash(a, d));
    });
    return set;
  }

  // The split step: the dirty classes split by signature. The first
  // state's signature keeps the class id, and the states that have it need
  // no table (most states, in most rounds); the other signatures get new
  // ids, from a table of all groups in Bloom rounds (in state order, as the
  // signatures were made: a lookup per state in that table was a third of a
  // Bloom round on 3*10^7 transitions, hence the first state's shortcut),
  // from one class's table in numbered rounds.
  void split() {
    changed_.clear();
    split_classes_.clear();
    if (bloom_) {
      group_ids_.clear();
      group_class_.clear();
      for (StateId s = 0; s < n_; ++s) {
        const std::uint32_t c = cls_[s];
        if (!dirty_[c]) continue;
        if (first_state_[c] == lts::no_state) {
          first_state_[c] = s;
          continue;
        }
        if (sig_[s] == sig_[first_state_[c]]) continue;
        const GroupKey key{c, sig_[s]};
        const std::uint32_t grp = group_ids_.id(key, key.hash());
        const bool added = grp == group_class_.size();
        if (added) group_class_.push_back(num_classes_);
        split_off(s, c, group_class_[grp], added);
      }
      return;
    }
    for (const std::uint32_t c : candidates_) {
      const std::span<const StateId> in_class = members_of(c);
      const Set128& kept = sig_[in_class[0]];
      class_groups_.next_class();
      for (const StateId s : in_class.subspan(1)) {
        if (sig_[s] == kept) continue;
        bool added = false;
        const std::uint32_t to = class_groups_.id(sig_[s], num_classes_, added);
        split_off(s, c, to, added);
      }
    }
  }

  // State s of class c moves to class `to`, which is new when `added`.
  void split_off(StateId s, std::uint32_t c, std::uint32_t to, bool added) {
    if (added) {
      ++num_classes_;
      hashed_.push_back(hashed_[c]);
      split_classes_.push_back(c);
    }
    cls_[s] = to;
    changed_.push_back(s);
  }

  // No class split: equal hashed signatures need not be equal, so the
  // classes whose last signatures were hashed are checked exactly. A class
  // computed exactly and not dirty since is stable, so the check needs to
  // look at these only (with two states or more), a third of the check on
  // r10m. Returns how the rounds ended.
  const char* at_fixpoint() {
    result_.fixpoint = true;
    if (result_.exact) return "fixpoint, exact";
    for (std::uint32_t c = 0; c < num_classes_; ++c) hashed_[c] &= class_size_[c] >= 2;
    result_.exact = classes_are_stable(g_, cls_, num_classes_, listed_steps_bound, &hashed_);
    return result_.exact ? "fixpoint, proven by the stability check" : "fixpoint refuted by the stability check";
  }

  // Partition refinement takes over when two costly rounds in a row split
  // little (long chains of dependent splits, one class per round, which
  // partition refinement handles in O(m log n)). Not at the first: on LTSs
  // that mCRL2 generated from its conference protocol example, truncated at
  // 2*10^6 states, the first such round was the last split, and the round
  // after it finds the fixpoint, where partition refinement cost half as
  // much time again and 40 MB more at the peak. Nor right after a refuted
  // fixpoint, where the first round is expected to split little.
  bool splits_little_again(std::uint64_t work_before, std::uint32_t classes_before) {
    const bool costly = work_ - work_before > (std::uint64_t{g_.num_transitions()} + n_) / 4;
    bool stop = false;
    if (costly && num_classes_ - classes_before <= classes_before / 100 + 1 && !after_refuted_fixpoint_)
      stop = ++costly_little_rounds_ == 2;
    else costly_little_rounds_ = 0;
    after_refuted_fixpoint_ = false;
    return stop;
  }

  // Next round: the classes that split, and those with a step into a state
  // that changed class; all of them when many changed (finding out would
  // cost more than recomputing).
  void mark_next_dirty() {
    std::vector<std::uint8_t> next_dirty(num_classes_, 0);
    if (changed_.size() > n_ / 8) {
      std::fill(next_dirty.begin(), next_dirty.end(), 1);
    } else {
      for (const StateId s : changed_) {
        next_dirty[cls_[s]] = 1;
        work_ += 1 + g_.predecessors(s, [&](StateId w) { next_dirty[cls_[w]] = 1; });
      }
      for (const std::uint32_t c : split_classes_) next_dirty[c] = 1;
    }
    dirty_ = std::move(next_dirty);
    if (bloom_) first_state_.assign(num_classes_, lts::no_state);
  }

  const Graph& g_;
  const StateId n_;
  const std::uint64_t budget_;
  SignatureClasses result_;
  std::vector<std::uint32_t>& cls_;  // result_.class_of
  std::uint32_t num_classes_;
  WideSignatures<Graph, Set128> wide_;
  bool bloom_ = false, parallel_bloom_ = false;
  std::vector<std::uint8_t> dirty_;  // per class: recompute this round
  std::vector<Set128> sig_;
  std::vector<std::uint32_t> class_size_;
  // Numbered rounds: this round's dirty classes of two states or more, and
  // their members, class by class.
  std::vector<std::uint32_t> candidates_;
  std::vector<std::uint32_t> members_end_;  // per candidate class: where its members end in `members_`
  std::vector<StateId> members_;
  ClassSteps class_steps_;
  ClassGroups class_groups_;
  // Bloom rounds, per class: the first state met, whose signature keeps the
  // class id (4 bytes a class; its signature itself would be 16).
  std::vector<StateId> first_state_;
  LocalIds<GroupKey> group_ids_;
  std::vector<std::uint32_t> group_class_;  // per group id (a signature that splits off): its new class id
  // As in hashed_rounds: states of the upper half whose inert successors
  // reach into the lower half.
  std::vector<std::uint8_t> late_;
  std::vector<StateId> changed_;
  std::vector<std::uint32_t> split_classes_;  // this round's, each once or more
  // Per class: whether its states' last signatures were hashed (Bloom bits,
  // a wide class's sums, or past 128 numbered steps), so that equal ones
  // may differ.
  std::vector<std::uint8_t> hashed_;
  std::uint64_t work_ = 0;
  // Classes where Bloom rounds stopped but the stability check did not
  // agree: a collision hid a split or two, so the first round here is
  // expected to split little, and the rounds after it to be cheap.
  bool after_refuted_fixpoint_ = false;
  int costly_little_rounds_ = 0;  // in a row
};

template <typename Graph>
SignatureClasses exact_rounds(const Graph& g, SignatureClasses start, std::uint64_t budget, StepSets sets) {
  return ExactRounds<Graph>(g, std::move(start), budget, sets).run();
}

template <typename Graph>
SignatureClasses bloom_then_numbered_rounds(const Graph& g, SignatureClasses start, std::uint64_t bloom_budget,
                                            std::uint64_t numbered_budget) {
  SignatureClasses bloom = exact_rounds(g, std::move(start), bloom_budget, StepSets::bloom);
  if (bloom.final() || !bloom.fixpoint) return bloom;
  return exact_rounds(g, std::move(bloom), numbered_budget);
}

template <typename Graph>
SignatureClasses rounds_after_hashed(const Graph& g, SignatureClasses hashed, std::uint64_t budget) {
  if (is_deep(hashed, g.num_states())) return bloom_then_numbered_rounds(g, std::move(hashed), budget, budget);
  return exact_rounds(g, std::move(hashed), budget);
}

template <typename Graph>
SignatureClasses signature_classes(const Graph& g, std::uint64_t budget) {
  if (budget == 0) {  // everything left to partition refinement
    SignatureClasses start;
    start.class_of.assign(g.num_states(), 0);
    return start;
  }
  return rounds_after_hashed(g, hashed_rounds(g), budget);
}

}  // namespace bisim::signatures
