// Groote & Vaandrager (ICALP 1990), the O(mn) algorithm: a block R is stable under a
// splitter (a, B) when either every state of R or none can reach, by inert
// tau steps inside R, a state with a non-inert a-step into B. Splitting an
// unstable R into those that can and those that cannot only separates
// non-bisimilar states; when every block is stable under every (a, B) the
// partition is a branching bisimulation. We sweep all splitters until a
// whole sweep splits nothing: at most n sweeps of O(m log m) each.
#include "bisim/branching/simple_refinement.hpp"

#include <algorithm>
#include <utility>

#include "lts/adjacency.hpp"

namespace bisim::branching {

namespace {

class SimpleRefiner {
 public:
  explicit SimpleRefiner(const lts::Lts& l)
      : lts_(l), in_(l, lts::Direction::backward), block_(l.num_states, 0), mark_(l.num_states, 0) {
    if (l.num_states > 0) members_.emplace_back();
    for (lts::StateId s = 0; s < l.num_states; ++s) members_[0].push_back(s);
  }

  std::vector<std::uint32_t> run(std::uint32_t& num_blocks) {
    bool split = true;
    while (split) {
      split = false;
      for (std::uint32_t b = 0; b < members_.size(); ++b) split |= split_under_block(b);
    }
    num_blocks = static_cast<std::uint32_t>(members_.size());
    return std::move(block_);
  }

 private:
  // Tries every splitter (a, B) for the current members of block B.
  bool split_under_block(std::uint32_t splitter) {
    std::vector<std::pair<lts::LabelId, lts::StateId>> steps;  // (a, source) of steps into B
    for (lts::StateId t : members_[splitter])
      for (std::uint32_t i : in_.of(t)) {
        const lts::Transition& tr = lts_.transitions[i];
        if (tr.label == lts::tau && block_[tr.from] == splitter) continue;  // inert
        steps.push_back({tr.label, tr.from});
      }
    std::sort(steps.begin(), steps.end());
    bool split = false;
    for (std::size_t i = 0; i < steps.size();) {
      std::size_t j = i;
      while (j < steps.size() && steps[j].first == steps[i].first) ++j;
      split |= split_under(steps.begin() + i, steps.begin() + j);
      i = j;
    }
    return split;
  }

  // Marks the states that reach one of the given sources by inert tau steps,
  // then splits every touched block that is marked only in part.
  template <class It>
  bool split_under(It first, It last) {
    ++stamp_;
    std::vector<lts::StateId> marked;
    for (It it = first; it != last; ++it) mark(it->second, marked);
    for (std::size_t i = 0; i < marked.size(); ++i)
      for (std::uint32_t e : in_.of(marked[i])) {
        const lts::Transition& tr = lts_.transitions[e];
        if (tr.label == lts::tau && block_[tr.from] == block_[tr.to]) mark(tr.from, marked);
      }
    std::vector<std::uint32_t> touched;
    marked_in_block_.resize(members_.size(), 0);
    for (lts::StateId s : marked)
      if (marked_in_block_[block_[s]]++ == 0) touched.push_back(block_[s]);
    bool split = false;
    for (std::uint32_t b : touched) {
      if (marked_in_block_[b] < members_[b].size()) {
        split_block(b);
        split = true;
      }
      marked_in_block_[b] = 0;
    }
    return split;
  }

  void mark(lts::StateId s, std::vector<lts::StateId>& marked) {
    if (mark_[s] == stamp_) return;
    mark_[s] = stamp_;
    marked.push_back(s);
  }

  // Moves the marked states of block b into a new block.
  void split_block(std::uint32_t b) {
    const auto fresh = static_cast<std::uint32_t>(members_.size());
    std::vector<lts::StateId> stay, leave;
    for (lts::StateId s : members_[b]) (mark_[s] == stamp_ ? leave : stay).push_back(s);
    for (lts::StateId s : leave) block_[s] = fresh;
    members_[b] = std::move(stay);
    members_.push_back(std::move(leave));
  }

  const lts::Lts& lts_;
  lts::Adjacency in_;
  std::vector<std::uint32_t> block_;
  std::vector<std::vector<lts::StateId>> members_;
  std::vector<std::uint32_t> marked_in_block_;  // zero between calls
  std::vector<std::uint64_t> mark_;
  std::uint64_t stamp_ = 0;
};

}  // namespace

std::vector<std::uint32_t> simple_branching_blocks(const lts::Lts& acyclic, std::uint32_t& num_blocks) {
  return SimpleRefiner(acyclic).run(num_blocks);
}

}  // namespace bisim::branching
