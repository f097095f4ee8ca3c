#pragma once
// The search machinery of gen --replay (frontend/replay/search.hpp): the
// model's states as the replay meets them (Space: numbered as found, not
// renumbered, each with its steps computed once), breadth-first search over
// pairs (state, position in what is matched) (Product), and the shortest
// lasso through a set of stem ends. Internal to frontend/replay.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "frontend/explore/state_store.hpp"
#include "frontend/replay/counterexample.hpp"
#include "frontend/replay/play_side.hpp"
#include "frontend/replay/run.hpp"
#include "frontend/replay/search.hpp"
#include "frontend/run/interpreter.hpp"
#include "frontend/run/labels.hpp"
#include "lts/builder.hpp"

namespace frontend::replay::detail {

// A step of the model: internal ones have label tau, and under store
// buffers a kind (a store, a flush, or another step).
struct Edge {
  lts::LabelId label;
  int thread;
  std::int32_t code;
  std::uint32_t to;
  StepKind kind = StepKind::step;  // internal steps
  int stores = 0;                  // kind store: the entries appended
  StepLetter letter() const { return {thread, kind, stores}; }
};

// Whether `e` is an internal step that the counterexample line `want`
// (an internal item: `i`, step(T), step(T,store[,K]), step(T,flush))
// stands for.
inline bool internal_matches(const StepLetter& want, const Edge& e) {
  return e.label == lts::tau && letter_matches(want, e.letter());
}

// The model's states (not renumbered), numbered as found, with their
// successors computed once. Under store buffers the interpreter labels its
// internal steps as gen --thread-steps does (step(T), step(T,store[,K]),
// step(T,flush)), so that each edge knows its kind; the edges carry them as
// tau with that kind.
class Space {
 public:
  explicit Space(const Program& p)
      : p_(p), labels_(p, builder_, p.weak()), interpreter_(p, labels_, false), store_(p) {
    std::vector<std::int32_t> s = p.initial;
    interpreter_.initialize(s);
    store_.insert(s.data());
    next_.record_code = true;
  }
  lts::LabelId intern(const std::string& name) { return builder_.label(name); }
  bool weak() const { return p_.weak(); }
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
      Edge e{next_.labels[i], t, next_.code[i], to};
      internal_kind(e);
      out.push_back(e);
    }
  }
  const std::vector<Edge>& edges(std::uint32_t id) {
    auto it = cache_.find(id);
    if (it != cache_.end()) return it->second;
    std::vector<Edge> out;
    for (int t = 0; t < p_.threads; ++t) add_thread_edges(id, t, out);
    return cache_.emplace(id, std::move(out)).first->second;
  }
  Run run(const std::vector<std::pair<std::uint32_t, Edge>>& path) {
    Run r;
    r.initial = state(0);
    for (const auto& [from, e] : path)
      r.steps.push_back({e.thread, e.label == lts::tau ? std::string() : name(e.label), e.code, state(from),
                         state(e.to), written(from, e)});
    return r;
  }

 private:
  // The state the step `e` from `from` left before its garbage was
  // collected: the thread's steps again (only those of the run shown), and
  // the one with e's label, statement and target.
  std::vector<std::int32_t> written(std::uint32_t from, const Edge& e) {
    const std::vector<std::int32_t> s = state(from);
    const std::vector<std::int32_t> to = state(e.to);
    Successors steps;
    steps.record_code = true;
    steps.record_written = true;
    interpreter_.successors(s.data(), e.thread, steps);
    const std::size_t n = p_.state_size;
    if (steps.written.size() != steps.labels.size() * n) return {};  // calls and returns: nothing collected
    for (std::size_t i = 0; i < steps.labels.size(); ++i)
      if (Edge same{steps.labels[i], e.thread, steps.code[i], e.to}; internal_kind(same) && same.label == e.label &&
          same.kind == e.kind && same.stores == e.stores && steps.code[i] == e.code &&
          std::equal(to.begin(), to.end(), steps.states.begin() + static_cast<std::ptrdiff_t>(i * n)))
        return {steps.written.begin() + static_cast<std::ptrdiff_t>(i * n),
                steps.written.begin() + static_cast<std::ptrdiff_t>((i + 1) * n)};
    return {};
  }

  // Turns a step(...) label of the interpreter (under store buffers) into
  // tau with its kind; true (for use in a condition).
  bool internal_kind(Edge& e) {
    if (e.label == lts::tau) return true;
    if (kinds_.size() <= e.label) kinds_.resize(e.label + 1);
    std::optional<StepLetter>& k = kinds_[e.label];
    if (!k) k = step_letter(name(e.label)).value_or(StepLetter{-2, StepKind::any, 0});
    if (k->thread == -2) return true;  // a visible label
    e.label = lts::tau;
    e.kind = k->kind;
    e.stores = k->stores;
    return true;
  }

  const Program& p_;
  lts::LtsBuilder builder_;
  std::vector<std::optional<StepLetter>> kinds_;  // by the interpreter's label: its step letter, thread -2 if visible
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
inline std::vector<lts::LabelId> visible_ids(Space& space, const std::vector<CexItem>& items) {
  std::vector<lts::LabelId> ids;
  for (const CexItem& i : items)
    if (i.visible) ids.push_back(space.intern(i.label));
  return ids;
}

// Weak matching of visible labels: internal steps keep the position.
inline auto weak_step(const std::vector<lts::LabelId>& want) {
  return [&want](std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) {
    if (e.label == lts::tau) out.push_back(pos);
    else if (pos < want.size() && e.label == want[pos]) out.push_back(pos + 1);
  };
}

inline std::string item_text(const CexItem& i) { return fmt::format("line {}: {}", i.line, i.label); }

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

// Per step of a play's side: its label, internal steps as tau, and the
// internal step it names: for `step(T)`, `step(T,store[,K])` and
// `step(T,flush)` (gen --thread-steps) the thread and the kind, for `i` any
// (thread -1).
inline void play_labels(Space& space, const SidePath& side, std::vector<lts::LabelId>& labels,
                        std::vector<StepLetter>& letters) {
  for (const PlayStep& s : side.steps) {
    const std::optional<StepLetter> l = step_letter(s.label);
    letters.push_back(l.value_or(StepLetter{}));
    labels.push_back(s.label == "i" || s.label == "tau" || l ? lts::tau : space.intern(s.label));
  }
}

// Whether `e` takes the play's step at `pos` (play_labels).
inline bool play_step_matches(const std::vector<lts::LabelId>& labels, const std::vector<StepLetter>& letters,
                              std::size_t pos, const Edge& e) {
  return e.label == labels[pos] && (e.label != lts::tau || letter_matches(letters[pos], e.letter()));
}

}  // namespace frontend::replay::detail
