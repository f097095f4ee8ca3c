#include "refine/progress/fair_cycles.hpp"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace refine {

ArcTable::ArcTable(const lts::Lts& lts) : offsets_(lts.num_states + 1, 0), arcs_(lts.num_transitions()) {
  for (const lts::Transition& t : lts.transitions) ++offsets_[t.from + 1];
  for (lts::StateId s = 0; s < lts.num_states; ++s) offsets_[s + 1] += offsets_[s];
  std::vector<std::uint32_t> fill(offsets_.begin(), offsets_.end() - 1);
  for (const lts::Transition& t : lts.transitions) arcs_[fill[t.from]++] = {t.to, t.label};
}

lts::Transition ArcTable::transition(std::uint32_t arc) const {
  const auto after = std::upper_bound(offsets_.begin(), offsets_.end(), arc);
  return {static_cast<lts::StateId>(after - offsets_.begin() - 1), arcs_[arc].label, arcs_[arc].to};
}

CycleFinder::CycleFinder(const lts::Lts& lts, const ThreadedLts& threads) : lts_(lts), threads_(threads), out_(lts) {}

SubGraphSccs CycleFinder::sccs(const SubGraph& g) const {
  SubGraphSccs s;
  std::vector<bool> kept(lts_.num_states);  // a bit per state: stays in cache where pending sets would not
  for (lts::StateId st = 0; st < lts_.num_states; ++st) kept[st] = keeps_state(g, st);
  s.components = filtered_sccs(
      lts_.num_states, out_, [&](lts::StateId st) { return kept[st]; },
      [&](const ArcTable::Arc& a) { return keeps_edge(g, a); });
  const std::vector<std::uint32_t>& of = s.components.of;
  s.facts.assign(s.components.count, ComponentFacts{false, 0, threads_.all(), 0, 0, threads_.memory_fairness});
  for (lts::StateId st = 0; st < lts_.num_states; ++st) {
    if (of[st] == no_component) continue;
    ++s.states;
    s.facts[of[st]].always_pending &= threads_.pending[st];
    s.facts[of[st]].buffered |= threads_.buffered_at(st);
  }
  for (lts::StateId from = 0; from < lts_.num_states; ++from) {
    if (of[from] == no_component) continue;
    for (const ArcTable::Arc& t : out_.of(from)) {
      if (of[t.to] == no_component || !keeps_edge(g, t)) continue;
      ++s.transitions;
      if (of[from] != of[t.to]) continue;
      ComponentFacts& f = s.facts[of[from]];
      f.has_cycle = true;
      const LabelClass c = threads_.label[t.label];
      if (c.kind == LabelKind::step) f.steps |= ThreadMask{1} << c.bit;
      if (c.kind == LabelKind::flush) f.flushes |= ThreadMask{1} << c.bit;
    }
  }
  return s;
}

// 0-1 breadth-first search: calls and returns cost 1, steps and flushes 0, so the stem
// has the fewest visible actions once steps are hidden.
std::vector<lts::Transition> CycleFinder::stem_to(const std::vector<bool>& goal) const {
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
    if (goal[st]) {
      std::vector<lts::Transition> path;
      // Each link leads to a state settled earlier, so this ends at the initial state.
      for (lts::StateId x = st; x != lts_.initial; x = path.back().from) path.push_back(out_.transition(via[x]));
      std::reverse(path.begin(), path.end());
      return path;
    }
    for (const ArcTable::Arc& t : out_.of(st)) {
      const std::uint32_t e = out_.index(t);
      const LabelKind kind = threads_.label[t.label].kind;
      const std::uint32_t cost = kind == LabelKind::step || kind == LabelKind::flush ? 0 : 1;
      if (done[t.to] || dist[st] + cost >= dist[t.to]) continue;
      dist[t.to] = dist[st] + cost;
      via[t.to] = e;
      if (cost == 0) queue.push_front(t.to);
      else queue.push_back(t.to);
    }
  }
  return {};
}

// A shortest path inside the component of `from`, along kept transitions,
// whose last transition satisfies `goal`.
template <typename Goal>
std::vector<lts::Transition> CycleFinder::path_inside(const SubGraph& g, const SubGraphSccs& s, lts::StateId from,
                                                      Goal goal) {
  if (visit_.empty()) {
    visit_.assign(lts_.num_states, 0);
    via_.assign(lts_.num_states, 0);
  }
  ++stamp_;
  const std::uint32_t c = s.components.of[from];
  std::vector<lts::StateId> queue{from};
  visit_[from] = stamp_;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    for (const ArcTable::Arc& a : out_.of(queue[head])) {
      const std::uint32_t e = out_.index(a);
      const lts::Transition t{queue[head], a.label, a.to};
      if (s.components.of[t.to] != c || !keeps_edge(g, a)) continue;
      if (goal(t)) {
        std::vector<lts::Transition> path{t};
        for (lts::StateId x = t.from; x != from; x = path.back().from) path.push_back(out_.transition(via_[x]));
        std::reverse(path.begin(), path.end());
        return path;
      }
      if (visit_[t.to] == stamp_) continue;
      visit_[t.to] = stamp_;
      via_[t.to] = e;
      queue.push_back(t.to);
    }
  }
  return {};  // unreachable for goals the component meets
}

std::vector<lts::Transition> CycleFinder::cycle_from(const SubGraph& g, const SubGraphSccs& s, lts::StateId entry,
                                                     bool fair, ThreadMask must_step) {
  std::vector<lts::Transition> cycle;
  const ComponentFacts& facts = s.facts[s.components.of[entry]];
  ThreadMask step_goals = must_step, idle_goals = 0;
  if (fair) {
    step_goals |= facts.always_pending;
    idle_goals = threads_.all() & ~facts.always_pending;
  }
  lts::StateId at = entry;
  const auto extend = [&](auto goal) {
    std::vector<lts::Transition> path = path_inside(g, s, at, goal);
    cycle.insert(cycle.end(), path.begin(), path.end());
    if (!path.empty()) at = path.back().to;
  };
  const ThreadMask flush_goals = facts.memory_fairness ? facts.buffered : 0;
  for (std::size_t b = 0; b < threads_.threads.size(); ++b) {
    const ThreadMask bit = ThreadMask{1} << b;
    if (flush_goals & bit)
      extend([&](const lts::Transition& t) {
        const LabelClass c = threads_.label[t.label];
        return c.kind == LabelKind::flush && c.bit == b;
      });
    if (step_goals & bit)
      extend([&](const lts::Transition& t) {
        const LabelClass c = threads_.label[t.label];
        return c.kind == LabelKind::step && c.bit == b;
      });
    else if ((idle_goals & bit) && (threads_.pending[at] & bit))
      extend([&](const lts::Transition& t) { return (threads_.pending[t.to] & bit) == 0; });
  }
  if (cycle.empty() || at != entry) extend([&](const lts::Transition& t) { return t.to == entry; });
  return cycle;
}

}  // namespace refine
