// Quotient construction: Yang, Katoen, Lin, Wu, Definition 3.3 (and 4.2-4.3
// for the divergent self-loops). See quotient.hpp for the contract.
#include "bisim/quotient.hpp"

#include <algorithm>
#include <numeric>

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

// The transitions between classes, in block ids, sorted and without duplicates.
std::vector<Transition> class_transitions(const lts::Lts& lts, const Partition& p, Equivalence e) {
  std::vector<Transition> result;
  result.reserve(lts.transitions.size());
  for (const Transition& t : lts.transitions) {
    const Transition c{p.block[t.from], t.label, p.block[t.to]};
    if (is_branching(e) && c.label == lts::tau && c.from == c.to) continue;  // inert
    result.push_back(c);
  }
  if (e == Equivalence::divbranching) {
    const std::vector<bool> divergent = divergent_classes(lts, p);
    for (std::uint32_t b = 0; b < p.num_blocks; ++b)
      if (divergent[b]) result.push_back({b, lts::tau, b});
  }
  std::sort(result.begin(), result.end());
  result.erase(std::unique(result.begin(), result.end()), result.end());
  result.shrink_to_fit();
  return result;
}

// Breadth-first numbering of the classes reachable from `start`; successors
// are visited by (label rank, smallest member state).
std::vector<StateId> number_classes(const std::vector<Transition>& edges, const Partition& p,
                                    std::uint32_t start, const std::vector<std::uint32_t>& rank,
                                    const std::vector<StateId>& smallest_member) {
  std::vector<std::size_t> first(p.num_blocks + 1, 0);
  for (const Transition& t : edges) ++first[t.from + 1];
  std::partial_sum(first.begin(), first.end(), first.begin());

  std::vector<StateId> number(p.num_blocks, lts::no_state);
  std::vector<std::uint32_t> queue{start};
  number[start] = 0;
  std::vector<Transition> out;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t b = queue[head];
    out.assign(edges.begin() + first[b], edges.begin() + first[b + 1]);
    std::sort(out.begin(), out.end(), [&](const Transition& x, const Transition& y) {
      return std::pair(rank[x.label], smallest_member[x.to]) < std::pair(rank[y.label], smallest_member[y.to]);
    });
    for (const Transition& t : out) {
      if (number[t.to] != lts::no_state) continue;
      number[t.to] = static_cast<StateId>(queue.size());
      queue.push_back(t.to);
    }
  }
  return number;
}

}  // namespace

lts::Lts quotient(const lts::Lts& lts, const Partition& p, Equivalence e,
                  std::vector<StateId>* class_to_state) {
  const std::vector<std::uint32_t> rank = label_ranks(lts.labels);
  std::vector<StateId> smallest_member(p.num_blocks, lts::no_state);
  for (StateId s = lts.num_states; s-- > 0;) smallest_member[p.block[s]] = s;

  std::vector<Transition> edges = class_transitions(lts, p, e);
  const std::vector<StateId> number =
      number_classes(edges, p, p.block[lts.initial], rank, smallest_member);

  lts::Lts result;
  result.labels = lts.labels;
  result.initial = 0;
  result.num_states = 0;
  for (StateId n : number) result.num_states += n != lts::no_state;
  std::size_t kept = 0;
  for (const Transition& t : edges) {
    if (number[t.from] == lts::no_state) continue;
    edges[kept++] = {number[t.from], t.label, number[t.to]};
  }
  edges.resize(kept);
  std::sort(edges.begin(), edges.end(), [&](const Transition& x, const Transition& y) {
    return std::tuple(x.from, rank[x.label], x.to) < std::tuple(y.from, rank[y.label], y.to);
  });
  edges.shrink_to_fit();
  result.transitions = std::move(edges);
  if (class_to_state) *class_to_state = number;
  return result;
}

}  // namespace bisim
