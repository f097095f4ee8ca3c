// Quotient construction: Yang, Katoen, Lin, Wu, Definition 3.3 (and 4.2-4.3
// for the divergent self-loops). See quotient.hpp for the contract.
#include "bisim/quotient.hpp"

#include <algorithm>
#include <numeric>
#include <span>

#include "lts/tau_scc.hpp"

namespace bisim {

namespace {

using lts::StateId;
using lts::Transition;

bool is_branching(Equivalence e) { return e == Equivalence::branching || e == Equivalence::divbranching; }

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
std::vector<bool> divergent_classes(const lts::Lts& lts, const Partition& p) {
  // When every tau-step goes down in state number (or is a self-loop), the
  // only tau-cycles are self-loops: so it is after tau-SCC contraction,
  // which is how minimise calls us. Then no copy of the inert steps and no
  // search is needed (Treiber stack 3x2 under divbranching: peak 283 ->
  // 248 MiB).
  const bool only_self_loops = std::all_of(lts.transitions.begin(), lts.transitions.end(),
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

// One outgoing step of a class: a label and a target class.
struct Step {
  lts::LabelId label;
  std::uint32_t to;
};

// The steps of every class, bucketed by source class with a counting sort
// (O(m), no comparisons): those of class b are steps[first[b] .. first[b+1]).
// Inert tau steps are left out under the branching equivalences; divergent
// classes get their one tau self-loop under divbranching. Duplicates remain.
struct ClassSteps {
  std::vector<std::size_t> first;
  std::vector<Step> steps;
  std::span<Step> of(std::uint32_t b) { return {steps.data() + first[b], steps.data() + first[b + 1]}; }
};

ClassSteps class_steps(const lts::Lts& lts, const Partition& p, Equivalence e) {
  const auto kept = [&](const Transition& t) {
    return !(is_branching(e) && t.label == lts::tau && p.block[t.from] == p.block[t.to]);
  };
  std::vector<bool> divergent;
  if (e == Equivalence::divbranching) divergent = divergent_classes(lts, p);
  ClassSteps c;
  c.first.assign(std::size_t{p.num_blocks} + 1, 0);
  for (const Transition& t : lts.transitions)
    if (kept(t)) ++c.first[p.block[t.from] + 1];
  for (std::uint32_t b = 0; b < divergent.size(); ++b) c.first[b + 1] += divergent[b];
  std::partial_sum(c.first.begin(), c.first.end(), c.first.begin());
  c.steps.resize(c.first.back());
  // Fill with first[b] as the cursor of b, then shift the cursors back.
  for (const Transition& t : lts.transitions)
    if (kept(t)) c.steps[c.first[p.block[t.from]]++] = {t.label, p.block[t.to]};
  for (std::uint32_t b = 0; b < divergent.size(); ++b)
    if (divergent[b]) c.steps[c.first[b]++] = {lts::tau, b};
  for (std::uint32_t b = p.num_blocks; b > 0; --b) c.first[b] = c.first[b - 1];
  c.first[0] = 0;
  return c;
}

// Sorts steps by (label rank, target), the target ids being compared as
// they are: no lookups inside the comparisons, which dominated at 10^7.
void sort_steps(std::span<Step> steps, const std::vector<std::uint32_t>& rank) {
  std::sort(steps.begin(), steps.end(), [&](const Step& x, const Step& y) {
    return rank[x.label] != rank[y.label] ? rank[x.label] < rank[y.label] : x.to < y.to;
  });
}

// Breadth-first numbering of the classes reachable from `start` (canonical
// ids), visiting successors by (label rank, smallest member state). Returns
// the classes in that order; number[b] receives the position of b, or
// lts::no_state.
std::vector<std::uint32_t> number_classes(ClassSteps& steps, std::uint32_t num_classes, std::uint32_t start,
                                          const std::vector<std::uint32_t>& rank, std::vector<StateId>& number) {
  number.assign(num_classes, lts::no_state);
  std::vector<std::uint32_t> queue{start};
  number[start] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::span<Step> out = steps.of(queue[head]);
    sort_steps(out, rank);
    for (const Step& t : out) {
      if (number[t.to] != lts::no_state) continue;
      number[t.to] = static_cast<StateId>(queue.size());
      queue.push_back(t.to);
    }
  }
  return queue;
}

// The quotient; when `consumed` is given (it is `lts` itself), its
// transitions are released as soon as they have been bucketed.
lts::Lts build_quotient(const lts::Lts& lts, const Partition& given, Equivalence e,
                        std::vector<StateId>* class_to_state, const std::vector<StateId>* state_order,
                        lts::Lts* consumed) {
  const std::vector<std::uint32_t> rank = label_ranks(lts.labels);
  std::vector<std::uint32_t> order_of;
  const Partition p = numbered_by_smallest_state(given.block, given.num_blocks, &order_of, state_order);
  ClassSteps steps = class_steps(lts, p, e);
  const StateId initial_class = p.block[lts.initial];
  if (consumed) std::vector<Transition>().swap(consumed->transitions);
  std::vector<StateId> number;
  const std::vector<std::uint32_t> order = number_classes(steps, p.num_blocks, initial_class, rank, number);

  lts::Lts result;
  result.labels = lts.labels;
  result.initial = 0;
  result.num_states = static_cast<StateId>(order.size());
  std::size_t bound = 0;
  for (std::uint32_t b : order) bound += steps.of(b).size();
  result.transitions.reserve(bound);
  // Each state's transitions by (label rank, target), without duplicates.
  for (StateId q = 0; q < order.size(); ++q) {
    const std::span<Step> out = steps.of(order[q]);
    for (Step& t : out) t.to = number[t.to];
    sort_steps(out, rank);
    for (std::size_t i = 0; i < out.size(); ++i)
      if (i == 0 || out[i].label != out[i - 1].label || out[i].to != out[i - 1].to)
        result.transitions.push_back({q, out[i].label, out[i].to});
  }
  result.transitions.shrink_to_fit();
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
  return build_quotient(lts, p, e, class_to_state, state_order, nullptr);
}

lts::Lts quotient(lts::Lts&& lts, const Partition& p, Equivalence e, std::vector<StateId>* class_to_state,
                  const std::vector<StateId>* state_order) {
  return build_quotient(lts, p, e, class_to_state, state_order, &lts);
}

}  // namespace bisim
