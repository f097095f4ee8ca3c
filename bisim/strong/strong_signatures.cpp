// Strong bisimulation by signature refinement (bisim/signatures/signature_refinement.hpp
// with tau an ordinary label): when its exact rounds reach their fixpoint,
// that is the answer and Paige & Tarjan never start. On LTSs where almost
// every state ends in a class of its own (random ones) this takes a few
// passes over the transitions, where the splitting of Paige & Tarjan touches
// memory at random once per class (on random LTSs, a sixth of its time).
#include "bisim/strong/strong_signatures.hpp"

#include <algorithm>
#include <numeric>
#include <span>

#include "bisim/signatures/signature_refinement_impl.hpp"
#include "bisim/signatures/worklist_signatures.hpp"
#include "lts/buckets.hpp"
#include "lts/source_order.hpp"
#include "lts/two_threads.hpp"

namespace bisim {

namespace {

// Steps by source and sources by target, built for the rounds and released
// after them. Transitions listed by source (lts/source_order.hpp; minimise
// sees to it) are the out-view themselves, with offsets; others are first
// copied in that order.
class StrongSignatureView {
 public:
  static constexpr bool tau_can_be_inert = false;

  // by_source: whether l's transitions are listed by source.
  StrongSignatureView(const lts::Lts& l, bool by_source) : n_(l.num_states) {
    const std::vector<lts::Transition>& all = l.transitions;
    const std::size_t m = all.size();
    if (by_source) {
      out_first_.assign(std::size_t{n_} + 1, 0);
      for (const lts::Transition& t : all) ++out_first_[t.from + 1];
      std::partial_sum(out_first_.begin(), out_first_.end(), out_first_.begin());
      steps_ = all;
    } else {
      lts::bucket_sort(
          m, n_, [&](std::size_t i) { return all[i].from; }, [&](std::size_t i) { return all[i]; }, out_first_, own_);
      steps_ = own_;
    }
    lts::bucket_sort(
        m, n_, [&](std::size_t i) { return all[i].to; }, [&](std::size_t i) { return all[i].from; }, in_first_,
        sources_);
  }
  lts::StateId num_states() const { return n_; }
  std::size_t num_transitions() const { return steps_.size(); }
  std::size_t out_degree(lts::StateId s) const { return out_first_[s + 1] - out_first_[s]; }
  template <typename F>
  void steps(lts::StateId s, F f) const {
    for (std::uint32_t i = out_first_[s]; i < out_first_[s + 1]; ++i) f(steps_[i].label, steps_[i].to);
  }
  template <typename F>
  std::uint32_t predecessors(lts::StateId s, F f) const {
    for (std::uint32_t i = in_first_[s]; i < in_first_[s + 1]; ++i) f(sources_[i]);
    return in_first_[s + 1] - in_first_[s];
  }

 private:
  lts::StateId n_;
  std::vector<std::uint32_t> out_first_, in_first_;
  std::vector<lts::Transition> own_;  // a copy by source, when the LTS is not listed so
  std::span<const lts::Transition> steps_;
  std::vector<lts::StateId> sources_;
};

// Hashed rounds straight over the transitions (no inert steps in strong
// bisimulation): no view to build before knowing whether the exact rounds
// are worth it. Transitions listed by source are split between two
// threads at a state boundary, each making the new hashes of its own
// states as it meets their steps, into a second array (a tenth off random
// LTSs; and no array of masks, nor a pass to mix them in).
// In any other order, the masks are gathered by scattering.
// `split`: when the classes are few (a deep answer) and the hashes of the
// round before are at hand, how the last round split the classes
// (worklist_signatures.hpp); otherwise every state counts as moved.
signatures::SignatureClasses hashed_rounds(const lts::Lts& l, bool by_source, signatures::LastSplit& split) {
  using signatures::mix;
  using signatures::step_bit;
  const lts::StateId n = l.num_states;
  const std::size_t m = l.transitions.size();
  std::vector<std::uint32_t> h(n, 0);  // 32 bits: a collision only merges, and the array is half the size
  std::vector<std::uint32_t> next_h;
  std::vector<std::uint64_t> mask;
  // The new hashes of states [first, last), whose transitions are [begin, end).
  auto next_hashes = [&](lts::StateId first, lts::StateId last, std::size_t begin, std::size_t end) {
    std::size_t i = begin;
    for (lts::StateId s = first; s < last; ++s) {
      std::uint64_t bits = step_bit(lts::tau, h[s]);
      for (; i < end && l.transitions[i].from == s; ++i)
        bits |= step_bit(l.transitions[i].label, h[l.transitions[i].to]);
      next_h[s] = static_cast<std::uint32_t>(mix(h[s], bits));
    }
  };
  if (by_source) next_h.resize(n);
  else mask.resize(n);
  const bool parallel = by_source && lts::use_two_threads(m);
  lts::StateId split_state = n;
  std::size_t split_at = m;
  if (parallel) {
    split_state = l.transitions[m / 2].from;
    split_at =
        static_cast<std::size_t>(std::partition_point(l.transitions.begin(), l.transitions.end(),
                                                      [&](const lts::Transition& t) { return t.from < split_state; }) -
                                 l.transitions.begin());
  }
  signatures::SignatureClasses classes;
  int rounds = 0;
  for (int round = 0; round < 3; ++round) {
    ++rounds;
    if (parallel) {
      lts::on_two_threads(split_state, n, [&](int part, std::size_t first, std::size_t last) {
        next_hashes(static_cast<lts::StateId>(first), static_cast<lts::StateId>(last), part == 0 ? 0 : split_at,
                    part == 0 ? split_at : m);
      });
      h.swap(next_h);
    } else if (by_source) {
      next_hashes(0, n, 0, m);
      h.swap(next_h);
    } else {
      for (lts::StateId s = 0; s < n; ++s) mask[s] = step_bit(lts::tau, h[s]);
      for (const lts::Transition& t : l.transitions) mask[t.from] |= step_bit(t.label, h[t.to]);
      for (lts::StateId s = 0; s < n; ++s) h[s] = static_cast<std::uint32_t>(mix(h[s], mask[s]));
    }
    if (round == 0) continue;
    classes.count = signatures::dense_classes(h, classes.class_of);
    // Two rounds leave a nearly rigid LTS mostly apart already; far fewer
    // classes mean a deep answer, left to the rounds that suit it (or to
    // Paige & Tarjan) at once.
    if (4 * std::uint64_t{classes.count} < n) break;
  }
  classes.log.push_back(signatures::rounds_text(rounds, "hashed") + ": " + classes_text(classes.count));
  split.moved = n;
  // next_h holds the hashes of the round before.
  if (by_source && 1000 * std::uint64_t{classes.count} < n) split = signatures::last_split(classes, next_h);
  return classes;
}

}  // namespace

bool strong_partition_by_signatures(const lts::Lts& l, Partition& result, SignaturePlan plan) {
  const bool by_source = lts::listed_by_source(l.transitions);
  signatures::LastSplit split;
  signatures::SignatureClasses classes = hashed_rounds(l, by_source, split);
  const std::uint64_t n = l.num_states, pass = std::uint64_t{l.num_transitions()} + n;
  if (plan == SignaturePlan::worklist) {
    const StrongSignatureView view(l, by_source);
    signatures::worklist_rounds(view, classes, ~std::uint64_t{0});
  } else if (2 * std::uint64_t{classes.count} >= n) {
    // Nearly rigid: numbered rounds, three passes at most.
    const StrongSignatureView view(l, by_source);
    classes = signatures::exact_rounds(view, std::move(classes), 3 * pass);
  } else if (1000 * std::uint64_t{classes.count} >= n) {
    // A deep answer, which needs a round per step of depth that tells
    // states apart, but the two hashed rounds told thousands of classes
    // apart: splits spread over the LTS, and the rounds usually converge.
    // Bloom rounds (no step table) within ten passes, then Paige & Tarjan
    // from their classes if need be (register, 5 threads forever, 12
    // rounds: about half the time and two thirds of the peak memory of
    // Paige & Tarjan after the hashed rounds). A
    // refuted Bloom fixpoint lacks a split or two: numbered rounds find them.
    const StrongSignatureView view(l, by_source);
    classes = signatures::bloom_then_numbered_rounds(view, std::move(classes), 10 * pass, 3 * pass);
  } else if (64 * split.moved <= n) {
    // The last round split few states off their classes: a chain of splits
    // that peel a state or a few off per round (the ring family, where each
    // worklist round lists one or two states; RDCSS below lists half of
    // them in every round). Worklist rounds do each in a few steps, where
    // Paige & Tarjan pay for their bookkeeping (on a ring of 10^7 states,
    // a third less time and 40% less memory).
    // The first round lists only the states with a step into one that the
    // last hashed round split off (a further fifth less of both).
    const StrongSignatureView view(l, by_source);
    const std::vector<lts::StateId> first_list = signatures::first_list_after(view, classes, split);
    signatures::worklist_rounds(view, classes, 4 * pass, n / 16, ~std::uint64_t{0}, &first_list);
  } else {
    // A handful of large classes after two rounds: long chains of splits
    // that move many states each round, which Paige & Tarjan do in O(m log
    // n) (RDCSS, 2 threads forever: 125 classes of 2.6*10^6 states and 34
    // rounds to go; Bloom or worklist rounds first would take 1.6-2x as
    // long, each worklist round listing half the states).
    classes.exact = false;
  }
  if (!classes.final()) {
    result.block = std::move(classes.class_of);
    result.num_blocks = classes.count;
    result.log = std::move(classes.log);
    return false;
  }
  result = numbered_by_smallest_state(classes.class_of, classes.count);  // as Paige & Tarjan's are
  result.log = std::move(classes.log);
  return true;
}

}  // namespace bisim
