#include "ltl/check.hpp"

#include <deque>
#include <unordered_map>

#include "ltl/buchi.hpp"
#include "ltl/pattern.hpp"

namespace ltl {
namespace {

struct Edge {
  std::uint32_t to;
  LassoStep step;
  bool reads;  // reads a letter (not a tau stutter)
};

// Iterative Tarjan over an adjacency list; component ids by state.
std::vector<std::uint32_t> tarjan(const std::vector<std::vector<Edge>>& g) {
  const std::uint32_t none = static_cast<std::uint32_t>(-1);
  std::vector<std::uint32_t> index(g.size(), none), low(g.size()), comp(g.size(), none), stack;
  std::vector<std::pair<std::uint32_t, std::size_t>> call;
  std::uint32_t next = 0, comps = 0;
  for (std::uint32_t r = 0; r < g.size(); ++r) {
    if (index[r] != none) continue;
    call.push_back({r, 0});
    index[r] = low[r] = next++;
    stack.push_back(r);
    while (!call.empty()) {
      auto& [v, i] = call.back();
      if (i < g[v].size()) {
        const std::uint32_t w = g[v][i++].to;
        if (index[w] == none) {
          index[w] = low[w] = next++;
          stack.push_back(w);
          call.push_back({w, 0});
        } else if (comp[w] == none) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      if (low[v] == index[v]) {
        std::uint32_t w;
        do {
          w = stack.back();
          stack.pop_back();
          comp[w] = comps;
        } while (w != v);
        ++comps;
      }
      const std::uint32_t done = v;
      call.pop_back();
      if (!call.empty()) low[call.back().first] = std::min(low[call.back().first], low[done]);
    }
  }
  return comp;
}

// States of the LTS from which a run may end: deadlocks and states on a cycle of tau steps.
std::vector<bool> ending_states(const lts::Lts& lts) {
  std::vector<std::vector<Edge>> tau(lts.num_states);
  std::vector<bool> out(lts.num_states, false), ends(lts.num_states, false);
  for (const auto& t : lts.transitions) {
    out[t.from] = true;
    if (t.label == lts::tau) tau[t.from].push_back({t.to, {}, false});
  }
  const auto comp = tarjan(tau);
  for (const auto& t : lts.transitions)
    if (t.label == lts::tau && comp[t.from] == comp[t.to]) ends[t.from] = true;
  for (lts::StateId s = 0; s < lts.num_states; ++s)
    if (!out[s]) ends[s] = true;
  return ends;
}

class Product {
 public:
  Product(const lts::Lts& lts, const Buchi& b) : lts_(lts), b_(b), ends_(ending_states(lts)) {
    for (std::size_t n = 0; n < b.nodes.size(); ++n)
      if (b.nodes[n].initial) initial_.push_back(id(lts.initial, static_cast<int>(n)));
    by_state_.resize(lts.num_states);
    for (const auto& t : lts.transitions) by_state_[t.from].push_back(t);
    while (!work_.empty()) {
      const std::uint32_t p = work_.front();
      work_.pop_front();
      expand(p);
    }
  }
  std::vector<std::vector<Edge>> graph;
  std::vector<std::pair<lts::StateId, int>> states;
  std::vector<std::uint32_t> initial_;

 private:
  std::uint32_t id(lts::StateId s, int n) {
    const std::uint64_t key = (std::uint64_t{s} << 32) | static_cast<std::uint32_t>(n);
    auto [it, fresh] = ids_.try_emplace(key, static_cast<std::uint32_t>(states.size()));
    if (fresh) {
      states.push_back({s, n});
      graph.emplace_back();
      work_.push_back(it->second);
    }
    return it->second;
  }
  void read(std::uint32_t p, const std::string& letter, lts::StateId to, LassoStep step) {
    const int n = states[p].second;
    if (!b_.admits(n, letter)) return;
    for (int m : b_.nodes[n].successors) {
      const std::uint32_t q = id(to, m);
      graph[p].push_back({q, step, true});
    }
  }
  void expand(std::uint32_t p) {
    const auto [s, n] = states[p];
    const lts::StateId end_state = lts_.num_states;  // the state after a run ended
    if (s == end_state || ends_[s]) read(p, end_letter(), end_state, {s, s, 0, true});
    if (s == end_state) return;
    for (const auto& t : by_state_[s]) {
      if (t.label == lts::tau) {
        const std::uint32_t q = id(t.to, n);  // before graph[p]: id() may grow graph
        graph[p].push_back({q, {t.from, t.to, t.label, false}, false});
      } else {
        read(p, lts_.labels.name(t.label), t.to, {t.from, t.to, t.label, false});
      }
    }
  }

  const lts::Lts& lts_;
  const Buchi& b_;
  std::vector<bool> ends_;
  std::vector<std::vector<lts::Transition>> by_state_;
  std::unordered_map<std::uint64_t, std::uint32_t> ids_;
  std::deque<std::uint32_t> work_;
};

// A shortest path by BFS from `from` to a state where `goal`, keeping to `allowed`.
template <typename Allowed, typename Goal>
std::vector<Edge> bfs(const Product& p, const std::vector<std::uint32_t>& from, Allowed allowed, Goal goal,
                      std::uint32_t& reached) {
  std::vector<std::uint32_t> parent(p.graph.size(), static_cast<std::uint32_t>(-1));
  std::vector<Edge> via(p.graph.size());
  std::deque<std::uint32_t> q;
  std::vector<bool> seen(p.graph.size(), false);
  for (auto f : from) {
    seen[f] = true;
    q.push_back(f);
  }
  while (!q.empty()) {
    const std::uint32_t v = q.front();
    q.pop_front();
    if (goal(v)) {
      reached = v;
      std::vector<Edge> path;
      for (std::uint32_t x = v; parent[x] != static_cast<std::uint32_t>(-1); x = parent[x]) path.push_back(via[x]);
      return {path.rbegin(), path.rend()};
    }
    for (const Edge& e : p.graph[v])
      if (!seen[e.to] && allowed(e.to)) {
        seen[e.to] = true;
        parent[e.to] = v;
        via[e.to] = e;
        q.push_back(e.to);
      }
  }
  reached = static_cast<std::uint32_t>(-1);
  return {};
}

// The lasso through component c: a stem to it, then a cycle inside it that
// visits every acceptance set and reads a letter (Couvreur 1999, Section 3).
void lasso(const Product& p, const Buchi& b, const std::vector<std::uint32_t>& comp, std::uint32_t c, LtlResult& r) {
  auto in_c = [&](std::uint32_t v) { return comp[v] == c; };
  std::uint32_t entry, at;
  auto append = [](std::vector<LassoStep>& out, const std::vector<Edge>& path) {
    for (const auto& e : path) out.push_back(e.step);
  };
  append(r.stem, bfs(p, p.initial_, [](std::uint32_t) { return true; }, in_c, entry));
  at = entry;
  for (std::size_t j = 0; j < b.acceptance_sets; ++j) {
    std::uint32_t next;
    append(r.cycle, bfs(p, {at}, in_c, [&](std::uint32_t v) { return b.nodes[p.states[v].second].accepting[j]; }, next));
    at = next;
  }
  std::uint32_t src;
  auto reads_inside = [&](std::uint32_t v) {
    for (const Edge& e : p.graph[v])
      if (e.reads && in_c(e.to)) return true;
    return false;
  };
  append(r.cycle, bfs(p, {at}, in_c, reads_inside, src));
  for (const Edge& e : p.graph[src])
    if (e.reads && in_c(e.to)) {
      r.cycle.push_back(e.step);
      at = e.to;
      break;
    }
  std::uint32_t back;
  append(r.cycle, bfs(p, {at}, in_c, [&](std::uint32_t v) { return v == entry; }, back));
}

}  // namespace

LtlResult check_ltl(const lts::Lts& lts, const Formula& formula) {
  const Buchi b = translate(normal_form(formula, true));
  const Product p(lts, b);
  const auto comp = tarjan(p.graph);
  LtlResult r;
  r.product_states = p.states.size();
  r.automaton_states = b.nodes.size();
  std::uint32_t comps = 0;
  for (auto c : comp) comps = std::max(comps, c + 1);
  std::vector<bool> reads(comps, false);
  std::vector<std::vector<bool>> acc(comps, std::vector<bool>(b.acceptance_sets, false));
  for (std::uint32_t v = 0; v < p.graph.size(); ++v) {
    for (std::size_t j = 0; j < b.acceptance_sets; ++j)
      if (b.nodes[p.states[v].second].accepting[j]) acc[comp[v]][j] = true;
    for (const Edge& e : p.graph[v])
      if (e.reads && comp[e.to] == comp[v]) reads[comp[v]] = true;
  }
  for (std::uint32_t c = 0; c < comps; ++c) {
    bool all = reads[c];
    for (std::size_t j = 0; all && j < b.acceptance_sets; ++j) all = acc[c][j];
    if (!all) continue;
    r.holds = false;
    lasso(p, b, comp, c, r);
    break;
  }
  return r;
}

std::vector<std::string> unmatched_patterns(const lts::Lts& lts, const Formula& f) {
  std::vector<std::string> out;
  for (const Node& n : f.nodes) {
    if (n.op != Op::atom && n.op != Op::natom) continue;
    if (n.pattern == "end") continue;
    bool any = false;
    for (lts::LabelId l = 1; l < lts.labels.size() && !any; ++l) any = matches(n.pattern, lts.labels.name(l));
    if (!any) out.push_back(n.pattern);
  }
  return out;
}

}  // namespace ltl
