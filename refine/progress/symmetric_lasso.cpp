// Lassos of the expansion M~ for the checks of symmetric_checker.cpp, built
// on the orbit LTS: the stem by a search over representatives, lifted
// through the permutations on its transitions; the cycle by searches over
// the states (g, r) of one SCC of M~, which the component's lift names
// (refine/progress/symmetric_progress.hpp). The lasso's labels are those of M~, so
// it is a run of the object system, replayable with gen --replay.
#include <deque>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include "refine/progress/symmetric_checker.hpp"

namespace refine::symmetric {

// 0-1 breadth-first search over representatives: a call or a return costs
// one, a step nothing, as the direct route's stems (fair_cycles.hpp).
std::vector<SymmetricChecker::LiftedStep> SymmetricChecker::stem_to(const std::vector<bool>& goal) const {
  constexpr auto unseen = std::numeric_limits<std::uint64_t>::max();
  std::vector<std::uint64_t> cost(o_.num_states, unseen);
  std::vector<const Arc*> via(o_.num_states, nullptr);
  std::vector<StateId> parent(o_.num_states, 0);
  std::deque<StateId> queue{o_.initial};
  cost[o_.initial] = 0;
  StateId end = o_.initial;
  bool found = false;
  while (!queue.empty()) {
    const StateId s = queue.front();
    queue.pop_front();
    if (goal[s]) {
      end = s;
      found = true;
      break;
    }
    for (const Arc& a : arcs_.of(s)) {
      const std::uint64_t w = labels_[a.label].kind == LabelKind::step ? 0 : 1;
      if (cost[s] + w >= cost[a.to]) continue;
      cost[a.to] = cost[s] + w;
      via[a.to] = &a;
      parent[a.to] = s;
      if (w == 0) queue.push_front(a.to);
      else queue.push_back(a.to);
    }
  }
  // A violating component is made of reachable representatives.
  if (!found) throw std::logic_error("symmetric progress: no path to a violating component");
  std::vector<const Arc*> arcs;  // the cost never falls below the initial state's: no cycle of parents
  for (StateId s = end; s != o_.initial; s = parent[s]) arcs.push_back(via[s]);
  std::vector<LiftedStep> stem;
  Lifted at{o_.initial_permutation, o_.initial};
  for (std::size_t i = arcs.size(); i-- > 0;) {
    const Lifted to{group_.compose(at.g, arcs[i]->permutation), arcs[i]->to};
    stem.push_back({at, o_.label_image[arcs[i]->label][at.g], to});
    at = to;
  }
  return stem;
}

template <typename Goal>
std::vector<SymmetricChecker::LiftedStep> SymmetricChecker::path_inside(Lifted from, const Components& c,
                                                                        std::uint32_t comp, int tracked,
                                                                        Goal goal) const {
  if (goal(static_cast<const LiftedStep*>(nullptr), from)) return {};
  const auto key = [&](Lifted x) { return std::uint64_t{x.r} * group_.size() + x.g; };
  std::unordered_map<std::uint64_t, LiftedStep> reached_by;  // each state but `from`: the step into it
  std::vector<Lifted> queue{from};
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Lifted u = queue[head];
    const int x = width_ == 1 ? 0 : static_cast<int>(node_of(u, tracked) % static_cast<StateId>(width_));
    for (const Arc& a : arcs_.of(u.r)) {
      const NodeArc n = node_arc(a, x);
      if (!n.kept || !keeps_node(n.to) || c.of[n.to] != comp) continue;
      const LiftedStep step{u, o_.label_image[a.label][u.g], {group_.compose(u.g, a.permutation), a.to}};
      if (goal(&step, step.to)) {
        std::vector<LiftedStep> path{step};
        for (Lifted back = u; !(back == from); back = path.back().from) path.push_back(reached_by.at(key(back)));
        return {path.rbegin(), path.rend()};
      }
      if (step.to == from || reached_by.contains(key(step.to))) continue;
      reached_by.emplace(key(step.to), step);
      queue.push_back(step.to);
    }
  }
  return {};
}

ProgressLasso SymmetricChecker::lasso(Progress p, const Components& c, const std::vector<bool>& bad) const {
  const auto bad_node = [&](StateId node) { return c.of[node] != no_component && bad[c.of[node]]; };
  std::vector<bool> near(o_.num_states, false);  // representatives with a violating node
  for (StateId n = 0; n < static_cast<StateId>(c.of.size()); ++n)
    if (bad_node(n)) near[n / static_cast<StateId>(width_)] = true;
  const std::vector<LiftedStep> stem = stem_to(near);
  const Lifted entry = stem.empty() ? Lifted{o_.initial_permutation, o_.initial} : stem.back().to;
  // The tracked thread: the lowest T whose node at the entry is violating.
  int tracked = 0;
  for (int t = k_ - 1; t >= 0; --t)
    if (bad_node(node_of(entry, t))) tracked = t;
  const std::uint32_t comp = c.of[node_of(entry, tracked)];

  std::vector<LiftedStep> cycle;
  Lifted at = entry;
  const auto follow = [&](auto goal) {
    const std::vector<LiftedStep> path = path_inside(at, c, comp, tracked, goal);
    cycle.insert(cycle.end(), path.begin(), path.end());
    if (!path.empty()) at = path.back().to;
  };
  const auto pending_at = [&](Lifted x) { return image(x.g, pending_[x.r]); };
  const auto steps_of = [&](int thread) {
    return [this, thread](const LiftedStep* via, Lifted) {
      return via && labels_[via->label].kind == LabelKind::step && labels_[via->label].thread == thread;
    };
  };
  if (p == Progress::wait_free) follow(steps_of(tracked));
  if (p == Progress::deadlock_free || p == Progress::starvation_free) {
    // Fair: a step of every thread pending throughout the SCC, a state where
    // each other thread is idle.
    ThreadMask always = ~ThreadMask{0};
    path_inside(entry, c, comp, tracked, [&](const LiftedStep*, Lifted x) {
      always &= pending_at(x);
      return false;
    });
    for (int t = 0; t < k_; ++t) {
      if (always >> t & 1) follow(steps_of(t));
      else follow([&](const LiftedStep*, Lifted x) { return !(pending_at(x) >> t & 1); });
    }
  }
  if (cycle.empty()) follow([](const LiftedStep* via, Lifted) { return via != nullptr; });
  if (!(at == entry)) follow([&](const LiftedStep* via, Lifted x) { return via && x == entry; });
  return number(stem, cycle, per_thread(p) ? static_cast<std::uint32_t>(tracked + 1) : 0);
}

// The lasso with its states numbered in the order it meets them (0: the
// initial state), its labels those of M~, thread bit t for thread t+1.
ProgressLasso SymmetricChecker::number(const std::vector<LiftedStep>& stem, const std::vector<LiftedStep>& cycle,
                                       std::uint32_t thread) const {
  std::unordered_map<std::uint64_t, StateId> id;
  const auto id_of = [&](Lifted x) {
    return id.emplace(std::uint64_t{x.r} * group_.size() + x.g, static_cast<StateId>(id.size())).first->second;
  };
  id_of({o_.initial_permutation, o_.initial});
  ProgressLasso l;
  l.thread = thread;
  l.pending_forever = (ThreadMask{1} << k_) - 1;
  for (const LiftedStep& s : stem) l.stem.push_back({id_of(s.from), s.label, id_of(s.to)});
  for (const LiftedStep& s : cycle) {
    l.cycle.push_back({id_of(s.from), s.label, id_of(s.to)});
    if (labels_[s.label].kind == LabelKind::step) l.stepping |= ThreadMask{1} << labels_[s.label].thread;
    l.pending_forever &= image(s.from.g, pending_[s.from.r]);
  }
  return l;
}

}  // namespace refine::symmetric
