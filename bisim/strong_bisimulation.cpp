// Strong bisimulation in O(m log n): Paige & Tarjan's relational coarsest
// partition ("Three partition refinement algorithms", SIAM J. Comput. 16(6),
// 1987, Section 3) with labelled transitions handled as in Fernandez, "An
// implementation of an efficient algorithm for bisimulation equivalence",
// Sci. Comput. Program. 13, 1990: a splitter is a label and a set of
// states, each processed with the three-way split of PT's Section 3.
//
// Parts: StatePartition (blocks), CompoundSplitters (PT's partition X),
// SplitterCounts (PT's count(x, S), per label). Only transitions into the
// smaller half of a compound are ever scanned, and grouping them by label is
// a counting sort over the labels actually seen, so the bound holds whatever
// the number of labels (the point of Valmari, "Bisimilarity minimization in
// O(m log n) time", Petri Nets 2009).
#include "bisim/strong_bisimulation.hpp"

#include <algorithm>
#include <span>

#include "bisim/acyclic_classes.hpp"
#include "bisim/compound_splitters.hpp"
#include "bisim/splitter_counts.hpp"
#include "bisim/state_partition.hpp"
#include "bisim/strong_signatures.hpp"
#include "lts/source_order.hpp"

namespace bisim {

namespace {

using lts::StateId;
using Record = SplitterCounts::Record;
constexpr Record no_record = static_cast<Record>(-1);

// The transitions by target (CSR), each with its source and label inline,
// so the scans below read memory in order rather than jumping into the
// transition array (measured: a quarter of the refinement time at 10^6).
struct IncomingSteps {
  IncomingSteps() = default;
  // With position_of, also where each transition (by its index in
  // lts.transitions) went.
  explicit IncomingSteps(const lts::Lts& lts, std::vector<std::uint32_t>* position_of = nullptr)
      : first(std::size_t{lts.num_states} + 1, 0) {
    for (const lts::Transition& t : lts.transitions) ++first[t.to + 1];
    for (std::size_t s = 0; s + 1 < first.size(); ++s) first[s + 1] += first[s];
    source.resize(lts.num_transitions());
    label.resize(lts.num_transitions());
    if (position_of) position_of->resize(lts.num_transitions());
    std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
    for (std::size_t i = 0; i < lts.transitions.size(); ++i) {
      const lts::Transition& t = lts.transitions[i];
      const std::uint32_t p = next[t.to]++;
      source[p] = t.from;
      label[p] = t.label;
      if (position_of) (*position_of)[i] = p;
    }
  }
  std::vector<std::uint32_t> first;  // steps into s: positions first[s] .. first[s+1]
  std::vector<StateId> source;
  std::vector<lts::LabelId> label;
};

// One more than the largest label id used (an LTS may use ids beyond its
// label table, as the contracted LTS's divergence marks do).
std::size_t label_bound(const lts::Lts& lts) {
  lts::LabelId max = 0;
  for (const lts::Transition& t : lts.transitions) max = std::max(max, t.label);
  return std::max<std::size_t>(lts.labels.size(), std::size_t{max} + 1);
}

class StrongRefiner {
 public:
  // Starting from `start`, a partition coarser than bisimilarity (or equal):
  // all its blocks form the first compound, as the one block did.
  StrongRefiner(const lts::Lts& lts, Partition&& start)
      : lts_(lts),
        in_(lts, lts::listed_by_source(lts.transitions) ? &position_of_ : nullptr),
        num_start_blocks_(start.num_blocks),
        partition_(std::move(start.block), start.num_blocks),
        compounds_(lts.num_states),
        record_(lts.num_transitions(), no_record),
        new_record_(lts.num_states, no_record),
        old_record_(lts.num_states, no_record),
        label_count_(label_bound(lts), 0) {
    counts_.reserve(lts.num_transitions() + 1);  // live records: at most one per transition
    for (BlockId b = 1; b < num_start_blocks_; ++b) compounds_.add_block(0, b);
  }

  Partition run() {
    if (!records_in_source_order()) initial_split();
    std::uint32_t compound;
    while (compounds_.next_compound(compound)) split_by(compounds_.take_smaller_block(compound, partition_));
    // The numbering needs two more per-state arrays: release the per-
    // transition ones first (they set the peak on LTSs with as many states
    // as transitions).
    in_ = IncomingSteps{};
    std::vector<Record>().swap(record_);
    return numbered_partition();
  }

 private:
  // The records count(x, a, all states) from one pass over the transitions
  // in source order, when they are listed so and the states of each block
  // enable the same labels (as in the signature classes PT starts from,
  // unless hashing merged two label sets): the blocks are then stable for
  // (a, all states) already, and initial_split's grouping by label and
  // marks are not needed (RDCSS, 2 threads forever, strong: refine 0.90 ->
  // 0.80 s, peak 249 -> 240 MB). False, with no records left, otherwise.
  bool records_in_source_order() {
    if (position_of_.empty()) return false;
    const std::vector<lts::Transition>& trans = lts_.transitions;
    // Per block: where the label set of its first state starts in `sets`
    // (its length, then its labels, sorted).
    constexpr std::uint32_t unset = static_cast<std::uint32_t>(-1);
    std::vector<std::uint32_t> set_of(partition_.num_blocks(), unset);
    std::vector<lts::LabelId> sets, labels;
    bool uniform = true;
    std::size_t i = 0;
    for (StateId x = 0; x < lts_.num_states && uniform; ++x) {
      // x's steps: one record per label (label_count_ holds record + 1
      // meanwhile).
      labels.clear();
      for (; i < trans.size() && trans[i].from == x; ++i) {
        std::uint32_t& r = label_count_[trans[i].label];
        if (r == 0) {
          r = counts_.create() + 1;
          labels.push_back(trans[i].label);
        }
        counts_.increment(r - 1);
        record_[position_of_[i]] = r - 1;
      }
      for (const lts::LabelId a : labels) label_count_[a] = 0;
      std::sort(labels.begin(), labels.end());
      std::uint32_t& at = set_of[partition_.block_of(x)];
      if (at == unset) {
        at = static_cast<std::uint32_t>(sets.size());
        sets.push_back(static_cast<lts::LabelId>(labels.size()));
        sets.insert(sets.end(), labels.begin(), labels.end());
      } else {
        uniform = sets[at] == labels.size() && std::equal(labels.begin(), labels.end(), sets.begin() + at + 1);
      }
    }
    std::vector<std::uint32_t>().swap(position_of_);
    if (!uniform) {  // initial_split makes them anew
      counts_ = SplitterCounts{};
      counts_.reserve(lts_.num_transitions() + 1);
    }
    return uniform;
  }

  // Makes the blocks stable for (a, all states) for every label a: states
  // are split by the set of labels they enable. Every a-transition of a
  // state shares one counter (count(x, a, all states)).
  void initial_split() {
    // All transitions, grouped by label straight from their positions (no
    // m-sized list of them to sort: 4 bytes per transition off the peak).
    const auto m = static_cast<std::uint32_t>(in_.source.size());
    for (const std::span<const std::uint32_t> group : group_by_label(m, [](std::uint32_t p) { return p; })) {
      for (std::uint32_t t : group) {
        const StateId x = in_.source[t];
        if (new_record_[x] == no_record) {
          new_record_[x] = counts_.create();
          sources_.push_back(x);
        }
        counts_.increment(new_record_[x]);
        record_[t] = new_record_[x];
      }
      for (StateId x : sources_) partition_.mark(x);
      split();
      for (StateId x : sources_) new_record_[x] = no_record;
      sources_.clear();
    }
    std::vector<std::uint32_t>().swap(grouped_);  // later rounds group far fewer
  }

  // One step of PT: `splitter` has just been taken out of its compound S.
  // Every block becomes stable for (a, splitter) and (a, S \ splitter).
  void split_by(BlockId splitter) {
    buffer_.clear();
    for (StateId y : partition_.states(splitter))
      for (std::uint32_t p = in_.first[y]; p < in_.first[y + 1]; ++p) buffer_.push_back(p);
    for (const std::span<const std::uint32_t> group :
         group_by_label(buffer_.size(), [this](std::uint32_t i) { return buffer_[i]; }))
      split_by_label(group);
  }

  // The three-way split for one label: `group` holds all a-transitions into
  // the splitter B, taken out of the compound S.
  void split_by_label(std::span<const std::uint32_t> group) {
    for (std::uint32_t t : group) {
      const StateId x = in_.source[t];
      if (new_record_[x] == no_record) {
        new_record_[x] = counts_.create();  // count(x, a, B)
        old_record_[x] = record_[t];        // count(x, a, S)
        sources_.push_back(x);
      }
      counts_.increment(new_record_[x]);
    }
    // States with an a-transition into B leave their blocks ...
    for (StateId x : sources_) partition_.mark(x);
    split();
    // ... and those with a-transitions into S \ B as well leave those.
    for (StateId x : sources_)
      if (counts_.count(old_record_[x]) > counts_.count(new_record_[x])) partition_.mark(x);
    split();
    for (std::uint32_t t : group) {
      counts_.decrement(record_[t]);  // becomes count(x, a, S \ B)
      record_[t] = new_record_[in_.source[t]];
    }
    for (StateId x : sources_) new_record_[x] = no_record;
    sources_.clear();
  }

  void split() {
    partition_.split_marked([this](BlockId from, BlockId created) { compounds_.add_block(from, created); });
  }

  // Sorts the transitions at(0), ..., at(count - 1) into grouped_ by label (a
  // counting sort over the labels present, so O(count) whatever the number
  // of labels) and returns the groups, in order of each label's first
  // appearance.
  template <typename At>
  const std::vector<std::span<const std::uint32_t>>& group_by_label(std::size_t count, At at) {
    touched_labels_.clear();
    for (std::size_t i = 0; i < count; ++i)
      if (label_count_[in_.label[at(i)]]++ == 0) touched_labels_.push_back(in_.label[at(i)]);
    std::uint32_t start = 0;
    for (lts::LabelId l : touched_labels_) {
      const std::uint32_t size = label_count_[l];
      label_count_[l] = start;  // now the next free slot of label l
      start += size;
    }
    grouped_.resize(count);
    for (std::size_t i = 0; i < count; ++i) grouped_[label_count_[in_.label[at(i)]]++] = at(i);
    groups_.clear();
    start = 0;
    for (lts::LabelId l : touched_labels_) {
      groups_.emplace_back(grouped_.data() + start, label_count_[l] - start);
      start = label_count_[l];
      label_count_[l] = 0;
    }
    return groups_;
  }

  // Blocks renumbered by their smallest state, so the numbering depends on
  // the LTS only.
  Partition numbered_partition() const {
    return numbered_by_smallest_state(partition_.blocks(), partition_.num_blocks());
  }

  const lts::Lts& lts_;
  std::vector<std::uint32_t> position_of_;  // per transition: its position in in_ (until the records are made)
  IncomingSteps in_;
  BlockId num_start_blocks_;
  StatePartition partition_;
  CompoundSplitters compounds_;
  SplitterCounts counts_;
  std::vector<Record> record_;  // per position in in_: the transition's counter
  // Scratch space, reused by every step.
  std::vector<Record> new_record_, old_record_;  // per state
  std::vector<StateId> sources_;
  std::vector<std::uint32_t> buffer_, grouped_;
  std::vector<std::uint32_t> label_count_;
  std::vector<lts::LabelId> touched_labels_;
  std::vector<std::span<const std::uint32_t>> groups_;
};

}  // namespace

Partition strong_partition(const lts::Lts& lts, StrongRoute route) {
  if (lts.num_states == 0) return {};
  // The acyclic pass or signature refinement first; when neither can
  // prove its answer, Paige & Tarjan go on from the signature classes.
  Partition start;
  if (route != StrongRoute::paige_tarjan_only) {
    // No cycles but self-loops: one pass, whatever the depth.
    if (route == StrongRoute::fastest)
      if (std::optional<Partition> p = acyclic_partition(lts, Equivalence::strong)) return std::move(*p);
    if (strong_partition_by_signatures(lts, start)) return start;
  } else {
    start.block.assign(lts.num_states, 0);
    start.num_blocks = 1;
  }
  return StrongRefiner(lts, std::move(start)).run();
}

}  // namespace bisim
