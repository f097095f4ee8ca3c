#include "refine/fair_cycles.hpp"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace refine {

CycleFinder::CycleFinder(const lts::Lts& lts, const ThreadedLts& threads)
    : lts_(lts), threads_(threads), out_(lts, lts::Direction::forward) {}

SubGraphSccs CycleFinder::sccs(const SubGraph& g) const {
  SubGraphSccs s;
  s.components = filtered_sccs(
      lts_, out_, [&](lts::StateId st) { return keeps_state(g, st); },
      [&](std::uint32_t, const lts::Transition& t) { return keeps_edge(g, t); });
  const std::vector<std::uint32_t>& of = s.components.of;
  s.facts.assign(s.components.count, ComponentFacts{false, 0, threads_.all()});
  for (lts::StateId st = 0; st < lts_.num_states; ++st) {
    if (of[st] == no_component) continue;
    ++s.states;
    s.facts[of[st]].always_pending &= threads_.pending[st];
  }
  for (const lts::Transition& t : lts_.transitions) {
    if (of[t.from] == no_component || of[t.to] == no_component || !keeps_edge(g, t)) continue;
    ++s.transitions;
    if (of[t.from] != of[t.to]) continue;
    ComponentFacts& f = s.facts[of[t.from]];
    f.has_cycle = true;
    const LabelClass c = threads_.label[t.label];
    if (c.kind == LabelKind::step) f.steps |= ThreadMask{1} << c.bit;
  }
  return s;
}

// 0-1 breadth-first search: calls and returns cost 1, steps 0, so the stem
// has the fewest visible actions once steps are hidden.
std::vector<lts::Transition> CycleFinder::stem_to(const SubGraphSccs& s, const std::vector<bool>& bad) const {
  constexpr std::uint32_t far = static_cast<std::uint32_t>(-1);
  std::vector<std::uint32_t> dist(lts_.num_states, far), via(lts_.num_states, far);
  std::vector<bool> done(lts_.num_states, false);
  std::deque<lts::StateId> queue{lts_.initial};
  dist[lts_.initial] = 0;
  while (!queue.empty()) {
    const lts::StateId st = queue.front();
    queue.pop_front();
    if (done[st]) continue;
    done[st] = true;
    const std::uint32_t c = s.components.of[st];
    if (c != no_component && bad[c]) {
      std::vector<lts::Transition> path;
      // Each link leads to a state settled earlier, so this ends at the initial state.
      for (lts::StateId x = st; x != lts_.initial; x = lts_.transitions[via[x]].from)
        path.push_back(lts_.transitions[via[x]]);
      std::reverse(path.begin(), path.end());
      return path;
    }
    for (const std::uint32_t e : out_.of(st)) {
      const lts::Transition& t = lts_.transitions[e];
      const std::uint32_t cost = threads_.label[t.label].kind == LabelKind::step ? 0 : 1;
      if (done[t.to] || dist[st] + cost >= dist[t.to]) continue;
      dist[t.to] = dist[st] + cost;
      via[t.to] = e;
      if (cost == 0)
        queue.push_front(t.to);
      else
        queue.push_back(t.to);
    }
  }
  return {};
}

// A shortest path inside the component of `from`, along kept transitions,
// whose last transition satisfies `goal`.
template <typename Goal>
std::vector<lts::Transition> CycleFinder::path_inside(const SubGraph& g, const SubGraphSccs& s, lts::StateId from,
                                                      Goal goal) const {
  const std::uint32_t c = s.components.of[from];
  std::unordered_map<lts::StateId, std::uint32_t> via;
  std::vector<lts::StateId> queue{from};
  via.emplace(from, static_cast<std::uint32_t>(-1));
  for (std::size_t head = 0; head < queue.size(); ++head) {
    for (const std::uint32_t e : out_.of(queue[head])) {
      const lts::Transition& t = lts_.transitions[e];
      if (s.components.of[t.to] != c || !keeps_edge(g, t)) continue;
      if (goal(t)) {
        std::vector<lts::Transition> path{t};
        for (lts::StateId x = t.from; x != from; x = lts_.transitions[via.at(x)].from)
          path.push_back(lts_.transitions[via.at(x)]);
        std::reverse(path.begin(), path.end());
        return path;
      }
      if (via.emplace(t.to, e).second) queue.push_back(t.to);
    }
  }
  return {};  // unreachable for goals the component meets
}

CycleFinder::Lasso CycleFinder::lasso_to(const SubGraph& g, const SubGraphSccs& s, const std::vector<bool>& bad,
                                         bool fair, ThreadMask must_step) const {
  Lasso lasso;
  if (std::none_of(bad.begin(), bad.end(), [](bool b) { return b; })) return lasso;
  lasso.stem = stem_to(s, bad);
  const lts::StateId entry = lasso.stem.empty() ? lts_.initial : lasso.stem.back().to;
  const ComponentFacts& facts = s.facts[s.components.of[entry]];
  ThreadMask step_goals = must_step, idle_goals = 0;
  if (fair) {
    step_goals |= facts.always_pending;
    idle_goals = threads_.all() & ~facts.always_pending;
  }
  lts::StateId at = entry;
  const auto extend = [&](auto goal) {
    std::vector<lts::Transition> path = path_inside(g, s, at, goal);
    lasso.cycle.insert(lasso.cycle.end(), path.begin(), path.end());
    if (!path.empty()) at = path.back().to;
  };
  for (std::size_t b = 0; b < threads_.threads.size(); ++b) {
    const ThreadMask bit = ThreadMask{1} << b;
    if (step_goals & bit)
      extend([&](const lts::Transition& t) {
        const LabelClass c = threads_.label[t.label];
        return c.kind == LabelKind::step && c.bit == b;
      });
    else if ((idle_goals & bit) && (threads_.pending[at] & bit))
      extend([&](const lts::Transition& t) { return (threads_.pending[t.to] & bit) == 0; });
  }
  if (lasso.cycle.empty() || at != entry) extend([&](const lts::Transition& t) { return t.to == entry; });
  return lasso;
}

}  // namespace refine
