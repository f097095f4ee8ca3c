#pragma once
// Exact signatures for the wide classes of the numbered signature rounds
// (signature_refinement.hpp): classes holding a state with more than 128
// distinct non-inert steps, such as a contracted giant tau-cycle. Numbered
// steps do not fit such a class's 128-bit sets, and hashed bits fill up, so
// that every state there looks alike. Yet most states of such a class are
// its base's inert predecessors (the base: its widest state), whose
// signatures are the base's huge one plus a few steps of their own.
//
// So a state s of a wide class writes its signature as (b, E): b says that
// it reaches the base by inert steps, and E lists its other steps, sorted,
// without those of the base (its own non-inert steps, and the E of each
// inert successor): the signature is the disjoint union of the base's
// (when b) and E. The round compares a 128-bit hash of the signature that
// does not depend on how it was written: the sum, twice with different
// seeds, of a hash of each step, the base's sum computed once. So states
// with equal signatures get equal hashes; a collision can only merge, and
// the stability check proves the fixpoint as for any class that hashed.
// The forms are stored for one round; when they outgrow a bound on their
// total size (long inert chains collecting steps), the rounds give up and
// partition refinement takes over, as before this existed.
//
// Blom & Orzan (PDMC 2003, Sect. 3) define the signatures; writing them
// relative to a shared base is ours.
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "bisim/mix.hpp"
#include "lts/lts.hpp"

namespace bisim::signatures {

// The hash of a step whose sums make a signature's hash (seed 1 or 2).
inline std::uint64_t wide_step_hash(std::uint64_t step, std::uint64_t seed) { return mix(step, seed); }

// A set of steps (label << 32 | class) with fast membership: one bit per
// (label, class) for the labels it holds, when that fits in the given
// bound of bytes, else a sorted list. The base's signature can hold
// millions of steps (a contracted giant tau-cycle) and is rebuilt every
// round its class is dirty: sorting it took 0.1 s a round on a random
// LTS of 10^7 transitions, and each lookup about twenty probes.
class WideStepSet {
 public:
  // The set of `steps` (any order, repeats allowed), whose classes are
  // below num_classes.
  void assign(const std::vector<std::uint64_t>& steps, std::uint32_t num_classes, std::size_t max_bytes) {
    sum_[0] = sum_[1] = 0;
    size_ = 0;
    labels_.clear();
    for (const std::uint64_t x : steps)
      if (labels_.empty() || labels_.back() != (x >> 32))
        labels_.push_back(static_cast<std::uint32_t>(x >> 32));
    std::sort(labels_.begin(), labels_.end());
    labels_.erase(std::unique(labels_.begin(), labels_.end()), labels_.end());
    classes_ = num_classes;
    const std::size_t bits = labels_.size() * std::size_t{num_classes};
    sorted_.clear();
    bits_.clear();
    if (bits / 8 <= max_bytes) {
      bits_.assign(bits / 64 + 1, 0);
      for (const std::uint64_t x : steps) {
        const std::size_t i = bit(x);
        const std::uint64_t b = std::uint64_t{1} << (i % 64);
        if (bits_[i / 64] & b) continue;
        bits_[i / 64] |= b;
        add_to_sums(x);
      }
    } else {
      sorted_ = steps;
      std::sort(sorted_.begin(), sorted_.end());
      sorted_.erase(std::unique(sorted_.begin(), sorted_.end()), sorted_.end());
      for (const std::uint64_t x : sorted_) add_to_sums(x);
    }
  }
  // Over its distinct steps, the sums of wide_step_hash with seeds 1 and 2.
  std::uint64_t sum(int seed) const { return sum_[seed - 1]; }
  // How many distinct steps it holds.
  std::size_t size() const { return size_; }
  bool contains(std::uint64_t x) const {
    if (bits_.empty()) return std::binary_search(sorted_.begin(), sorted_.end(), x);
    const auto label = static_cast<std::uint32_t>(x >> 32);
    const auto it = std::lower_bound(labels_.begin(), labels_.end(), label);
    if (it == labels_.end() || *it != label) return false;
    const std::size_t i = bit(x);
    return (bits_[i / 64] >> (i % 64)) & 1;
  }

 private:
  std::size_t bit(std::uint64_t x) const {
    const auto label = static_cast<std::uint32_t>(x >> 32);
    const auto index =
        static_cast<std::size_t>(std::lower_bound(labels_.begin(), labels_.end(), label) - labels_.begin());
    return index * classes_ + static_cast<std::uint32_t>(x);
  }
  std::vector<std::uint32_t> labels_;
  std::uint32_t classes_ = 0;
  void add_to_sums(std::uint64_t x) {
    ++size_;
    sum_[0] += wide_step_hash(x, 1);
    sum_[1] += wide_step_hash(x, 2);
  }
  std::vector<std::uint64_t> bits_;
  std::vector<std::uint64_t> sorted_;
  std::uint64_t sum_[2] = {0, 0};
  std::size_t size_ = 0;
};

template <typename Graph, typename Set>
class WideSignatures {
 public:
  static constexpr std::uint32_t none = static_cast<std::uint32_t>(-1);
  static constexpr std::size_t width = 128;  // more distinct steps than a class can number

  explicit WideSignatures(const Graph& g) : g_(g) {
    for (lts::StateId s = 0; s < g.num_states(); ++s)
      if (g.out_degree(s) > width) candidates_.push_back(s);
  }

  // Whether any state has more steps than a class can number.
  bool possible() const { return !candidates_.empty(); }

  // Whether some state has more than `width` distinct non-inert steps
  // under the classes cls.
  bool any_wide_state(const std::vector<std::uint32_t>& cls) {
    return std::any_of(candidates_.begin(), candidates_.end(),
                       [&](lts::StateId s) { return has_wide_steps(s, cls); });
  }

  // Before a round: the wide classes among the dirty ones, and their bases
  // (the widest state of each, by out-degree). Returns whether there is any.
  bool find(const std::vector<std::uint32_t>& cls, const std::vector<std::uint8_t>& dirty,
            std::uint32_t num_classes) {
    wide_of_class_.assign(num_classes, none);
    num_classes_ = num_classes;
    bases_.clear();
    for (const lts::StateId s : candidates_) {
      const std::uint32_t c = cls[s];
      if (!dirty[c] || !has_wide_steps(s, cls)) continue;
      if (wide_of_class_[c] == none) {
        wide_of_class_[c] = static_cast<std::uint32_t>(bases_.size());
        bases_.push_back({s, {}});
      } else if (g_.out_degree(s) > g_.out_degree(bases_[wide_of_class_[c]].state)) {
        bases_[wide_of_class_[c]].state = s;
      }
    }
    if (bases_.empty()) return false;
    if (form_.size() != g_.num_states()) {
      form_.assign(g_.num_states(), Form{0, 0});
    }
    listed_.clear();
    return true;
  }

  bool wide(std::uint32_t c) const { return wide_of_class_[c] != none; }

  // The signature of s, of wide class c, in increasing state order within
  // the round. False when the rounds must give up (see above).
  bool signature(lts::StateId s, std::uint32_t c, const std::vector<std::uint32_t>& cls, Set& set) {
    Base& base = bases_[wide_of_class_[c]];
    bool reaches_base = s == base.state;
    std::vector<std::uint64_t>& steps = scratch_;
    steps.clear();
    g_.steps(s, [&](lts::LabelId a, lts::StateId to) {
      if (Graph::tau_can_be_inert && a == lts::tau && cls[to] == c) {  // inert: to is done
        const Form form = form_[to];
        reaches_base |= (form.length & base_bit) != 0;
        const std::uint64_t* e = listed_.data() + form.first;
        steps.insert(steps.end(), e, e + (form.length & ~base_bit));
      } else {
        steps.push_back(std::uint64_t{a} << 32 | cls[to]);
      }
    });
    if (s == base.state) {
      base.steps.assign(steps, num_classes_, limit());  // the base's own form: (b, nothing)
      steps.clear();
    } else {
      if (reaches_base) std::erase_if(steps, [&](std::uint64_t x) { return base.steps.contains(x); });
      std::sort(steps.begin(), steps.end());
      steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    }
    if (listed_.size() + steps.size() > limit()) return false;
    form_[s] = {static_cast<std::uint32_t>(listed_.size()),
                static_cast<std::uint32_t>(steps.size()) | (reaches_base ? base_bit : 0)};
    listed_.insert(listed_.end(), steps.begin(), steps.end());
    // The signature's hash: the base's sums and those of E.
    std::uint64_t h1 = reaches_base ? base.steps.sum(1) : 0, h2 = reaches_base ? base.steps.sum(2) : 0;
    for (const std::uint64_t x : steps) {
      h1 += wide_step_hash(x, 1);
      h2 += wide_step_hash(x, 2);
    }
    set = Set{h1, h2};
    work_ += steps.size();
    return true;
  }

  // The work of the forms since the last call, beyond reading the steps.
  std::uint64_t take_work() { return std::exchange(work_, 0); }

 private:
  static constexpr std::uint32_t base_bit = 0x80000000u;
  struct Base {
    lts::StateId state;
    WideStepSet steps;  // its signature, once computed
  };

  // Forms of one round hold at most one step per transition and state (8
  // bytes each, on top of the rest of the rounds' memory; the inert
  // predecessors of a giant tau-cycle hold a few steps each), and
  // their positions fit in 32 bits. The base's bitset gets the same bound.
  std::size_t limit() const {
    return std::min<std::size_t>(g_.num_transitions() + g_.num_states(), base_bit);
  }

  // Whether s has more than `width` distinct non-inert steps (counted up
  // to one more, in a table of 256 slots: linear in s's steps whatever
  // their number).
  bool has_wide_steps(lts::StateId s, const std::vector<std::uint32_t>& cls) {
    if (++stamp_ == 0) {  // wrapped: clear the stamps once
      seen_stamp_.fill(0);
      stamp_ = 1;
    }
    std::size_t distinct = 0;
    g_.steps(s, [&](lts::LabelId a, lts::StateId to) {
      if (distinct > width || (Graph::tau_can_be_inert && a == lts::tau && cls[to] == cls[s])) return;
      const std::uint64_t key = std::uint64_t{a} << 32 | cls[to];
      for (std::size_t i = wide_step_hash(key, 3) & 255;; i = (i + 1) & 255) {
        if (seen_stamp_[i] != stamp_) {
          seen_stamp_[i] = stamp_;
          seen_[i] = key;
          ++distinct;
          return;
        }
        if (seen_[i] == key) return;
      }
    });
    return distinct > width;
  }

  const Graph& g_;
  std::vector<lts::StateId> candidates_;      // states with more than `width` steps
  std::vector<std::uint32_t> wide_of_class_;  // per class: index into bases_, or none
  std::uint32_t num_classes_ = 0;
  std::vector<Base> bases_;
  // Per state of a wide class, this round: its form's E, listed_[first,
  // first + length), and in length's top bit b; side by side, so that an
  // inert step reads one cache line for both.
  struct Form {
    std::uint32_t first, length;
  };
  std::vector<Form> form_;
  std::vector<std::uint64_t> listed_;
  std::vector<std::uint64_t> scratch_;
  std::array<std::uint64_t, 256> seen_{};  // has_wide_steps' table: at most width + 1 of 256 slots used
  std::array<std::uint32_t, 256> seen_stamp_{};
  std::uint32_t stamp_ = 0;
  std::uint64_t work_ = 0;
};

}  // namespace bisim::signatures
