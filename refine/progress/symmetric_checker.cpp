#include "refine/progress/symmetric_checker.hpp"

#include <algorithm>
#include <bit>
#include <deque>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "refine/progress/symmetric_progress.hpp"

namespace refine {
namespace symmetric {

namespace {

int threads_of(const OrbitLts& o) {
  const std::size_t size = o.label_image.empty() ? 1 : o.label_image.front().size();
  std::size_t factorial = 1;
  for (int k = 1; k <= ThreadPermutations::max_threads; ++k) {
    factorial *= static_cast<std::size_t>(k);
    if (factorial == size) return k;
  }
  throw ProgressInputError(fmt::format("the orbit LTS has {} label images per label, not K! for a K <= {}", size,
                                       ThreadPermutations::max_threads));
}

}  // namespace

SymmetricChecker::SymmetricChecker(const OrbitLts& o)
    : o_(o), k_(threads_of(o)), group_(k_), arcs_(o), transitions_(o.transitions.size()), labels_(classify_labels()) {
  mask_image_.resize(group_.size() << k_);
  for (PermutationId g = 0; g < group_.size(); ++g)
    for (ThreadMask m = 0; m < (ThreadMask{1} << k_); ++m) {
      ThreadMask image = 0;
      for (int t = 0; t < k_; ++t)
        if (m >> t & 1) image |= ThreadMask{1} << group_.image(g)[static_cast<std::size_t>(t)];
      mask_image_[(std::size_t{g} << k_) | m] = image;
    }
  derive_pending();
}

ThreadedLts SymmetricChecker::threaded() const {
  ThreadedLts t;
  for (const ThreadLabel& l : labels_) t.label.push_back({l.kind, static_cast<std::uint8_t>(l.thread)});
  for (int k = 1; k <= k_; ++k) t.threads.push_back(static_cast<std::uint32_t>(k));
  t.has_steps = true;
  return t;
}

std::vector<ThreadLabel> SymmetricChecker::classify_labels() const {
  std::vector<ThreadLabel> out(o_.labels.size());
  for (lts::LabelId id = 0; id < o_.labels.size(); ++id) {
    if (id == lts::tau) {
      out[id].kind = LabelKind::tau;
      continue;
    }
    std::uint32_t thread = 0;
    out[id].kind = classify_label(o_.labels.name(id), thread).kind;
    if (out[id].kind == LabelKind::other) continue;
    if (thread < 1 || thread > static_cast<std::uint32_t>(k_))
      throw ProgressInputError(
          fmt::format("label {} names thread {}, not one of the {} threads", o_.labels.name(id), thread, k_));
    out[id].thread = static_cast<int>(thread) - 1;
  }
  return out;
}

// The pending set of every reachable representative r in its own frame,
// breadth-first as attribute_threads does: (g, r) has the pending set g.P_r,
// and the initial state (g0, r0) none.
void SymmetricChecker::derive_pending() {
  reached_.assign(o_.num_states, false);
  pending_.assign(o_.num_states, 0);
  std::vector<StateId> queue{o_.initial};
  reached_[o_.initial] = true;
  bool has_call = false, has_step = false;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const StateId s = queue[head];
    for (const Arc& a : arcs_.of(s)) {
      const ThreadLabel l = labels_[a.label];
      const std::string& name = o_.labels.name(a.label);
      if (l.kind == LabelKind::tau || l.kind == LabelKind::other)
        throw ProgressInputError(
            fmt::format("label {} (from orbit state {}) is none of call(T,...), ret(T,...), step(T): make the LTS with "
                        "`gen --thread-steps`",
                        l.kind == LabelKind::tau ? "i" : name, s));
      const ThreadMask bit = ThreadMask{1} << l.thread;
      ThreadMask q = pending_[s];
      if (l.kind == LabelKind::call) {
        if (q & bit)
          throw ProgressInputError(fmt::format(
              "inconsistent pending calls: {} from orbit state {}, where that thread already has a pending call", name,
              s));
        q |= bit;
        has_call = true;
      } else if (!(q & bit)) {
        throw ProgressInputError(fmt::format(
            "inconsistent pending calls: {} from orbit state {}, where that thread has no pending call", name, s));
      } else if (l.kind == LabelKind::ret) {
        q &= ~bit;
      } else {
        has_step = true;
      }
      const ThreadMask there = image(group_.inverse(a.permutation), q);  // in the target's own frame
      if (!reached_[a.to]) {
        reached_[a.to] = true;
        pending_[a.to] = there;
        queue.push_back(a.to);
      } else if (pending_[a.to] != there) {
        throw ProgressInputError(
            fmt::format("inconsistent pending calls: orbit state {} is reached with two pending sets", a.to));
      }
    }
  }
  if (!has_call) throw ProgressInputError("no reachable call(T,...): not an object system with clients");
  if (!has_step) throw ProgressInputError("no reachable step(T): make the LTS with `gen --thread-steps`");
}

// The permutations g with (g, r) reachable in M~, for every r: a fixpoint,
// each representative queued again whenever it gains a permutation.
void SymmetricChecker::reach_frames() {
  if (frame_words_) return;
  frame_words_ = (group_.size() + 63) / 64;
  frames_.assign(static_cast<std::size_t>(o_.num_states) * frame_words_, 0);
  const auto has = [&](StateId s, PermutationId g) { return frames_[s * frame_words_ + g / 64] >> (g % 64) & 1; };
  const auto add = [&](StateId s, PermutationId g) {
    frames_[s * frame_words_ + g / 64] |= std::uint64_t{1} << (g % 64);
  };
  std::deque<StateId> queue{o_.initial};
  std::vector<bool> queued(o_.num_states, false);
  queued[o_.initial] = true;
  add(o_.initial, o_.initial_permutation);
  while (!queue.empty()) {
    const StateId s = queue.front();
    queue.pop_front();
    queued[s] = false;
    for (const Arc& a : arcs_.of(s))
      for (std::size_t w = 0; w < frame_words_; ++w)
        for (std::uint64_t bits = frames_[s * frame_words_ + w]; bits != 0; bits &= bits - 1) {
          const auto g = static_cast<PermutationId>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
          const PermutationId gh = group_.compose(g, a.permutation);
          if (has(a.to, gh)) continue;
          add(a.to, gh);
          if (!queued[a.to]) {
            queued[a.to] = true;
            queue.push_back(a.to);
          }
        }
  }
}

// The facts of the SCC of M~ through (identity, root) that `component`
// stands for (the header's construction): frames by a breadth-first search
// inside the component, G_C from Schreier's generators, then each member's
// steps and pending set moved into the root's frame by every g f_r.
LiftedFacts SymmetricChecker::lift(std::span<const StateId> members, const Components& c, std::uint32_t component) {
  LiftedFacts f;
  const StateId root = members.front();
  frame_[root] = ThreadPermutations::identity;
  std::vector<StateId>& queue = queue_;
  std::vector<PermutationId>& generators = generators_;
  std::vector<ThreadMask>& own_steps = own_steps_;
  queue.assign(1, root);
  generators.clear();
  own_steps.assign(members.size(), 0);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const StateId v = queue[head];
    const NodeArcs arcs = of(v);
    for (std::size_t i = 0; i < arcs.size(); ++i) {
      const Arc& raw = arcs.arcs[i];
      const NodeArc a = arcs[i];
      if (!a.kept || !keeps_node(a.to) || c.of[a.to] != component) continue;
      f.has_cycle = true;
      if (a.label.kind == LabelKind::step) {
        own_steps[head] |= ThreadMask{1} << a.label.thread;
        f.tracked_steps = f.tracked_steps || a.label.thread == static_cast<int>(v % static_cast<StateId>(width_));
      }
      const PermutationId there = group_.compose(frame_[v], raw.permutation);
      if (frame_[a.to] == std::numeric_limits<PermutationId>::max()) {
        frame_[a.to] = there;
        queue.push_back(a.to);
      } else if (const PermutationId h = group_.compose(there, group_.inverse(frame_[a.to]));
                 h != ThreadPermutations::identity &&
                 std::find(generators.begin(), generators.end(), h) == generators.end()) {
        generators.push_back(h);
      }
    }
  }
  // Without an arc inside, the component violates nothing.
  const std::vector<PermutationId> lifted = f.has_cycle ? group_.generated(generators) : std::vector<PermutationId>{};
  for (std::size_t i = 0; i < queue.size() && f.has_cycle; ++i) {
    const StateId v = queue[i];
    const ThreadMask pending = pending_[v / static_cast<StateId>(width_)];
    for (const PermutationId g : lifted) {
      const PermutationId into_root = group_.compose(g, frame_[v]);
      f.steps |= image(into_root, own_steps[i]);
      f.always_pending &= image(into_root, pending);
    }
  }
  for (const StateId v : queue) frame_[v] = std::numeric_limits<PermutationId>::max();
  return f;
}

namespace {

std::string searched(Progress p) {
  switch (p) {
    case Progress::lock_free: return "SCCs of the step transitions";
    case Progress::deadlock_free: return "fair SCCs of the step transitions";
    case Progress::obstruction_free: return "SCCs of (state, T) and the step(T) transitions";
    case Progress::wait_free: return "SCCs of (state, T) where T is pending";
    case Progress::starvation_free: return "fair SCCs of (state, T) where T is pending";
  }
  return "";
}

}  // namespace

// The SCCs of the graph of search_, and the members of each: computed once
// for the properties that search the same graph (lock- and deadlock-freedom;
// wait- and starvation-freedom), when asked one after the other.
const SymmetricChecker::SearchedGraph& SymmetricChecker::searched_graph(StateId n) {
  if (graph_.valid && graph_.search == search_) return graph_;
  graph_ = {};
  graph_.search = search_;
  graph_.components = filtered_sccs(
      n, *this, [&](StateId v) { return keeps_node(v); }, [](const NodeArc& a) { return a.kept; });
  const Components& c = graph_.components;
  graph_.begin.assign(static_cast<std::size_t>(c.count) + 1, 0);
  for (StateId v = 0; v < n; ++v)
    if (c.of[v] != no_component) ++graph_.begin[c.of[v] + 1];
  std::partial_sum(graph_.begin.begin(), graph_.begin.end(), graph_.begin.begin());
  graph_.members.resize(graph_.begin.back());
  std::vector<std::uint64_t> next(graph_.begin.begin(), graph_.begin.end() - 1);
  for (StateId v = 0; v < n; ++v)
    if (c.of[v] != no_component) graph_.members[next[c.of[v]]++] = v;
  graph_.valid = true;
  return graph_;
}

ProgressVerdict SymmetricChecker::check(Progress p, bool lassos, const bisim::PhaseCallback& on_phase) {
  search_ = p == Progress::lock_free || p == Progress::deadlock_free ? Search::steps
            : p == Progress::obstruction_free                        ? Search::own_steps
                                                                     : Search::while_pending;
  width_ = search_ == Search::steps ? 1 : k_;
  const std::uint64_t nodes = std::uint64_t{o_.num_states} * static_cast<std::uint64_t>(width_);
  if (nodes >= std::numeric_limits<StateId>::max())
    throw ProgressInputError(fmt::format("{} states x {} threads is too many nodes to search", o_.num_states, k_));
  const auto n = static_cast<StateId>(nodes);
  if (on_phase && !(graph_.valid && graph_.search == search_))
    on_phase(fmt::format("{}: SCCs of {} nodes...", progress_name(p), n));
  const SearchedGraph& graph = searched_graph(n);
  const Components& c = graph.components;
  const std::vector<std::uint64_t>& begin = graph.begin;
  const std::vector<StateId>& members = graph.members;
  frame_.resize(n, std::numeric_limits<PermutationId>::max());  // lift() leaves every entry unset again
  ProgressVerdict verdict;
  verdict.property = p;
  const bool fair = p == Progress::deadlock_free || p == Progress::starvation_free;
  std::uint32_t violating = 0;
  std::vector<bool> bad(c.count, false);
  for (std::uint32_t comp = 0; comp < c.count; ++comp) {
    const std::span<const StateId> in(members.data() + begin[comp], members.data() + begin[comp + 1]);
    const LiftedFacts f = lift(in, c, comp);
    bad[comp] = fair ? f.fair() : p == Progress::wait_free ? f.tracked_steps : f.has_cycle;
    if (!bad[comp]) continue;
    ++violating;
    if (width_ == 1) {
      verdict.failing = 1;
      continue;
    }
    // Every reachable (g, root) gives thread g(x) a violating run.
    reach_frames();
    const StateId root = in.front(), s = root / static_cast<StateId>(width_);
    const auto x = static_cast<std::size_t>(root % static_cast<StateId>(width_));
    for (PermutationId g = 0; g < group_.size(); ++g)
      if (frames_[s * frame_words_ + g / 64] >> (g % 64) & 1) verdict.failing |= ThreadMask{1} << group_.image(g)[x];
  }
  verdict.holds = verdict.failing == 0;
  if (!verdict.holds && lassos) {
    if (on_phase) on_phase(fmt::format("{}: a lasso...", progress_name(p)));
    verdict.lasso = lasso(p, c, bad);
  }
  verdict.checked_on =
      fmt::format("{}: on the orbit LTS ({} states, {} transitions, {} threads), {}: {} nodes, {} SCCs, {} violating",
                  progress_name(p), o_.num_states, transitions_, k_, searched(p), n, c.count, violating);
  return verdict;
}

}  // namespace symmetric

namespace {

ProgressResult check_all(symmetric::SymmetricChecker& checker, const std::vector<Progress>& properties, bool lassos,
                         const bisim::PhaseCallback& on_phase) {
  ProgressResult r;
  r.threads = checker.threaded();
  std::map<Progress, ProgressVerdict> by_property;  // checked in an order that shares SCCs, reported as asked
  for (const Progress p : by_sub_graph(properties)) {
    by_property.emplace(p, checker.check(p, lassos, on_phase));
    if (on_phase) on_phase(by_property.at(p).checked_on);
  }
  for (const Progress p : properties) r.verdicts.push_back(by_property.at(p));
  return r;
}

}  // namespace

ProgressResult check_symmetric_progress(const lts::OrbitLts& orbits, const std::vector<Progress>& properties,
                                        bool lassos, const bisim::PhaseCallback& on_phase) {
  symmetric::SymmetricChecker checker(orbits);
  return check_all(checker, properties, lassos, on_phase);
}

ProgressResult check_symmetric_progress(lts::OrbitLts&& orbits, const std::vector<Progress>& properties, bool lassos,
                                        const bisim::PhaseCallback& on_phase) {
  symmetric::SymmetricChecker checker(orbits);
  std::vector<lts::OrbitTransition>().swap(orbits.transitions);  // the checker has its own copy, by source
  return check_all(checker, properties, lassos, on_phase);
}

}  // namespace refine
