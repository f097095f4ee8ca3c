#include "refine/inclusion/trace_inclusion.hpp"

#include <algorithm>
#include <stdexcept>

#include "refine/inclusion/antichain.hpp"
#include "refine/inclusion/determinised_spec.hpp"

namespace refine {

namespace {

constexpr std::uint32_t no_parent = static_cast<std::uint32_t>(-1);
constexpr lts::LabelId absent = static_cast<lts::LabelId>(-1);

// A product state as discovered: IMPL state, SPEC subset, and how it was reached.
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

  // 64-bit count: num_states + 1 wraps to 0 at 2^32 - 1 states.
  explicit ImplEdges(const lts::Lts& impl)
      : first(std::size_t{impl.num_states} + 1, 0), edges(impl.transitions.size()) {
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

// Memory per product state: an 8-byte link (parent, step) kept for the
// counterexample, plus 8 bytes while its level is being expanded, plus the
// antichain's 8-byte element.
class Search {
 public:
  Search(const lts::Lts& impl, const lts::Lts& spec, const InclusionOptions& options)
      : impl_(impl),
        spec_(spec),
        options_(options),
        out_(impl),
        det_(spec),
        seen_(impl.num_states, options.antichains),
        label_map_(map_labels(impl, spec)) {}

  InclusionResult run() {
    offer({impl_.initial, det_.initial(), no_parent, 0});
    while (!level_.empty()) {
      std::vector<Node> next;
      for (std::size_t i = 0; i < level_.size(); ++i)
        if (expand(i, next)) return finish(false);
      level_begin_ = links_.size();
      level_.clear();
      for (const Node& n : next) offer(n);
      if (!level_.empty()) ++depth_;
    }
    return finish(true);
  }

 private:
  struct Link {
    std::uint32_t parent;  // index into links_, or no_parent
    std::uint32_t via;     // index into ImplEdges::edges
  };
  struct Pair {
    lts::StateId impl;
    SubsetId subset;
  };

  void offer(const Node& n) {
    if (!seen_.insert(n.impl, n.subset, det_)) return;
    if (links_.size() == no_parent) throw std::length_error("more than 2^32 - 1 product states");
    links_.push_back({n.parent, n.via});
    level_.push_back({n.impl, n.subset});
    if (options_.progress && (links_.size() & ((1u << 18) - 1)) == 0) options_.progress(stats());
  }

  // Explores the i-th pair of this level: tau steps join this level, visible
  // steps the next one. Returns true when SPEC refuses a visible step.
  bool expand(std::size_t i, std::vector<Node>& next) {
    const Pair n = level_[i];
    const auto index = static_cast<std::uint32_t>(level_begin_ + i);
    for (std::uint32_t e = out_.first[n.impl]; e < out_.first[n.impl + 1]; ++e) {
      const ImplEdges::Edge& t = out_.edges[e];
      if (t.label == lts::tau) {
        if (t.to != n.impl) offer({t.to, n.subset, index, e});
        continue;
      }
      const lts::LabelId spec_label = label_map_[t.label];
      const SubsetId after = spec_label == absent ? refused : det_.after(n.subset, spec_label);
      if (after == refused) {
        failure_ = {n.impl, n.subset, index, e};
        return true;
      }
      next.push_back({t.to, after, index, e});
    }
    return false;
  }

  InclusionStats stats() const { return {links_.size(), det_.size(), seen_.size(), depth_}; }

  InclusionResult finish(bool holds) {
    InclusionResult result;
    result.holds = holds;
    result.stats = stats();
    if (holds) return result;
    // Walk the links back; the IMPL state of a product state is the target of its step.
    const auto state_of = [&](std::uint32_t i) {
      return links_[i].parent == no_parent ? impl_.initial : out_.edges[links_[i].via].to;
    };
    const auto step = [&](lts::StateId from, std::uint32_t via) {
      return lts::Transition{from, out_.edges[via].label, out_.edges[via].to};
    };
    result.path.push_back(step(failure_.impl, failure_.via));
    for (std::uint32_t i = failure_.parent; links_[i].parent != no_parent; i = links_[i].parent)
      result.path.push_back(step(state_of(links_[i].parent), links_[i].via));
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
  std::vector<Link> links_;  // every product state explored, in order
  std::vector<Pair> level_;  // the product states of the current level, from index level_begin_
  std::size_t level_begin_ = 0;
  Node failure_{};
  std::uint32_t depth_ = 0;
};

}  // namespace

InclusionResult check_trace_inclusion(const lts::Lts& impl, const lts::Lts& spec, const InclusionOptions& options) {
  return Search(impl, spec, options).run();
}

}  // namespace refine
