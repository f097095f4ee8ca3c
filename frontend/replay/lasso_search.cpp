#include "frontend/replay/lasso_search.hpp"

#include <algorithm>

#include "lts/tau_scc_search.hpp"

namespace frontend::replay::detail {

namespace {

// The cycle's items in order; an internal item takes one or more internal
// steps of its thread (any thread for `i`). With `rounds`, a cycle matched
// to its end may start again: a lasso stands for stem.cycle^w, and a cycle
// found on a quotient may come back to the same concrete state only after
// several rounds.
//
// With `weak` (a lasso of refines --ltl on an LTS whose internal steps are
// `i`, docs/replay.md), the items are visible labels only and any internal
// steps may come before, between and after them: the formula does not see
// them, and a step of the quotient (or of gen's reduced LTS) is inert
// internal steps and then that step.
struct CycleStep {
  const std::vector<CexItem>& items;
  const std::vector<lts::LabelId>& ids;  // per item; tau for internal ones
  bool rounds = false;
  bool weak = false;
  // The kind as well as the thread (docs/replay.md): under store buffers a
  // step(T,store) line only by a step of T that buffers as many stores, a
  // step(T,flush) line only by a flush of T, a step(T) line only by another
  // step of T; `i` by any internal step.
  static bool internal_of(const CexItem& item, const Edge& e) {
    return !item.visible && internal_matches(item.letter(), e);
  }
  // `i` and step(T) are one or more internal steps; a store or a flush line
  // exactly one step (gen's LTS has one transition per store and flush, and
  // the buffers' occupancy along the run, which memory fairness reads, is
  // then the lasso's).
  static bool repeats(const CexItem& item) { return item.kind == StepKind::any || item.kind == StepKind::step; }
  bool matches(std::size_t pos, const Edge& e) const {
    return items[pos].visible ? e.label == ids[pos] : internal_of(items[pos], e);
  }
  // Whether `e`, taken at the cycle's end, starts another round.
  bool starts_round(std::uint32_t pos, const Edge& e) const {
    return rounds && pos == items.size() && !items.empty() && matches(0, e);
  }
  void operator()(std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) const {
    if (pos < items.size() && matches(pos, e)) out.push_back(pos + 1);
    if (pos > 0 && repeats(items[pos - 1]) && internal_of(items[pos - 1], e)) out.push_back(pos);
    if (weak && e.label == lts::tau) out.push_back(pos);
    if (starts_round(pos, e)) out.push_back(1);
  }
};

// A lasso's stem: its visible labels weakly (internal steps keep the
// position; its `i` and `step(T)` lines are no constraints, as a progress
// property does not depend on the stem), or, for a lasso of refines --ltl
// on an LTS with step(T) letters (gen --thread-steps), all its items
// strictly as a cycle's are matched: each letter is a position of the word
// the formula reads.
struct StemStep {
  const std::vector<lts::LabelId>& visible;
  const CycleStep* strict = nullptr;
  std::uint32_t end() const { return static_cast<std::uint32_t>(strict ? strict->items.size() : visible.size()); }
  void operator()(std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) const {
    if (strict) (*strict)(pos, e, out);
    else weak_step(visible)(pos, e, out);
  }
};

// A lasso's stem and the rounds of its cycle as one walk: positions 0..S
// match the stem's S visible labels weakly; at S the stem is over and the
// cycle's first round may begin; S+P is the cycle matched up to item P, and
// S+L (the cycle's end) may start the next round.
struct LassoWalk {
  const StemStep& stem;
  const CycleStep& cycle;
  std::uint32_t stem_end() const { return stem.end(); }
  std::uint32_t cycle_end() const { return stem_end() + static_cast<std::uint32_t>(cycle.items.size()); }
  void operator()(std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) const {
    const std::uint32_t s = stem_end();
    if (pos <= s) stem(pos, e, out);  // at s: only the internal steps that keep it
    if (pos < s) return;
    const std::size_t from = out.size();
    cycle(pos - s, e, out);
    for (std::size_t i = from; i < out.size(); ++i) out[i] += s;
  }
};

// The states from which the cycle, started afresh, comes back to the same
// state after one or more rounds: those whose node at the cycle's end (S+L)
// starts a round into a node of its own strongly connected component of
// the walk's cycle part (positions above S). Such a node reaches itself
// through a round; a state at S, or at S+L, whose round starts there and
// comes back has such a node. The components are Tarjan's
// (lts/tau_scc_search.hpp), on the walk's nodes and steps.
std::vector<bool> states_that_cycle(Space& space, const Product& walk, const LassoWalk& step) {
  const std::uint32_t s = step.stem_end(), end = step.cycle_end();
  struct Graph {
    std::vector<std::uint32_t> begin, targets;
    struct Range {
      const std::uint32_t *first, *last;
      std::size_t size() const { return static_cast<std::size_t>(last - first); }
      std::uint32_t operator[](std::size_t i) const { return first[i]; }
    };
    Range of(std::uint32_t v) const { return {targets.data() + begin[v], targets.data() + begin[v + 1]}; }
    void prefetch(std::uint32_t) const {}
  } graph;
  std::vector<std::uint32_t> to;
  for (std::uint32_t id = 0; id < walk.size(); ++id) {
    graph.begin.push_back(static_cast<std::uint32_t>(graph.targets.size()));
    const auto& n = walk.node(id);
    if (n.pos <= s) continue;
    for (const Edge& e : space.edges(n.state)) {
      to.clear();
      step(n.pos, e, to);
      for (std::uint32_t q : to)
        if (const auto target = walk.find(e.to, q)) graph.targets.push_back(*target);
    }
  }
  graph.begin.push_back(static_cast<std::uint32_t>(graph.targets.size()));
  const lts::TauSccs sccs = lts::tau_sccs_of(walk.size(), graph);
  std::vector<bool> cycles;
  for (std::uint32_t id = 0; id < walk.size(); ++id) {
    const auto& n = walk.node(id);
    if (n.pos != end) continue;
    for (const Edge& e : space.edges(n.state)) {
      if (!step.cycle.starts_round(end - s, e)) continue;
      const auto next = walk.find(e.to, s + 1);
      if (next && sccs.component[*next] == sccs.component[id]) {
        if (cycles.size() <= n.state) cycles.resize(n.state + 1, false);
        cycles[n.state] = true;
      }
    }
  }
  return cycles;
}

// The shortest lasso whose cycle comes back after several rounds, through
// the walk of the stem and the rounds: the round starts (the stem's end, or
// a round's end) from which the cycle comes back, nearest first.
std::optional<Lasso> lasso_by_rounds(Space& space, const StemStep& stem, const CycleStep& cycle,
                                     const SearchLimits& limits) {
  const LassoWalk step{stem, cycle};
  const std::uint32_t stem_end = step.stem_end(), cycle_end = step.cycle_end();
  Product walk(space, cycle_end + 1, limits);
  walk.search(0, 0, unbounded, step, [](std::uint32_t) { return false; });
  const std::vector<bool> cycles = states_that_cycle(space, walk, step);
  std::vector<std::uint32_t> bases;
  std::vector<bool> taken(cycles.size(), false);
  for (std::uint32_t id = 0; id < walk.size(); ++id) {
    const auto& n = walk.node(id);
    if ((n.pos != stem_end && n.pos != cycle_end) || n.state >= cycles.size() || !cycles[n.state] || taken[n.state])
      continue;
    taken[n.state] = true;
    bases.push_back(id);
  }
  const auto length = static_cast<std::uint32_t>(cycle.items.size());
  return shortest_lasso(space, walk, bases, length + 1, 0, length, cycle, limits);
}

// The end stutter of an LTL lasso (docs/replay.md): the stem, then a state
// with no step (a deadlock) or, where internal steps are no letters, a
// cycle of internal steps back to the same state (a divergence); the
// shorter run, a deadlock on a tie. The lasso does not say which: both end
// the run's word (docs/ltl.md, "Runs"), and divbranching bisimilarity,
// which keeps them apart, keeps each that the checked LTS had.
SearchResult end_of_run(Space& space, const Product& stem, const std::vector<std::uint32_t>& candidates,
                        const Counterexample& cex, const SearchLimits& limits) {
  std::optional<std::uint32_t> deadlock;  // candidates are in breadth-first order
  for (std::uint32_t c : candidates)
    if (space.edges(stem.node(c).state).empty()) {
      deadlock = c;
      break;
    }
  std::optional<Lasso> divergence;
  if (!cex.step_letters) {
    std::vector<std::uint32_t> shorter;  // a divergence from c takes depth(c) + 1 steps or more
    for (std::uint32_t c : candidates)
      if (!deadlock || stem.node(c).depth + 1 < stem.node(*deadlock).depth) shorter.push_back(c);
    const std::vector<CexItem> tau{{false, "i", -1, cex.end_line}};
    const std::vector<lts::LabelId> ids{lts::tau};
    divergence = shortest_lasso(space, stem, shorter, 2, 0, 1, CycleStep{tau, ids}, limits);
  }
  SearchResult result;
  if (divergence) {
    result.run = space.run(divergence->path);
    result.run->cycle_start = divergence->stem;
    result.run->ending = Run::Ending::divergence;
  } else if (deadlock) {
    result.run = space.run(stem.path(*deadlock));
    result.run->ending = Run::Ending::deadlock;
  } else {
    result.why = {
        cex.stem.size(),
        cex.step_letters
            ? fmt::format("the stem matches, but no run of it ends in a state with no step (a deadlock), which "
                          "the end stutter '# end' on line {} needs (with step(T) letters every internal step "
                          "is a letter, so only a deadlock ends a run)",
                          cex.end_line)
            : fmt::format("the stem matches, but no run that continues it with internal steps only comes to a "
                          "state with no step (a deadlock) or to a cycle of internal steps (a divergence), "
                          "which the end stutter '# end' on line {} needs",
                          cex.end_line)};
  }
  return result;
}

// The cycle's items as matched: for a weak cycle its visible labels (a
// cycle of internal steps only keeps its first line, one or more internal
// steps, as a progress lasso's).
std::vector<CexItem> cycle_items(const Counterexample& cex, bool& weak) {
  weak = cex.ltl && !cex.step_letters;
  if (!weak) return cex.cycle;
  std::vector<CexItem> items;
  for (const CexItem& i : cex.cycle)
    if (i.visible) items.push_back(i);
  if (!items.empty()) return items;
  weak = false;
  return {cex.cycle.front()};
}

SearchResult stem_not_matched(const Counterexample& cex, bool strict, std::uint32_t reached) {
  SearchResult result;
  if (strict) {
    result.why = {reached, fmt::format("no run performs the stem's {} after the {} step(s) before it",
                                       item_text(cex.stem[reached]), reached)};
    return result;
  }
  std::vector<const CexItem*> visible;
  for (const CexItem& i : cex.stem)
    if (i.visible) visible.push_back(&i);
  result.why = {reached, fmt::format("no run performs the stem's {} after the {} action(s) before it",
                                     item_text(*visible[reached]), reached)};
  return result;
}

}  // namespace

// First as the lasso reads: the stem, then one round of the cycle back to
// the state it began in, the shortest such (the search stays within one
// round, so it is cheap even where rounds of calls for ever would reach
// many states). Only when no such run exists, by rounds.
SearchResult find_lasso(Space& space, const Counterexample& cex, const SearchLimits& limits) {
  const std::vector<lts::LabelId> want = visible_ids(space, cex.stem);
  std::vector<lts::LabelId> stem_ids;
  for (const CexItem& i : cex.stem) stem_ids.push_back(i.visible ? space.intern(i.label) : lts::tau);
  const CycleStep stem_items{cex.stem, stem_ids};
  // Under store buffers a progress lasso's stem is matched line by line as
  // well: where it ends decides which buffers are pending on the cycle, and
  // so whether the cycle is memory-fair (docs/progress.md, "Store buffers").
  const bool strict = cex.step_letters && (cex.ltl || space.weak());
  const StemStep stem_step{want, strict ? &stem_items : nullptr};
  const std::uint32_t stem_end = stem_step.end();

  Product stem(space, stem_end + 1, limits);
  std::vector<std::uint32_t> candidates;  // in breadth-first order: by increasing depth
  std::uint32_t reached = 0;
  stem.search(0, 0, unbounded, stem_step, [&](std::uint32_t id) {
    reached = std::max(reached, stem.node(id).pos);
    if (stem.node(id).pos == stem_end) candidates.push_back(id);
    return false;
  });
  if (candidates.empty()) return stem_not_matched(cex, strict, reached);
  if (cex.ends) return end_of_run(space, stem, candidates, cex, limits);
  bool weak = false;
  const std::vector<CexItem> items = cycle_items(cex, weak);
  std::vector<lts::LabelId> cycle_ids;
  for (const CexItem& i : items) cycle_ids.push_back(i.visible ? space.intern(i.label) : lts::tau);
  const auto length = static_cast<std::uint32_t>(items.size());
  auto lasso =
      shortest_lasso(space, stem, candidates, length + 1, 0, length, CycleStep{items, cycle_ids, false, weak}, limits);
  if (!lasso) lasso = lasso_by_rounds(space, stem_step, CycleStep{items, cycle_ids, true, weak}, limits);
  SearchResult result;
  if (!lasso) {
    const std::size_t first = cex.cycle.front().line, last = cex.cycle.back().line;
    result.why = {cex.stem.size(),
                  first == last ? fmt::format("the stem matches, but no cycle from where it ends matches the cycle's "
                                              "line {}: {}",
                                              first, cex.cycle.front().label)
                                : fmt::format("the stem matches, but no cycle from where it ends matches the cycle's "
                                              "lines {}-{}",
                                              first, last)};
    return result;
  }
  result.run = space.run(lasso->path);
  result.run->cycle_start = lasso->stem;
  return result;
}

}  // namespace frontend::replay::detail
