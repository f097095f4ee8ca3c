#include "tests/frontend/lts_checks.hpp"

#include <algorithm>
#include <deque>

namespace frontend::test {

namespace {

using Set = std::vector<lts::StateId>;

std::vector<std::vector<const lts::Transition*>> out_edges(const lts::Lts& l) {
  std::vector<std::vector<const lts::Transition*>> out(l.num_states);
  for (const auto& t : l.transitions) out[t.from].push_back(&t);
  return out;
}

Set closure(const std::vector<std::vector<const lts::Transition*>>& out, Set s) {
  std::set<lts::StateId> seen(s.begin(), s.end());
  for (std::size_t i = 0; i < s.size(); ++i)
    for (const auto* t : out[s[i]])
      if (t->label == lts::tau && seen.insert(t->to).second) s.push_back(t->to);
  return Set(seen.begin(), seen.end());
}

}  // namespace

bool weak_traces_included(const lts::Lts& a, const lts::Lts& b, std::string* witness) {
  const auto oa = out_edges(a), ob = out_edges(b);
  using Pair = std::pair<lts::StateId, Set>;
  std::map<Pair, std::pair<long, std::string>> parent;  // for the witness
  std::deque<Pair> queue;
  Pair start{a.initial, closure(ob, {b.initial})};
  parent[start] = {-1, ""};
  queue.push_back(start);
  std::vector<Pair> order;
  while (!queue.empty()) {
    Pair p = queue.front();
    queue.pop_front();
    for (const auto* t : oa[p.first]) {
      Set next;
      std::string label;
      if (t->label == lts::tau) {
        next = p.second;
      } else {
        label = a.labels.name(t->label);
        lts::LabelId lb;
        if (b.labels.find(label, lb))
          for (lts::StateId s : p.second)
            for (const auto* u : ob[s])
              if (u->label == lb) next.push_back(u->to);
        next = closure(ob, next);
        if (next.empty()) {
          if (witness) {
            std::vector<std::string> trace{label};
            for (Pair q = p;;) {
              const auto& [prev, l] = parent.at(q);
              if (prev < 0) break;
              if (!l.empty()) trace.push_back(l);
              q = order[prev];
            }
            std::reverse(trace.begin(), trace.end());
            witness->clear();
            for (const auto& l : trace) *witness += l + " ";
          }
          return false;
        }
      }
      Pair q{t->to, std::move(next)};
      if (!parent.count(q)) {
        order.push_back(p);
        parent[q] = {static_cast<long>(order.size()) - 1, label};
        queue.push_back(std::move(q));
      }
    }
  }
  return true;
}

bool strongly_bisimilar(const lts::Lts& a, const lts::Lts& b) {
  // The disjoint union: a's states, then b's.
  const std::size_t n = a.num_states + b.num_states;
  struct Edge {
    std::size_t from;
    std::string label;
    std::size_t to;
  };
  std::vector<Edge> edges;
  for (const auto& t : a.transitions)
    edges.push_back({t.from, t.label == lts::tau ? "" : a.labels.name(t.label), t.to});
  for (const auto& t : b.transitions)
    edges.push_back({a.num_states + t.from, t.label == lts::tau ? "" : b.labels.name(t.label), a.num_states + t.to});
  std::vector<std::size_t> block(n, 0);
  std::size_t blocks = 1;
  for (;;) {
    std::vector<std::set<std::pair<std::string, std::size_t>>> sig(n);
    for (const auto& e : edges) sig[e.from].insert({e.label, block[e.to]});
    std::map<std::pair<std::size_t, std::set<std::pair<std::string, std::size_t>>>, std::size_t> ids;
    std::vector<std::size_t> next(n);
    for (std::size_t s = 0; s < n; ++s)
      next[s] = ids.emplace(std::make_pair(block[s], sig[s]), ids.size()).first->second;
    block.swap(next);
    if (ids.size() == blocks) break;
    blocks = ids.size();
  }
  return block[a.initial] == block[a.num_states + b.initial];
}

}  // namespace frontend::test
