// Quotient construction: Yang, Katoen, Lin, Wu, Definition 3.3 (and 4.2-4.3
// for the divergent self-loops). See quotient.hpp for the contract.
#include "bisim/quotient.hpp"

#include <algorithm>
#include <numeric>
#include <span>

#include "lts/sort_keys.hpp"
#include "lts/tau_scc.hpp"

namespace bisim {

namespace {

using lts::StateId;
using lts::Transition;

// rank[label]: position of the label in name order, tau always first, so the
// output never depends on the order in which labels were interned.
std::vector<std::uint32_t> label_ranks(const lts::LabelTable& labels) {
  std::vector<lts::LabelId> order(labels.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin() + 1, order.end(),
            [&](lts::LabelId a, lts::LabelId b) { return labels.name(a) < labels.name(b); });
  std::vector<std::uint32_t> rank(labels.size());
  for (std::uint32_t r = 0; r < order.size(); ++r) rank[order[r]] = r;
  return rank;
}

// divergent[b]: class b has a tau-cycle made of inert tau steps.
std::vector<bool> divergent_classes(const lts::Lts& lts, const Partition& p, bool tau_cycles_are_self_loops) {
  // When the caller knows it, or every tau-step goes down in state number
  // (or is a self-loop), the only tau-cycles are self-loops: so it is after
  // tau-SCC contraction, or when minimise found no cycles. Then no copy of
  // the inert steps and no search is needed (an eighth less peak memory on
  // the Treiber stack 3x2 under divbranching).
  const bool only_self_loops = tau_cycles_are_self_loops ||
                               std::all_of(lts.transitions.begin(), lts.transitions.end(),
                                           [](const Transition& t) { return t.label != lts::tau || t.to <= t.from; });
  if (only_self_loops) {
    std::vector<bool> divergent(p.num_blocks, false);
    for (const Transition& t : lts.transitions)
      if (t.label == lts::tau && t.from == t.to) divergent[p.block[t.from]] = true;
    return divergent;
  }
  lts::Lts inert;
  inert.num_states = lts.num_states;
  for (const Transition& t : lts.transitions)
    if (t.label == lts::tau && p.block[t.from] == p.block[t.to]) inert.transitions.push_back(t);
  const lts::TauSccs sccs = lts::tau_sccs(inert);
  std::vector<bool> divergent(p.num_blocks, false);
  for (StateId s = 0; s < lts.num_states; ++s)
    if (sccs.divergent[sccs.component[s]]) divergent[p.block[s]] = true;
  return divergent;
}

// One outgoing step of a class: the rank of its label (label_ranks) in the
// high half, the target class in the low half, so that sorting the numbers
// sorts by (label rank, target) with no lookups in the comparisons.
using Step = std::uint64_t;
Step step(std::uint32_t rank, std::uint32_t to) { return std::uint64_t{rank} << 32 | to; }
std::uint32_t rank_of(Step s) { return static_cast<std::uint32_t>(s >> 32); }
std::uint32_t target(Step s) { return static_cast<std::uint32_t>(s); }

// The steps of every class, bucketed by source class with a counting sort
// (O(m), no comparisons): those of class b are steps[first[b] .. first[b+1]).
// Inert tau steps are left out under the branching equivalences; divergent
// classes get their one tau self-loop under divbranching. Duplicates remain.
struct ClassSteps {
  std::vector<std::size_t> first;
  std::vector<Step> steps;
  std::span<Step> of(std::uint32_t b) { return {steps.data() + first[b], steps.data() + first[b + 1]}; }
};

ClassSteps class_steps(const lts::Lts& lts, const Partition& p, Equivalence e, const std::vector<std::uint32_t>& rank,
                       bool tau_cycles_are_self_loops) {
  const bool hides_inert = hides_inert_tau(e);
  const auto kept = [&](const Transition& t) {
    return !(hides_inert && t.label == lts::tau && p.block[t.from] == p.block[t.to]);
  };
  std::vector<bool> divergent;
  if (divergence_sensitive(e)) divergent = divergent_classes(lts, p, tau_cycles_are_self_loops);
  ClassSteps c;
  c.first.assign(std::size_t{p.num_blocks} + 1, 0);
  const std::vector<Transition>& all = lts.transitions;
  const std::size_t m = all.size();
  // The target's class is read at random: fetched this many transitions
  // ahead (a few percent off the build phase of large random LTSs).
  constexpr std::size_t ahead = 16;
  for (std::size_t i = 0; i < m; ++i) {
    if (hides_inert && i + ahead < m) __builtin_prefetch(&p.block[all[i + ahead].to]);
    if (kept(all[i])) ++c.first[p.block[all[i].from] + 1];
  }
  for (std::uint32_t b = 0; b < divergent.size(); ++b) c.first[b + 1] += divergent[b];
  std::partial_sum(c.first.begin(), c.first.end(), c.first.begin());
  c.steps.resize(c.first.back());
  // Fill with first[b] as the cursor of b, then shift the cursors back.
  for (std::size_t i = 0; i < m; ++i) {
    if (i + ahead < m) __builtin_prefetch(&p.block[all[i + ahead].to]);
    const Transition& t = all[i];
    if (kept(t)) c.steps[c.first[p.block[t.from]]++] = step(rank[t.label], p.block[t.to]);
  }
  for (std::uint32_t b = 0; b < divergent.size(); ++b)
    if (divergent[b]) c.steps[c.first[b]++] = step(rank[lts::tau], b);
  for (std::uint32_t b = p.num_blocks; b > 0; --b) c.first[b] = c.first[b - 1];
  c.first[0] = 0;
  return c;
}

// How many classes ahead in its queue number_and_emit fetches the target
// numbers (and twice as far, the steps).
constexpr std::size_t prefetch_distance = 8;

// The quotient's states are the classes reachable from `start`, numbered
// breadth-first (canonical ids), visiting successors by (label rank,
// smallest member state). One pass: each class's steps are sorted, their
// targets numbered (new ones in that order) and rewritten to the numbers
// while in cache, then sorted again by (label rank, number) and emitted
// without duplicates. Numbering first and emitting in a second pass read
// every step's target class twice at random (random LTS of 10^7
// transitions: a third of the build phase). number[b] receives the
// quotient state of class b, or lts::no_state.
void number_and_emit(ClassSteps& steps, std::uint32_t num_classes, std::uint32_t start,
                     const std::vector<lts::LabelId>& label_of_rank, std::vector<StateId>& number, lts::Lts& result) {
  number.assign(num_classes, lts::no_state);
  std::vector<std::uint32_t> queue{start};
  number[start] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    // The classes are taken in breadth-first order, so each one's steps are
    // a jump in memory, and so are their targets' numbers: fetch where the
    // steps of a class 32 places ahead are, the steps of the class 16
    // places ahead (whose place is in cache by then), and the numbers of
    // the targets of the class 8 places ahead (30% off the build phase of
    // a random LTS; fetching the place and the steps of one class at once
    // would wait for the place).
    if (head + 4 * prefetch_distance < queue.size())
      __builtin_prefetch(&steps.first[queue[head + 4 * prefetch_distance]]);
    if (head + 2 * prefetch_distance < queue.size())
      __builtin_prefetch(steps.steps.data() + steps.first[queue[head + 2 * prefetch_distance]]);
    if (head + prefetch_distance < queue.size())
      for (const Step t : steps.of(queue[head + prefetch_distance])) __builtin_prefetch(&number[target(t)]);
    std::span<Step> out = steps.of(queue[head]);
    lts::sort_keys(out);
    std::size_t unique = 0;
    Step previous = ~Step{0};  // as read, before rewriting; no step is all ones
    for (const Step t : out) {
      if (t == previous) continue;  // a duplicate
      previous = t;
      StateId& to = number[target(t)];
      if (to == lts::no_state) {
        to = static_cast<StateId>(queue.size());
        queue.push_back(target(t));
      }
      out[unique++] = step(rank_of(t), to);
    }
    out = out.first(unique);
    lts::sort_keys(out);
    const auto q = static_cast<StateId>(head);
    for (const Step t : out) result.transitions.push_back({q, label_of_rank[rank_of(t)], target(t)});
  }
  result.num_states = static_cast<StateId>(queue.size());
}

// The quotient; when `consumed` is given (it is `lts` itself), its
// transitions are released as soon as they have been bucketed.
lts::Lts build_quotient(const lts::Lts& lts, const Partition& given, Equivalence e,
                        std::vector<StateId>* class_to_state, const std::vector<StateId>* state_order,
                        lts::Lts* consumed, bool tau_cycles_are_self_loops) {
  const std::vector<std::uint32_t> rank = label_ranks(lts.labels);
  std::vector<std::uint32_t> order_of;
  const Partition p = numbered_by_smallest_state(given.block, given.num_blocks, &order_of, state_order);
  ClassSteps steps = class_steps(lts, p, e, rank, tau_cycles_are_self_loops);
  const StateId initial_class = p.block[lts.initial];
  lts::Lts result;
  result.labels = lts.labels;
  result.initial = 0;
  if (consumed) std::vector<Transition>().swap(consumed->transitions);
  // Address space only: pages are touched as transitions are emitted, and
  // the rest of the capacity is never touched, so never resident: no
  // shrinking, which would copy every transition and raise the peak.
  result.transitions.reserve(steps.steps.size());
  std::vector<StateId> number;
  std::vector<lts::LabelId> label_of_rank(rank.size());
  for (lts::LabelId a = 0; a < rank.size(); ++a) label_of_rank[rank[a]] = a;
  number_and_emit(steps, p.num_blocks, initial_class, label_of_rank, number, result);
  steps = ClassSteps{};
  if (class_to_state) {
    class_to_state->resize(given.num_blocks);
    for (std::uint32_t b = 0; b < given.num_blocks; ++b)
      (*class_to_state)[b] = order_of[b] == lts::no_state ? lts::no_state : number[order_of[b]];
  }
  return result;
}

}  // namespace

lts::Lts quotient(const lts::Lts& lts, const Partition& p, Equivalence e, std::vector<StateId>* class_to_state,
                  const std::vector<StateId>* state_order) {
  return build_quotient(lts, p, e, class_to_state, state_order, nullptr, false);
}

lts::Lts quotient(lts::Lts&& lts, const Partition& p, Equivalence e, std::vector<StateId>* class_to_state,
                  const std::vector<StateId>* state_order, bool tau_cycles_are_self_loops) {
  return build_quotient(lts, p, e, class_to_state, state_order, &lts, tau_cycles_are_self_loops);
}

}  // namespace bisim
