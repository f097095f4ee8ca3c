#include "ltl/check.hpp"

#include <deque>
#include <stdexcept>
#include <unordered_map>

#include "ltl/buchi.hpp"
#include "ltl/pattern.hpp"

namespace ltl {
namespace {

struct Edge {
  std::uint32_t to;
  LassoStep step;
  bool reads;         // reads a letter (not a tau stutter)
  ThreadMask thread;  // the thread of the LTS transition (0: none, or the end stutter)
};

// Iterative Tarjan over the sub-graph of the states marked `in` (all when
// `in` is empty); component ids by state, none for states outside.
std::vector<std::uint32_t> tarjan(const std::vector<std::vector<Edge>>& g, const std::vector<bool>& in = {}) {
  const std::uint32_t none = static_cast<std::uint32_t>(-1);
  auto inside = [&](std::uint32_t v) { return in.empty() || in[v]; };
  std::vector<std::uint32_t> index(g.size(), none), low(g.size()), comp(g.size(), none), stack;
  std::vector<std::pair<std::uint32_t, std::size_t>> call;
  std::uint32_t next = 0, comps = 0;
  for (std::uint32_t r = 0; r < g.size(); ++r) {
    if (index[r] != none || !inside(r)) continue;
    call.push_back({r, 0});
    index[r] = low[r] = next++;
    stack.push_back(r);
    while (!call.empty()) {
      auto& [v, i] = call.back();
      if (i < g[v].size()) {
        const std::uint32_t w = g[v][i++].to;
        if (!inside(w)) continue;
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
    if (t.label == lts::tau) tau[t.from].push_back({t.to, {}, false, 0});
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
  Product(const lts::Lts& lts, const Buchi& b, const ThreadLabels& threads)
      : lts_(lts), b_(b), threads_(threads), ends_(ending_states(lts)) {
    enabled_lts_ = enabled_threads(lts, threads);
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
  // The threads enabled at product state p (none at the end state).
  ThreadMask enabled(std::uint32_t p) const {
    return states[p].first < lts_.num_states ? enabled_lts_[states[p].first] : 0;
  }

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
      graph[p].push_back({q, step, true, step.end ? 0 : threads_.by_label[step.label]});
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
        graph[p].push_back({q, {t.from, t.to, t.label, false}, false, threads_.by_label[t.label]});
      } else {
        read(p, lts_.labels.name(t.label), t.to, {t.from, t.to, t.label, false});
      }
    }
  }

  const lts::Lts& lts_;
  const Buchi& b_;
  const ThreadLabels& threads_;
  std::vector<bool> ends_;
  std::vector<ThreadMask> enabled_lts_;
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

// What the cycles inside a set of states can do: read a letter, meet each
// acceptance set, take threads (edges inside), leave threads disabled.
struct Summary {
  bool reads = false;
  std::vector<bool> acc;
  ThreadMask taken = 0, enabled = 0, disabled = 0;
};

Summary summarise(const Product& p, const Buchi& b, const std::vector<std::uint32_t>& members,
                  const std::vector<bool>& in) {
  Summary s;
  s.acc.assign(b.acceptance_sets, false);
  for (std::uint32_t v : members) {
    for (std::size_t j = 0; j < b.acceptance_sets; ++j) s.acc[j] = s.acc[j] || b.nodes[p.states[v].second].accepting[j];
    s.enabled |= p.enabled(v);
    s.disabled |= ~p.enabled(v);
    for (const Edge& e : p.graph[v])
      if (in[e.to]) {
        s.reads = s.reads || e.reads;
        s.taken |= e.thread;
      }
  }
  return s;
}

// A strongly connected set of product states in which a cycle reads a
// letter, meets every acceptance set (Couvreur 1999) and is fair; empty if
// none. Weak fairness is a generalised Buechi condition (each thread taken,
// or disabled somewhere, in the component). Strong fairness is a Streett
// condition, decided by the SCC refinement of Emerson and Lei, "Modalities
// for model checking: branching time logic strikes back", SCP 1987, Section
// 5 (also Latvala and Heljanko, "Coping with strong fairness", Fundam.
// Inform. 2000): in a component where thread T is enabled and never taken,
// a fair run avoids the states enabling T from some point on, so those are
// removed and the rest is decomposed again.
std::vector<bool> fair_component(const Product& p, const Buchi& b, Fairness fairness, ThreadMask all) {
  std::vector<std::vector<bool>> work{std::vector<bool>(p.graph.size(), true)};
  while (!work.empty()) {
    const std::vector<bool> in = std::move(work.back());
    work.pop_back();
    const auto comp = tarjan(p.graph, in);
    std::vector<std::vector<std::uint32_t>> members;
    for (std::uint32_t v = 0; v < comp.size(); ++v)
      if (in[v]) {
        if (comp[v] >= members.size()) members.resize(comp[v] + 1);
        members[comp[v]].push_back(v);
      }
    for (const auto& m : members) {
      std::vector<bool> c(p.graph.size(), false);
      for (std::uint32_t v : m) c[v] = true;
      const Summary s = summarise(p, b, m, c);
      bool ok = s.reads;
      for (std::size_t j = 0; ok && j < s.acc.size(); ++j) ok = s.acc[j];
      if (!ok) continue;
      if (fairness == Fairness::none) return c;
      if (fairness == Fairness::weak) {
        if (((s.taken | s.disabled) & all) == all) return c;
        continue;  // a sub-cycle takes no more threads and disables no more
      }
      const ThreadMask starved = s.enabled & ~s.taken;
      if (starved == 0) return c;
      bool rest = false;
      for (std::uint32_t v : m)
        if (p.enabled(v) & starved) c[v] = false;
        else rest = true;
      if (rest) work.push_back(std::move(c));
    }
  }
  return {};
}

// The lasso through component `in`: a shortest stem to it, then a cycle
// inside it through every acceptance set, a letter and, under fairness,
// a step of each thread it must take (or a state where it is disabled).
class LassoBuilder {
 public:
  LassoBuilder(const Product& p, const std::vector<bool>& in, LtlResult& r) : p_(p), in_(in), r_(r) {
    auto inside = [&](std::uint32_t v) { return in_[v]; };
    append(r_.stem, bfs(p_, p_.initial_, [](std::uint32_t) { return true; }, inside, entry_));
    at_ = entry_;
  }
  template <typename Goal>
  void reach(Goal goal) {
    std::uint32_t next;
    append(r_.cycle, bfs(p_, {at_}, [&](std::uint32_t v) { return in_[v]; }, goal, next));
    at_ = next;
  }
  template <typename Take>
  void take(Take take_edge) {
    auto has = [&](std::uint32_t v) {
      for (const Edge& e : p_.graph[v])
        if (in_[e.to] && take_edge(e)) return true;
      return false;
    };
    reach(has);
    for (const Edge& e : p_.graph[at_])
      if (in_[e.to] && take_edge(e)) {
        r_.cycle.push_back(e.step);
        at_ = e.to;
        return;
      }
  }
  void close() {
    reach([&](std::uint32_t v) { return v == entry_; });
  }

 private:
  static void append(std::vector<LassoStep>& out, const std::vector<Edge>& path) {
    for (const auto& e : path) out.push_back(e.step);
  }
  const Product& p_;
  const std::vector<bool>& in_;
  LtlResult& r_;
  std::uint32_t entry_ = 0, at_ = 0;
};

void lasso(const Product& p, const Buchi& b, const std::vector<bool>& in, Fairness fairness, ThreadMask all,
           LtlResult& r) {
  LassoBuilder l(p, in, r);
  for (std::size_t j = 0; j < b.acceptance_sets; ++j)
    l.reach([&](std::uint32_t v) { return b.nodes[p.states[v].second].accepting[j]; });
  l.take([](const Edge& e) { return e.reads; });
  std::vector<std::uint32_t> members;
  for (std::uint32_t v = 0; v < in.size(); ++v)
    if (in[v]) members.push_back(v);
  const Summary s = summarise(p, b, members, in);
  for (ThreadMask t = 1; t != 0 && t <= all; t <<= 1) {
    if (!(t & all) || fairness == Fairness::none) continue;
    if (s.taken & t) {
      if (fairness == Fairness::weak || (s.enabled & t)) l.take([&](const Edge& e) { return (e.thread & t) != 0; });
    } else if (fairness == Fairness::weak) {
      l.reach([&](std::uint32_t v) { return (p.enabled(v) & t) == 0; });
    }
  }
  l.close();
}

}  // namespace

LtlResult check_ltl(const lts::Lts& lts, const Formula& formula, Fairness fairness) {
  const Buchi b = translate(normal_form(formula, true));
  ThreadLabels threads;
  if (fairness != Fairness::none) {
    auto t = thread_labels(lts);
    if (!t) throw std::invalid_argument("fairness over more than 64 threads");
    threads = std::move(*t);
  } else {
    threads.by_label.assign(lts.labels.size(), 0);
  }
  const ThreadMask all = threads.threads.size() == 64 ? ~ThreadMask{0} : (ThreadMask{1} << threads.threads.size()) - 1;
  const Product p(lts, b, threads);
  LtlResult r;
  r.product_states = p.states.size();
  r.automaton_states = b.nodes.size();
  const std::vector<bool> in = fair_component(p, b, fairness, all);
  if (in.empty()) return r;
  r.holds = false;
  lasso(p, b, in, fairness, all, r);
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
