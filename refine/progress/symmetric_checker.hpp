#pragma once
// The checker behind check_symmetric_progress (refine/progress/symmetric_progress.hpp):
// the orbit LTS as a graph of representatives, or of (representative,
// tracked thread) nodes, its SCCs lifted to the expansion M~
// (symmetric_checker.cpp), and lassos of M~ into them (symmetric_lasso.cpp).
// Private to those files.
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include "bisim/phase_callback.hpp"
#include "lts/orbit_lts.hpp"
#include "refine/progress/filtered_scc.hpp"
#include "refine/progress/progress.hpp"

namespace refine::symmetric {

using lts::OrbitLts;
using lts::OrbitTransition;
using lts::PermutationId;
using lts::StateId;
using lts::ThreadPermutations;

struct Arc {
  StateId to;
  lts::LabelId label;
  PermutationId permutation;
};

// The orbit transitions by source.
class OrbitArcs {
 public:
  explicit OrbitArcs(const OrbitLts& o) : offsets_(static_cast<std::size_t>(o.num_states) + 1, 0) {
    for (const OrbitTransition& t : o.transitions) ++offsets_[t.from + 1];
    std::partial_sum(offsets_.begin(), offsets_.end(), offsets_.begin());
    arcs_.resize(o.transitions.size());
    std::vector<std::uint64_t> next(offsets_.begin(), offsets_.end() - 1);
    for (const OrbitTransition& t : o.transitions) arcs_[next[t.from]++] = {t.to, t.label, t.permutation};
  }
  std::span<const Arc> of(StateId s) const { return {arcs_.data() + offsets_[s], arcs_.data() + offsets_[s + 1]}; }

 private:
  std::vector<std::uint64_t> offsets_;
  std::vector<Arc> arcs_;
};

struct ThreadLabel {
  LabelKind kind = LabelKind::other;
  int thread = 0;  // from 0
};

// What the SCC of M~ that an orbit SCC stands for offers a cycle, in the
// frame of the SCC's root (its first node).
struct LiftedFacts {
  bool has_cycle = false;
  bool tracked_steps = false;  // a step of the tracked thread (per-thread graphs)
  ThreadMask steps = 0;
  ThreadMask always_pending = ~ThreadMask{0};
  bool fair() const { return has_cycle && (always_pending & ~steps) == 0; }
};

// Which sub-graph of M~ a property searches (docs/progress.md, "The direct
// route"), on nodes (representative, tracked thread) when per thread.
enum class Search { steps, own_steps, while_pending };

class SymmetricChecker {
 public:
  explicit SymmetricChecker(const OrbitLts& o);

  // The labels classified for refine/progress_report.hpp: bit t is thread t+1.
  ThreadedLts threaded() const;
  // With `lassos`, a failing verdict comes with one (symmetric_lasso.cpp).
  ProgressVerdict check(Progress p, bool lassos, const bisim::PhaseCallback& on_phase);

  // The graph filtered_sccs walks: node s * width + x is representative s
  // with the tracked thread x in its frame (width 1: nothing tracked).
  struct NodeArc {
    StateId to;
    ThreadLabel label;
    bool kept;  // in the sub-graph searched (the target may still be left out)
  };
  struct NodeArcs {
    std::span<const Arc> arcs;
    int x;
    const SymmetricChecker* c;
    std::size_t size() const { return arcs.size(); }
    NodeArc operator[](std::size_t i) const { return c->node_arc(arcs[i], x); }
  };
  NodeArcs of(StateId node) const {
    return {arcs_.of(node / static_cast<StateId>(width_)), static_cast<int>(node % static_cast<StateId>(width_)), this};
  }

 private:
  std::vector<ThreadLabel> classify_labels() const;
  void derive_pending();
  void reach_frames();
  ThreadMask image(PermutationId g, ThreadMask m) const { return mask_image_[(std::size_t{g} << k_) | m]; }
  NodeArc node_arc(const Arc& a, int x) const {
    const int y = width_ == 1 ? 0 : group_.image(group_.inverse(a.permutation))[static_cast<std::size_t>(x)];
    const ThreadLabel l = labels_[a.label];
    const bool kept =
        search_ == Search::while_pending || (l.kind == LabelKind::step && (search_ == Search::steps || l.thread == x));
    return {a.to * static_cast<StateId>(width_) + static_cast<StateId>(y), l, kept};
  }
  bool keeps_node(StateId node) const {
    const StateId s = node / static_cast<StateId>(width_);
    return reached_[s] && (search_ != Search::while_pending || (pending_[s] >> (node % width_) & 1));
  }
  LiftedFacts lift(std::span<const StateId> members, const Components& c, std::uint32_t component);
  struct SearchedGraph {
    bool valid = false;
    Search search = Search::steps;
    Components components;
    std::vector<std::uint64_t> begin;  // the members of SCC k: members[begin[k] .. begin[k+1])
    std::vector<StateId> members;
  };
  const SearchedGraph& searched_graph(StateId nodes);

  // Lassos of M~ (symmetric_lasso.cpp). A state (g, r) of M~, and a
  // transition between two of them with its label renamed by g.
  struct Lifted {
    PermutationId g;
    StateId r;
    friend bool operator==(const Lifted&, const Lifted&) = default;
  };
  struct LiftedStep {
    Lifted from;
    lts::LabelId label;
    Lifted to;
  };
  // The lasso of a failing check: the stem with the fewest calls and
  // returns to a state of M~ in a component marked in `bad`, then a cycle
  // inside the SCC of M~ there that meets p's condition.
  ProgressLasso lasso(Progress p, const Components& c, const std::vector<bool>& bad) const;
  std::vector<LiftedStep> stem_to(const std::vector<bool>& goal) const;
  // The node of the searched graph that (g, r) is when `tracked` is followed.
  StateId node_of(Lifted at, int tracked) const {
    if (width_ == 1) return at.r;
    return at.r * static_cast<StateId>(width_) +
           static_cast<StateId>(group_.image(group_.inverse(at.g))[static_cast<std::size_t>(tracked)]);
  }
  // A shortest path inside the SCC of M~ through `from` (nodes of component
  // `comp`, kept arcs), ending with an arc `goal` accepts, or empty when
  // `from` itself is accepted as `goal(from, nullptr)`.
  template <typename Goal>
  std::vector<LiftedStep> path_inside(Lifted from, const Components& c, std::uint32_t comp, int tracked,
                                      Goal goal) const;
  ProgressLasso number(const std::vector<LiftedStep>& stem, const std::vector<LiftedStep>& cycle,
                       std::uint32_t thread) const;

  const OrbitLts& o_;
  int k_;
  ThreadPermutations group_;
  OrbitArcs arcs_;  // the checker reads the transitions only here: the caller may free them
  std::size_t transitions_;
  std::vector<ThreadLabel> labels_;
  std::vector<bool> reached_;
  std::vector<ThreadMask> pending_;  // per representative, in its own frame
  std::vector<ThreadMask> mask_image_;
  std::vector<std::uint64_t> frames_;  // per representative, the permutations g with (g, r) reachable
  std::size_t frame_words_ = 0;
  Search search_ = Search::steps;
  int width_ = 1;
  std::vector<PermutationId> frame_;  // per node, inside the component being lifted
  SearchedGraph graph_;               // of the last check
  // lift()'s buffers, kept from one component to the next: most components
  // are single nodes, and there are as many as nodes.
  std::vector<StateId> queue_;
  std::vector<PermutationId> generators_;
  std::vector<ThreadMask> own_steps_;  // by position in queue_
};

}  // namespace refine::symmetric
