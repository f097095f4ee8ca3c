#include "frontend/replay/search.hpp"

#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

#include "frontend/interpreter.hpp"
#include "frontend/labels.hpp"
#include "frontend/replay/lts_numbering.hpp"
#include "frontend/state_store.hpp"
#include "lts/builder.hpp"

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
  std::vector<std::pair<std::uint32_t, Edge>> path(std::uint32_t id) const {
    std::vector<std::pair<std::uint32_t, Edge>> p;
    for (; nodes_[id].depth > 0; id = nodes_[id].parent)
      p.emplace_back(nodes_[nodes_[id].parent].state, nodes_[id].via);
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
// steps of its thread (any thread for `i`).
struct CycleStep {
  const std::vector<CexItem>& items;
  const std::vector<lts::LabelId>& ids;  // per item; tau for internal ones
  static bool internal_of(const CexItem& item, const Edge& e) {
    return !item.visible && e.label == lts::tau && (item.thread < 0 || item.thread == e.thread);
  }
  void operator()(std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) const {
    if (pos < items.size() && (items[pos].visible ? e.label == ids[pos] : internal_of(items[pos], e)))
      out.push_back(pos + 1);
    if (pos > 0 && internal_of(items[pos - 1], e)) out.push_back(pos);
  }
};

std::string item_text(const CexItem& i) { return fmt::format("line {}: {}", i.line, i.label); }

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

SearchResult find_lasso(Space& space, const Counterexample& cex, const SearchLimits& limits) {
  const std::vector<lts::LabelId> want = visible_ids(space, cex.stem);
  const std::uint32_t stem_end = static_cast<std::uint32_t>(want.size());
  std::vector<lts::LabelId> cycle_ids;
  for (const CexItem& i : cex.cycle) cycle_ids.push_back(i.visible ? space.intern(i.label) : lts::tau);
  const std::uint32_t cycle_end = static_cast<std::uint32_t>(cex.cycle.size());

  Product stem(space, stem_end + 1, limits);
  std::vector<std::uint32_t> candidates;  // in breadth-first order: by increasing depth
  std::uint32_t reached = 0;
  stem.search(0, 0, unbounded, weak_step(want), [&](std::uint32_t id) {
    reached = std::max(reached, stem.node(id).pos);
    if (stem.node(id).pos == stem_end) candidates.push_back(id);
    return false;
  });
  SearchResult result;
  if (candidates.empty()) {
    std::vector<const CexItem*> visible;
    for (const CexItem& i : cex.stem)
      if (i.visible) visible.push_back(&i);
    result.why = {reached, fmt::format("no run performs the stem's {} after the {} action(s) before it",
                                       item_text(*visible[reached]), reached)};
    return result;
  }
  std::uint32_t best = unbounded;
  std::vector<std::pair<std::uint32_t, Edge>> best_path;
  std::size_t best_stem = 0;
  const CycleStep cycle_step{cex.cycle, cycle_ids};
  for (std::uint32_t c : candidates) {
    const std::uint32_t depth = stem.node(c).depth;
    if (best != unbounded && depth + 1 >= best) break;
    const std::uint32_t start = stem.node(c).state;
    Product cycle(space, cycle_end + 1, limits);
    const std::uint32_t bound = best == unbounded ? unbounded : best - depth - 1;
    const auto back = cycle.search(start, 0, bound, cycle_step, [&](std::uint32_t id) {
      return cycle.node(id).state == start && cycle.node(id).pos == cycle_end;
    });
    if (!back) continue;
    best = depth + cycle.node(*back).depth;
    best_path = stem.path(c);
    best_stem = best_path.size();
    const auto loop = cycle.path(*back);
    best_path.insert(best_path.end(), loop.begin(), loop.end());
  }
  if (best == unbounded) {
    result.why = {cex.stem.size(), "the stem matches, but no cycle from where it ends matches the cycle's items"};
    return result;
  }
  result.run = space.run(best_path);
  result.run->cycle_start = best_stem;
  return result;
}

}  // namespace

SearchResult find_run(const Program& p, const Counterexample& cex, const SearchLimits& limits) {
  Space space(p);
  return cex.lasso ? find_lasso(space, cex, limits) : find_trace(space, cex.stem, limits);
}

SearchResult find_play_run(const Program& p, const SidePath& side, std::uint64_t states, bool reduced,
                           const SearchLimits& limits) {
  SearchResult result;
  LtsNumbering numbering(p, reduced);
  if (numbering.states() != states) {
    result.why.detail = fmt::format(
        "the play was found on an LTS of {} states, and this model with these options has {}: give refines --equiv "
        "the LTS gen writes for it (not a quotient), and the same options here",
        states, numbering.states());
    return result;
  }
  Space space(p);
  std::unordered_map<std::uint32_t, std::optional<std::uint32_t>> numbers;  // space id -> LTS state
  const auto number = [&](std::uint32_t id) {
    auto it = numbers.find(id);
    if (it == numbers.end()) it = numbers.emplace(id, numbering.number(space.state(id))).first;
    return it->second;
  };
  // Per step: its label, and for `step(T)` (gen --thread-steps) the thread.
  std::vector<lts::LabelId> labels;
  std::vector<int> threads;
  for (const PlayStep& s : side.steps) {
    const int t = internal_step_thread(s.label);
    threads.push_back(t);
    labels.push_back(s.label == "i" || s.label == "tau" || t >= 0 ? lts::tau : space.intern(s.label));
  }
  const auto goal = static_cast<std::uint32_t>(side.steps.size());
  Product product(space, goal + 1, limits);
  std::uint32_t best = 0;
  const auto follow = [&](std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) {
    if (pos < goal && e.label == labels[pos] && (threads[pos] < 0 || threads[pos] == e.thread) &&
        number(e.to) == side.steps[pos].to)
      out.push_back(pos + 1);
  };
  const bool starts = side.steps.empty() || number(0) == side.steps.front().from;
  const auto found = !starts ? std::nullopt : product.search(0, 0, unbounded, follow, [&](std::uint32_t id) {
    best = std::max(best, product.node(id).pos);
    return product.node(id).pos == goal;
  });
  if (!found) {
    result.why = {best, best < goal ? fmt::format("no step of the model goes from LTS state {} by {} to state {}",
                                                  side.steps[best].from, side.steps[best].label, side.steps[best].to)
                                    : "the play does not start at the initial state"};
    return result;
  }
  result.run = space.run(product.path(*found));
  result.run->notes = side.notes;
  result.run->end_note = side.end_note;
  if (side.cycle_start != SidePath::none) result.run->cycle_start = side.cycle_start;
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
