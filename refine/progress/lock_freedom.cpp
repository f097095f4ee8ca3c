#include "refine/progress/lock_freedom.hpp"

#include <algorithm>

#include "lts/adjacency.hpp"
#include "lts/reachability.hpp"
#include "lts/tau_scc.hpp"

namespace refine {

namespace {

constexpr std::uint32_t unvisited = static_cast<std::uint32_t>(-1);

// Breadth-first search from `from` along the edges `follow` accepts, until
// `goal` holds for a state reached by at least one step. Returns the path,
// empty if there is none.
template <typename Follow, typename Goal>
std::vector<lts::Transition> shortest_path(const lts::Lts& lts, const lts::Adjacency& out, lts::StateId from,
                                           Follow follow, Goal goal) {
  std::vector<std::uint32_t> via(lts.num_states, unvisited);
  std::vector<lts::StateId> queue{from};
  std::vector<bool> seen(lts.num_states, false);
  seen[from] = true;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    for (const std::uint32_t e : out.of(queue[head])) {
      const lts::Transition& t = lts.transitions[e];
      if (!follow(t)) continue;
      if (goal(t.to)) {
        std::vector<lts::Transition> path{t};
        for (lts::StateId s = t.from; s != from; s = lts.transitions[via[s]].from)
          path.push_back(lts.transitions[via[s]]);
        std::reverse(path.begin(), path.end());
        return path;
      }
      if (seen[t.to]) continue;
      seen[t.to] = true;
      via[t.to] = e;
      queue.push_back(t.to);
    }
  }
  return {};
}

}  // namespace

Lasso find_tau_lasso(const lts::Lts& lts) {
  const lts::TauSccs sccs = lts::tau_sccs(lts);
  const auto on_cycle = [&](lts::StateId s) { return sccs.divergent[sccs.component[s]]; };
  Lasso lasso;
  if (std::none_of(sccs.divergent.begin(), sccs.divergent.end(), [](bool d) { return d; })) return lasso;
  const lts::Adjacency out(lts, lts::Direction::forward);
  const lts::StateId entry = lts.initial;
  if (!on_cycle(entry)) {
    lasso.stem = shortest_path(
        lts, out, entry, [](const lts::Transition&) { return true; }, on_cycle);
    if (lasso.stem.empty()) return lasso;  // no divergent state is reachable
  }
  const lts::StateId start = lasso.stem.empty() ? entry : lasso.stem.back().to;
  const std::uint32_t c = sccs.component[start];
  lasso.cycle = shortest_path(
      lts, out, start, [&](const lts::Transition& t) { return t.label == lts::tau && sccs.component[t.to] == c; },
      [&](lts::StateId s) { return s == start; });
  lasso.found = true;
  return lasso;
}

}  // namespace refine
