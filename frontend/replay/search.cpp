#include "frontend/replay/search.hpp"

#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

#include "frontend/interpreter.hpp"
#include "frontend/labels.hpp"
#include "frontend/replay/lts_numbering.hpp"
#include "frontend/replay/state_map.hpp"
#include "frontend/state_store.hpp"
#include "lts/builder.hpp"
#include "lts/tau_scc_search.hpp"

namespace frontend::replay {

namespace {

struct Edge {
  lts::LabelId label;
  int thread;
  std::int32_t code;
  std::uint32_t to;
};

// The model's states (not renumbered), numbered as found, with their
// successors computed once.
class Space {
 public:
  explicit Space(const Program& p) : p_(p), labels_(p, builder_), interpreter_(p, labels_, false), store_(p) {
    std::vector<std::int32_t> s = p.initial;
    interpreter_.initialize(s);
    store_.insert(s.data());
    next_.record_code = true;
  }
  lts::LabelId intern(const std::string& name) { return builder_.label(name); }
  const std::string& name(lts::LabelId l) const { return builder_.labels().name(l); }
  std::vector<std::int32_t> state(std::uint32_t id) const {
    std::vector<std::int32_t> s(p_.state_size);
    store_.get(id, s.data());
    return s;
  }
  // The steps of thread t; throws the fault when one of them faults.
  void add_thread_edges(std::uint32_t id, int t, std::vector<Edge>& out) {
    const std::vector<std::int32_t> s = state(id);
    next_.clear();
    interpreter_.successors(s.data(), t, next_);
    for (std::size_t i = 0; i < next_.labels.size(); ++i) {
      const std::uint32_t to = store_.insert(next_.states.data() + i * p_.state_size).first;
      out.push_back({next_.labels[i], t, next_.code[i], to});
    }
  }
  const std::vector<Edge>& edges(std::uint32_t id) {
    auto it = cache_.find(id);
    if (it != cache_.end()) return it->second;
    std::vector<Edge> out;
    for (int t = 0; t < p_.threads; ++t) add_thread_edges(id, t, out);
    return cache_.emplace(id, std::move(out)).first->second;
  }
  Run run(const std::vector<std::pair<std::uint32_t, Edge>>& path) const {
    Run r;
    r.initial = state(0);
    for (const auto& [from, e] : path)
      r.steps.push_back(
          {e.thread, e.label == lts::tau ? std::string() : name(e.label), e.code, state(from), state(e.to)});
    return r;
  }

 private:
  const Program& p_;
  lts::LtsBuilder builder_;
  Labels labels_;
  Interpreter interpreter_;
  StateStore store_;
  Successors next_;
  std::unordered_map<std::uint32_t, std::vector<Edge>> cache_;
};

// Breadth-first search over (state, position) pairs.
class Product {
 public:
  struct Node {
    std::uint32_t state, pos, parent, depth;
    Edge via;
  };
  Product(Space& space, std::uint32_t positions, const SearchLimits& limits)
      : space_(space), positions_(positions), limits_(limits) {}

  // `step(pos, edge, out)` appends the positions an edge leads to; `visit(id)`
  // returns true to stop at that node. Nodes at `max_depth` are not expanded.
  template <class Step, class Visit>
  std::optional<std::uint32_t> search(std::uint32_t state, std::uint32_t pos, std::uint32_t max_depth, Step step,
                                      Visit visit) {
    add(state, pos, 0, 0, Edge{});
    std::vector<std::uint32_t> to;
    for (std::uint32_t id = 0; id < nodes_.size(); ++id) {
      if (visit(id)) return id;
      const Node n = nodes_[id];
      if (n.depth >= max_depth) continue;
      for (const Edge& e : space_.edges(n.state)) {
        to.clear();
        step(n.pos, e, to);
        for (std::uint32_t q : to) add(e.to, q, id, n.depth + 1, e);
      }
    }
    return std::nullopt;
  }
  const Node& node(std::uint32_t id) const { return nodes_[id]; }
  std::uint32_t size() const { return static_cast<std::uint32_t>(nodes_.size()); }
  // The node of (state, pos), if the search reached it.
  std::optional<std::uint32_t> find(std::uint32_t state, std::uint32_t pos) const {
    const auto it = index_.find(static_cast<std::uint64_t>(state) * positions_ + pos);
    if (it == index_.end()) return std::nullopt;
    return it->second;
  }
  std::vector<std::pair<std::uint32_t, Edge>> path(std::uint32_t id) const {
    std::vector<std::pair<std::uint32_t, Edge>> p;
    for (; nodes_[id].depth > 0; id = nodes_[id].parent)
      p.emplace_back(nodes_[nodes_[id].parent].state, nodes_[id].via);
    return {p.rbegin(), p.rend()};
  }
  // The position after each step of path(id).
  std::vector<std::uint32_t> positions(std::uint32_t id) const {
    std::vector<std::uint32_t> p;
    for (; nodes_[id].depth > 0; id = nodes_[id].parent) p.push_back(nodes_[id].pos);
    return {p.rbegin(), p.rend()};
  }

 private:
  void add(std::uint32_t state, std::uint32_t pos, std::uint32_t parent, std::uint32_t depth, const Edge& via) {
    const std::uint64_t key = static_cast<std::uint64_t>(state) * positions_ + pos;
    if (!index_.emplace(key, static_cast<std::uint32_t>(nodes_.size())).second) return;
    if (nodes_.size() >= limits_.max_nodes)
      throw std::runtime_error(
          fmt::format("the replay search passed {} (state, position) pairs without an answer; lower --threads or --ops",
                      limits_.max_nodes));
    nodes_.push_back({state, pos, parent, depth, via});
  }
  Space& space_;
  std::uint32_t positions_;
  const SearchLimits& limits_;
  std::vector<Node> nodes_;
  std::unordered_map<std::uint64_t, std::uint32_t> index_;
};

constexpr std::uint32_t unbounded = static_cast<std::uint32_t>(-1);

// The visible labels of `items`, interned.
std::vector<lts::LabelId> visible_ids(Space& space, const std::vector<CexItem>& items) {
  std::vector<lts::LabelId> ids;
  for (const CexItem& i : items)
    if (i.visible) ids.push_back(space.intern(i.label));
  return ids;
}

// Weak matching of visible labels: internal steps keep the position.
auto weak_step(const std::vector<lts::LabelId>& want) {
  return [&want](std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) {
    if (e.label == lts::tau) out.push_back(pos);
    else if (pos < want.size() && e.label == want[pos]) out.push_back(pos + 1);
  };
}

// The cycle's items in order; an internal item takes one or more internal
// steps of its thread (any thread for `i`). With `rounds`, a cycle matched
// to its end may start again: a lasso stands for stem.cycle^w, and a cycle
// found on a quotient may come back to the same concrete state only after
// several rounds.
struct CycleStep {
  const std::vector<CexItem>& items;
  const std::vector<lts::LabelId>& ids;  // per item; tau for internal ones
  bool rounds = false;
  static bool internal_of(const CexItem& item, const Edge& e) {
    return !item.visible && e.label == lts::tau && (item.thread < 0 || item.thread == e.thread);
  }
  bool matches(std::size_t pos, const Edge& e) const {
    return items[pos].visible ? e.label == ids[pos] : internal_of(items[pos], e);
  }
  // Whether `e`, taken at the cycle's end, starts another round.
  bool starts_round(std::uint32_t pos, const Edge& e) const {
    return rounds && pos == items.size() && !items.empty() && matches(0, e);
  }
  void operator()(std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) const {
    if (pos < items.size() && matches(pos, e)) out.push_back(pos + 1);
    if (pos > 0 && internal_of(items[pos - 1], e)) out.push_back(pos);
    if (starts_round(pos, e)) out.push_back(1);
  }
};

std::string item_text(const CexItem& i) { return fmt::format("line {}: {}", i.line, i.label); }

struct Lasso {
  std::vector<std::pair<std::uint32_t, Edge>> path;
  std::vector<std::uint32_t> positions;  // after each step
  std::size_t stem = 0;                  // the cycle's first step
};

// The shortest lasso through `candidates` (nodes of `stem`, in breadth-first
// order): the stem to a candidate's state, then a non-empty cycle of
// `step`s from that state at position `cycle_from` back to it at
// `cycle_end`. Each cycle search is bounded by the best total so far, and a
// candidate no shorter than it ends the search.
template <class Step>
std::optional<Lasso> shortest_lasso(Space& space, const Product& stem, const std::vector<std::uint32_t>& candidates,
                                    std::uint32_t positions, std::uint32_t cycle_from, std::uint32_t cycle_end,
                                    const Step& step, const SearchLimits& limits) {
  std::uint32_t best = unbounded;
  std::optional<Lasso> found;
  for (std::uint32_t c : candidates) {
    const std::uint32_t depth = stem.node(c).depth;
    if (best != unbounded && depth + 1 >= best) break;
    const std::uint32_t start = stem.node(c).state;
    Product cycle(space, positions, limits);
    const std::uint32_t bound = best == unbounded ? unbounded : best - depth - 1;
    const auto back = cycle.search(start, cycle_from, bound, step, [&](std::uint32_t id) {
      return cycle.node(id).state == start && cycle.node(id).pos == cycle_end;
    });
    if (!back) continue;
    best = depth + cycle.node(*back).depth;
    found.emplace();
    found->path = stem.path(c);
    found->positions = stem.positions(c);
    found->stem = found->path.size();
    const auto loop = cycle.path(*back);
    found->path.insert(found->path.end(), loop.begin(), loop.end());
    const auto loop_positions = cycle.positions(*back);
    found->positions.insert(found->positions.end(), loop_positions.begin(), loop_positions.end());
  }
  return found;
}

// Per step of a play's side: its label, internal steps as tau, and for
// `step(T)` (gen --thread-steps) the thread T, else -1.
void play_labels(Space& space, const SidePath& side, std::vector<lts::LabelId>& labels, std::vector<int>& threads) {
  for (const PlayStep& s : side.steps) {
    const int t = internal_step_thread(s.label);
    threads.push_back(t);
    labels.push_back(s.label == "i" || s.label == "tau" || t >= 0 ? lts::tau : space.intern(s.label));
  }
}

SearchResult find_trace(Space& space, const std::vector<CexItem>& stem, const SearchLimits& limits) {
  const std::vector<lts::LabelId> want = visible_ids(space, stem);
  const std::uint32_t goal = static_cast<std::uint32_t>(want.size());
  Product product(space, goal + 1, limits);
  std::uint32_t best = 0;
  const auto found = product.search(0, 0, unbounded, weak_step(want), [&](std::uint32_t id) {
    best = std::max(best, product.node(id).pos);
    return product.node(id).pos == goal;
  });
  SearchResult result;
  if (found) {
    result.run = space.run(product.path(*found));
    result.run->refused = goal > 0;
    return result;
  }
  std::vector<const CexItem*> visible;
  for (const CexItem& i : stem)
    if (i.visible) visible.push_back(&i);
  result.why = {best,
                fmt::format("no run performs {} after the {} action(s) before it", item_text(*visible[best]), best)};
  return result;
}

// A lasso's stem and the rounds of its cycle as one walk: positions 0..S
// match the stem's S visible labels weakly; at S the stem is over and the
// cycle's first round may begin; S+P is the cycle matched up to item P, and
// S+L (the cycle's end) may start the next round.
struct LassoWalk {
  const std::vector<lts::LabelId>& stem;
  const CycleStep& cycle;
  std::uint32_t stem_end() const { return static_cast<std::uint32_t>(stem.size()); }
  std::uint32_t cycle_end() const { return stem_end() + static_cast<std::uint32_t>(cycle.items.size()); }
  void operator()(std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) const {
    const std::uint32_t s = stem_end();
    if (pos < s || (pos == s && e.label == lts::tau)) weak_step(stem)(pos, e, out);
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

SearchResult find_lasso(Space& space, const Counterexample& cex, const SearchLimits& limits) {
  const std::vector<lts::LabelId> want = visible_ids(space, cex.stem);
  std::vector<lts::LabelId> cycle_ids;
  for (const CexItem& i : cex.cycle) cycle_ids.push_back(i.visible ? space.intern(i.label) : lts::tau);
  const CycleStep cycle{cex.cycle, cycle_ids, true};
  const LassoWalk step{want, cycle};
  const std::uint32_t stem_end = step.stem_end(), cycle_end = step.cycle_end();

  Product walk(space, cycle_end + 1, limits);
  std::uint32_t reached = 0;
  walk.search(0, 0, unbounded, step, [&](std::uint32_t id) {
    reached = std::max(reached, walk.node(id).pos);
    return false;
  });
  SearchResult result;
  if (reached < stem_end) {
    std::vector<const CexItem*> visible;
    for (const CexItem& i : cex.stem)
      if (i.visible) visible.push_back(&i);
    result.why = {reached, fmt::format("no run performs the stem's {} after the {} action(s) before it",
                                       item_text(*visible[reached]), reached)};
    return result;
  }
  // Where a round may begin, nearest first: the stem's end, or the end of a
  // round; only states that come back to themselves.
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
  const std::uint32_t length = static_cast<std::uint32_t>(cex.cycle.size());
  const auto lasso = shortest_lasso(space, walk, bases, length + 1, 0, length, cycle, limits);
  if (!lasso) {
    result.why = {cex.stem.size(), "the stem matches, but no cycle from where it ends matches the cycle's items"};
    return result;
  }
  result.run = space.run(lasso->path);
  result.run->cycle_start = lasso->stem;
  return result;
}

// The run of a play's search, with the play's notes on the steps that are
// its moves, and a note on each internal step out of a state gen merged.
Run play_run(const Space& space, const SidePath& side, const std::vector<std::pair<std::uint32_t, Edge>>& path,
             const std::vector<std::uint32_t>& positions, std::uint32_t goal) {
  Run run = space.run(path);
  for (std::size_t i = 0; i < path.size(); ++i) {
    const bool move = i == 0 || positions[i - 1] <= goal;  // not a step out of a merged state
    const std::uint32_t k = positions[i] > goal ? positions[i] - goal : positions[i];
    run.notes.push_back(move ? side.notes[k - 1] : fmt::format("{} {}", merged_step_note, side.steps[k - 1].to));
    // The cycle starts with the move out of position cycle_start.
    if (side.cycle_start != SidePath::none && move && k == side.cycle_start + 1 && run.cycle_start == Run::none)
      run.cycle_start = i;
  }
  if (side.cycle_start != SidePath::none && run.cycle_start == Run::none) run.cycle_start = path.size();
  run.end_note = side.end_note;
  return run;
}

}  // namespace

SearchResult find_run(const Program& p, const Counterexample& cex, const SearchLimits& limits) {
  Space space(p);
  return cex.lasso ? find_lasso(space, cex, limits) : find_trace(space, cex.stem, limits);
}

SearchResult find_play_run(const Program& p, const SidePath& side, std::uint64_t states, const ExploreOptions& gen,
                           const SearchLimits& limits) {
  SearchResult result;
  LtsNumbering numbering(p, gen);
  if (numbering.states() != states) {
    result.why.detail = fmt::format(
        "the play was found on an LTS of {} states, and this model with these options has {}: give refines --equiv "
        "the LTS gen writes for it and the same options here, or, for a play found on quotients, the state map "
        "quotient --map wrote for this side (--replay-map)",
        states, numbering.states());
    return result;
  }
  Space space(p);
  std::unordered_map<std::uint32_t, std::optional<LtsNumbering::Numbered>> numbers;  // space id -> LTS state
  const auto number = [&](std::uint32_t id) {
    auto it = numbers.find(id);
    if (it == numbers.end()) it = numbers.emplace(id, numbering.lookup(space.state(id))).first;
    return it->second;
  };
  std::vector<lts::LabelId> labels;
  std::vector<int> threads;
  play_labels(space, side, labels, threads);
  const auto goal = static_cast<std::uint32_t>(side.steps.size());
  // Position k <= goal: at the LTS state the play is in after k steps, the
  // state itself. Position goal + k: at a state that gen merged into that
  // LTS state (a state whose only step is internal, lts/single_tau_merge.hpp);
  // internal steps lead from it to the state itself. The play's steps are
  // the LTS's transitions, which leave from the state itself.
  const auto merged_position = [goal](std::uint32_t k) { return goal + k; };
  const auto at_state = [&](std::uint32_t k) { return side.steps[k - 1].to; };
  const auto arrive = [&](std::uint32_t k, std::uint32_t to, std::vector<std::uint32_t>& out) {
    const auto n = number(to);
    if (n && n->number == at_state(k)) out.push_back(n->merged ? merged_position(k) : k);
  };
  const auto follow = [&](std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) {
    if (pos > goal) {
      if (e.label == lts::tau) arrive(pos - goal, e.to, out);
      return;
    }
    if (pos < goal && e.label == labels[pos] && (threads[pos] < 0 || threads[pos] == e.thread))
      arrive(pos + 1, e.to, out);
  };
  const bool starts = side.steps.empty() || (number(0) && number(0)->number == side.steps.front().from);
  Product product(space, 2 * goal + 1, limits);
  std::uint32_t best = 0;
  const auto found = !starts ? std::nullopt : product.search(0, 0, unbounded, follow, [&](std::uint32_t id) {
    const std::uint32_t pos = product.node(id).pos;
    best = std::max(best, pos > goal ? pos - goal : pos);
    return pos == goal;
  });
  if (!found) {
    result.why = {best, best < goal ? fmt::format("no step of the model goes from LTS state {} by {} to state {}",
                                                  side.steps[best].from, side.steps[best].label, side.steps[best].to)
                                    : "the play does not start at the initial state"};
    return result;
  }
  result.run = play_run(space, side, product.path(*found), product.positions(*found), goal);
  return result;
}

namespace {

// The quotient class of the model's states: gen's LTS number, then the state
// map; nullopt for a state the LTS lacks (one the reduction left out).
class Classes {
 public:
  Classes(Space& space, LtsNumbering& numbering, const StateMap& map)
      : space_(space), numbering_(numbering), map_(map) {}
  std::optional<std::uint32_t> of(std::uint32_t id) {
    auto it = cache_.find(id);
    if (it != cache_.end()) return it->second;
    std::optional<std::uint32_t> c;
    if (const auto n = numbering_.number(space_.state(id))) c = map_.class_of[*n];
    return cache_.emplace(id, c).first->second;
  }

 private:
  Space& space_;
  LtsNumbering& numbering_;
  const StateMap& map_;
  std::unordered_map<std::uint32_t, std::optional<std::uint32_t>> cache_;
};

// A play's steps on quotient states. At position k < steps.size(), the state
// is in class FROM of step k: an internal step that stays in FROM (an inert
// step; none when internal steps are visible step(T) labels) keeps k, and a
// step with the step's label into class TO moves to k + 1, up to `last`.
// A branching quotient's step C -a-> D is inert steps inside C and then an
// a-step into D (van Glabbeek and Weijland, JACM 43(3), 1996, the stuttering
// lemma; Yang et al., Definition 3.3, for the quotient).
struct ClassStep {
  const std::vector<PlayStep>& steps;
  const std::vector<lts::LabelId>& labels;
  const std::vector<int>& threads;
  Classes& classes;
  bool inert;
  std::uint32_t last;
  void operator()(std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) const {
    if (pos >= steps.size()) return;
    const std::optional<std::uint32_t> c = classes.of(e.to);
    if (!c) return;
    if (inert && e.label == lts::tau && *c == steps[pos].from) out.push_back(pos);
    if (pos < last && e.label == labels[pos] && (threads[pos] < 0 || threads[pos] == e.thread) && *c == steps[pos].to)
      out.push_back(pos + 1);
  }
};

// The checks of find_quotient_play_run that need no search: the map covers
// gen's LTS, has the play's number of classes, and the play starts this
// side in the initial state's class. An empty string when they pass.
std::string quotient_mismatch(const SidePath& side, std::uint64_t states, const StateMap& map, std::uint32_t lts_states,
                              std::optional<std::uint32_t> initial_class) {
  if (map.class_of.size() != lts_states)
    return fmt::format(
        "the state map is of an LTS of {} states, and this model with these options has {}: give the map that "
        "quotient --map wrote for the LTS gen writes with these options",
        map.class_of.size(), lts_states);
  if (map.classes != states)
    return fmt::format(
        "the state map has {} classes, and the play names a quotient of {} states on this side: give the map of "
        "the quotient that refines compared",
        map.classes, states);
  if (!side.steps.empty() && initial_class != side.steps.front().from)
    return fmt::format("the play starts this side at quotient state {}, and the model's initial state is in class {}",
                       side.steps.front().from, initial_class ? std::to_string(*initial_class) : "none");
  return "";
}

// The run of a search, with the play's notes on the steps that complete a
// play step and each step's class.
Run quotient_run(const Space& space, Classes& classes, const SidePath& side,
                 const std::vector<std::pair<std::uint32_t, Edge>>& path, const std::vector<std::uint32_t>& positions) {
  Run run = space.run(path);
  std::uint32_t before = 0;
  for (std::size_t i = 0; i < path.size(); ++i) {
    run.notes.push_back(positions[i] != before ? side.notes[positions[i] - 1] : "");
    run.classes.push_back(*classes.of(path[i].second.to));
    before = positions[i];
  }
  run.end_note = side.end_note;
  return run;
}

}  // namespace

SearchResult find_quotient_play_run(const Program& p, const SidePath& side, std::uint64_t states, const StateMap& map,
                                    const ExploreOptions& gen, const SearchLimits& limits) {
  SearchResult result;
  LtsNumbering numbering(p, gen);
  Space space(p);
  Classes classes(space, numbering, map);
  const std::optional<std::uint32_t> initial = numbering.states() == map.class_of.size() ? classes.of(0) : std::nullopt;
  result.why.detail = quotient_mismatch(side, states, map, numbering.states(), initial);
  if (!result.why.detail.empty()) return result;
  std::vector<lts::LabelId> labels;
  std::vector<int> threads;
  play_labels(space, side, labels, threads);
  const auto goal = static_cast<std::uint32_t>(side.steps.size());
  const bool lasso = side.cycle_start != SidePath::none;
  const auto stem_end = lasso ? static_cast<std::uint32_t>(side.cycle_start) : goal;
  Product stem(space, goal + 1, limits);
  std::uint32_t best = 0;
  std::vector<std::uint32_t> candidates;  // lasso: breadth-first, at the cycle's first position
  const auto found =
      stem.search(0, 0, unbounded, ClassStep{side.steps, labels, threads, classes, !gen.thread_steps, stem_end},
                  [&](std::uint32_t id) {
                    best = std::max(best, stem.node(id).pos);
                    if (stem.node(id).pos != stem_end) return false;
                    candidates.push_back(id);
                    return !lasso;
                  });
  if (!lasso && found) {
    result.run = quotient_run(space, classes, side, stem.path(*found), stem.positions(*found));
    return result;
  }
  const std::optional<Lasso> cycle =
      candidates.empty()
          ? std::nullopt
          : shortest_lasso(space, stem, candidates, goal + 1, stem_end, goal,
                           ClassStep{side.steps, labels, threads, classes, !gen.thread_steps, goal}, limits);
  if (cycle) {
    result.run = quotient_run(space, classes, side, cycle->path, cycle->positions);
    result.run->cycle_start = cycle->stem;
    return result;
  }
  const PlayStep& s = side.steps[std::min(best, goal - 1)];
  result.why = {best, best < stem_end
                          ? fmt::format("no run of the model goes from quotient state {} by {} to state {} "
                                        "(after internal steps inside {})",
                                        s.from, s.label, s.to, s.from)
                          : fmt::format("no run of the model cycles by internal steps inside quotient state {}",
                                        side.steps[stem_end].from)};
  return result;
}

std::optional<Run> find_fault_run(const Program& p, const SearchLimits& limits) {
  Space space(p);
  Product product(space, 1, limits);
  std::optional<std::pair<std::uint32_t, int>> fault;  // (node, thread)
  std::optional<formats::Diagnostic> diagnostic;
  const auto any = [](std::uint32_t, const Edge&, std::vector<std::uint32_t>& out) { out.push_back(0); };
  product.search(0, 0, unbounded, any, [&](std::uint32_t id) {
    std::vector<Edge> ignored;
    for (int t = 0; t < p.threads; ++t) {
      try {
        space.add_thread_edges(product.node(id).state, t, ignored);
      } catch (const formats::ParseError& e) {
        fault.emplace(id, t);
        diagnostic = e.diagnostic();
        return true;
      }
    }
    return false;
  });
  if (!fault) return std::nullopt;
  Run run = space.run(product.path(fault->first));
  const std::vector<std::int32_t> last = space.state(product.node(fault->first).state);
  run.steps.push_back({fault->second, "", -1, last, last});
  run.fault = diagnostic;
  return run;
}

}  // namespace frontend::replay
