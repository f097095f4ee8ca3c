#include "refine/trace_inclusion.hpp"

#include <algorithm>
#include <stdexcept>

#include "refine/antichain.hpp"
#include "refine/determinised_spec.hpp"

namespace refine {

namespace {

constexpr std::uint32_t no_parent = static_cast<std::uint32_t>(-1);
constexpr lts::LabelId absent = static_cast<lts::LabelId>(-1);

// A product state as explored: IMPL state, SPEC subset, and how it was reached.
struct Node {
  lts::StateId impl;
  SubsetId subset;
  std::uint32_t parent;  // index into the node list, or no_parent
  std::uint32_t via;     // index into ImplEdges::edges of the step from the parent
};

// IMPL's transitions by source, (label, target) inline: one sequential read
// per state expanded instead of an index and a random read per transition.
struct ImplEdges {
  struct Edge {
    lts::LabelId label;
    lts::StateId to;
  };
  std::vector<std::uint32_t> first;  // edges of s: [first[s], first[s+1])
  std::vector<Edge> edges;

  explicit ImplEdges(const lts::Lts& impl) : first(impl.num_states + 1, 0), edges(impl.transitions.size()) {
    for (const lts::Transition& t : impl.transitions) ++first[t.from + 1];
    for (lts::StateId s = 0; s < impl.num_states; ++s) first[s + 1] += first[s];
    std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
    for (const lts::Transition& t : impl.transitions) edges[fill[t.from]++] = {t.label, t.to};
  }
};

// IMPL label id -> SPEC label id (absent if SPEC never uses the name).
std::vector<lts::LabelId> map_labels(const lts::Lts& impl, const lts::Lts& spec) {
  std::vector<lts::LabelId> map(impl.labels.size(), absent);
  map[lts::tau] = lts::tau;
  for (lts::LabelId l = 1; l < impl.labels.size(); ++l) {
    lts::LabelId id;
    if (spec.labels.find(impl.labels.name(l), id) && id != lts::tau) map[l] = id;
  }
  return map;
}

class Search {
 public:
  Search(const lts::Lts& impl, const lts::Lts& spec, const InclusionOptions& options)
      : impl_(impl), spec_(spec), options_(options), out_(impl),
        det_(spec), seen_(impl.num_states, options.antichains), label_map_(map_labels(impl, spec)) {}

  InclusionResult run() {
    offer({impl_.initial, det_.initial(), no_parent, 0});
    std::size_t level_begin = 0;
    while (level_begin < nodes_.size()) {
      std::vector<Node> next;
      for (std::size_t i = level_begin; i < nodes_.size(); ++i)
        if (expand(static_cast<std::uint32_t>(i), next)) return finish(false);
      level_begin = nodes_.size();
      for (const Node& n : next) offer(n);
      if (nodes_.size() > level_begin) ++depth_;
    }
    return finish(true);
  }

 private:
  void offer(const Node& n) {
    if (!seen_.insert(n.impl, n.subset, det_)) return;
    if (nodes_.size() == no_parent) throw std::length_error("more than 2^32 - 1 product states");
    nodes_.push_back(n);
    if (options_.progress && (nodes_.size() & ((1u << 18) - 1)) == 0) options_.progress(stats());
  }

  // Explores node i: tau steps join this level, visible steps the next one.
  // Returns true when SPEC refuses one of its visible steps.
  bool expand(std::uint32_t i, std::vector<Node>& next) {
    const Node n = nodes_[i];
    for (std::uint32_t e = out_.first[n.impl]; e < out_.first[n.impl + 1]; ++e) {
      const ImplEdges::Edge& t = out_.edges[e];
      if (t.label == lts::tau) {
        if (t.to != n.impl) offer({t.to, n.subset, i, e});
        continue;
      }
      const lts::LabelId spec_label = label_map_[t.label];
      const SubsetId after = spec_label == absent ? refused : det_.after(n.subset, spec_label);
      if (after == refused) {
        failure_ = {n.impl, n.subset, i, e};
        return true;
      }
      next.push_back({t.to, after, i, e});
    }
    return false;
  }

  InclusionStats stats() const {
    return {nodes_.size(), det_.size(), seen_.size(), depth_};
  }

  InclusionResult finish(bool holds) {
    InclusionResult result;
    result.holds = holds;
    result.stats = stats();
    if (holds) return result;
    const auto step = [&](lts::StateId from, std::uint32_t via) {
      return lts::Transition{from, out_.edges[via].label, out_.edges[via].to};
    };
    result.path.push_back(step(failure_.impl, failure_.via));
    for (std::uint32_t i = failure_.parent; nodes_[i].parent != no_parent; i = nodes_[i].parent)
      result.path.push_back(step(nodes_[nodes_[i].parent].impl, nodes_[i].via));
    std::reverse(result.path.begin(), result.path.end());
    for (const lts::LabelId l : det_.enabled(failure_.subset)) result.spec_enabled.push_back(spec_.labels.name(l));
    std::sort(result.spec_enabled.begin(), result.spec_enabled.end());
    return result;
  }

  const lts::Lts& impl_;
  const lts::Lts& spec_;
  const InclusionOptions& options_;
  ImplEdges out_;
  DeterminisedSpec det_;
  Antichain seen_;
  std::vector<lts::LabelId> label_map_;
  std::vector<Node> nodes_;
  Node failure_{};
  std::uint32_t depth_ = 0;
};

}  // namespace

InclusionResult check_trace_inclusion(const lts::Lts& impl, const lts::Lts& spec, const InclusionOptions& options) {
  return Search(impl, spec, options).run();
}

}  // namespace refine
