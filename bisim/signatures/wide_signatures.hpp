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
// seeds, of a hash of each step, the base's sum computed once (or a
// constant standing in for it, when no state without b has as many steps
// as the base, so none can have the signature of one with b). So states
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
#include <bit>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "bisim/signatures/mix.hpp"
#include "lts/lts.hpp"

namespace bisim::signatures {

// The hash of a step whose sums make a signature's hash (seed 1 or 2).
inline std::uint64_t wide_step_hash(std::uint64_t step, std::uint64_t seed) { return mix(step, seed); }

// A set of steps (label << 32 | class) with fast membership: one bit per
// (label, class) for the labels it holds, when that fits in the given
// bound of bytes, else a sorted list. The base's signature can hold
// millions of steps (a contracted giant tau-cycle) and is rebuilt every
// round its class is dirty: sorting it took 0.1 s a round on a random
// LTS of 10^7 transitions, and each lookup about twenty probes. Its hash
// sums are made only when asked for: two hashes per step were most of
// the rebuilding, and are seldom needed (WideSignatures).
class WideStepSet {
 public:
  // The set of `steps` (any order, repeats allowed), whose classes are
  // below num_classes.
  void assign(const std::vector<std::uint64_t>& steps, std::uint32_t num_classes, std::size_t max_bytes) {
    size_ = 0;
    for (const std::uint32_t label : labels_) slot_of_label_[label] = 0;
    labels_.clear();
    for (const std::uint64_t x : steps) {
      const auto label = static_cast<std::uint32_t>(x >> 32);
      if (label >= slot_of_label_.size()) slot_of_label_.resize(std::size_t{label} + 1, 0);
      if (slot_of_label_[label] == 0) {
        labels_.push_back(label);
        slot_of_label_[label] = static_cast<std::uint32_t>(labels_.size());
      }
    }
    classes_ = num_classes;
    const std::size_t bits = labels_.size() * std::size_t{num_classes};
    sorted_.clear();
    bits_.clear();
    if (bits / 8 <= max_bytes) {
      bits_.assign(bits / 64 + 1, 0);
      for (const std::uint64_t x : steps) {
        const std::size_t i = bit(x);
        const std::uint64_t b = std::uint64_t{1} << (i % 64);
        size_ += (bits_[i / 64] & b) == 0;
        bits_[i / 64] |= b;
      }
    } else {
      sorted_ = steps;
      std::sort(sorted_.begin(), sorted_.end());
      sorted_.erase(std::unique(sorted_.begin(), sorted_.end()), sorted_.end());
      size_ = sorted_.size();
    }
  }
  // Over its distinct steps, the sums of wide_step_hash with seeds 1 and 2.
  std::array<std::uint64_t, 2> sums() const {
    std::array<std::uint64_t, 2> sum{0, 0};
    auto add = [&](std::uint64_t x) {
      sum[0] += wide_step_hash(x, 1);
      sum[1] += wide_step_hash(x, 2);
    };
    if (bits_.empty()) {
      for (const std::uint64_t x : sorted_) add(x);
      return sum;
    }
    for (std::size_t w = 0; w < bits_.size(); ++w)
      for (std::uint64_t word = bits_[w]; word != 0; word &= word - 1) {
        const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(word));
        add(std::uint64_t{labels_[i / classes_]} << 32 | (i % classes_));
      }
    return sum;
  }
  // How many distinct steps it holds.
  std::size_t size() const { return size_; }
  bool contains(std::uint64_t x) const {
    if (bits_.empty()) return std::binary_search(sorted_.begin(), sorted_.end(), x);
    const auto label = static_cast<std::uint32_t>(x >> 32);
    if (label >= slot_of_label_.size() || slot_of_label_[label] == 0) return false;
    const std::size_t i = bit(x);
    return (bits_[i / 64] >> (i % 64)) & 1;
  }

 private:
  // A held label's bits: slot_of_label_[label] - 1 times classes_ on.
  std::size_t bit(std::uint64_t x) const {
    return (slot_of_label_[x >> 32] - std::size_t{1}) * classes_ + static_cast<std::uint32_t>(x);
  }
  std::vector<std::uint32_t> labels_;         // in order of first appearance
  std::vector<std::uint32_t> slot_of_label_;  // per label id: its place in labels_ plus one, 0 if absent
  std::uint32_t classes_ = 0;
  std::vector<std::uint64_t> bits_;
  std::vector<std::uint64_t> sorted_;
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
    return std::any_of(candidates_.begin(), candidates_.end(), [&](lts::StateId s) { return has_wide_steps(s, cls); });
  }

  // Before a round: the wide classes among the dirty ones, and their bases
  // (the widest state of each, by out-degree). Returns whether there is any.
  bool find(const std::vector<std::uint32_t>& cls, const std::vector<std::uint8_t>& dirty, std::uint32_t num_classes) {
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
    // The signature's hash: the base's sums and those of E. For the base's,
    // a constant stands in until end_class; a state that does not reach
    // the base may have its signature only if it has as many steps.
    if (!reaches_base) base.widest_other = std::max(base.widest_other, steps.size());
    std::uint64_t h1 = reaches_base ? base_stand_in[0] : 0, h2 = reaches_base ? base_stand_in[1] : 0;
    for (const std::uint64_t x : steps) {
      h1 += wide_step_hash(x, 1);
      h2 += wide_step_hash(x, 2);
    }
    set = Set{h1, h2};
    work_ += steps.size();
    return true;
  }

  // After the signatures of every state of wide class c (`members`): if a
  // state that does not reach the base may have the signature of one that
  // does (it has as many distinct steps as the base), the base's real sums
  // replace the stand-in in those that do, so that equal signatures hash
  // alike; else the stand-in keeps them apart from the others, and the
  // base's sums are never made (r10m: 1.85*10^6 steps, two hashes each, a
  // round).
  void end_class(std::uint32_t c, std::span<const lts::StateId> members, std::vector<Set>& sig) const {
    const Base& base = bases_[wide_of_class_[c]];
    if (base.widest_other < base.steps.size()) return;
    const std::array<std::uint64_t, 2> sums = base.steps.sums();
    for (const lts::StateId s : members)
      if (form_[s].length & base_bit) {
        sig[s].lo += sums[0] - base_stand_in[0];
        sig[s].hi += sums[1] - base_stand_in[1];
      }
  }

  // The work of the forms since the last call, beyond reading the steps.
  std::uint64_t take_work() { return std::exchange(work_, 0); }

 private:
  static constexpr std::uint32_t base_bit = 0x80000000u;
  struct Base {
    lts::StateId state;
    WideStepSet steps;             // its signature, once computed
    std::size_t widest_other = 0;  // the most steps in the E of a state that does not reach it
  };
  static constexpr std::array<std::uint64_t, 2> base_stand_in{0x243F6A8885A308D3ull, 0x13198A2E03707344ull};

  // Forms of one round hold at most one step per transition and state (8
  // bytes each, on top of the rest of the rounds' memory; the inert
  // predecessors of a giant tau-cycle hold a few steps each), and
  // their positions fit in 32 bits. The base's bitset gets the same bound.
  std::size_t limit() const { return std::min<std::size_t>(g_.num_transitions() + g_.num_states(), base_bit); }

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
