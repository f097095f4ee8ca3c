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
#include "bisim/strong/strong_bisimulation.hpp"

#include <algorithm>
#include <span>
#include <string>

#include "bisim/acyclic/acyclic_classes.hpp"
#include "bisim/strong/compound_splitters.hpp"
#include "bisim/strong/splitter_counts.hpp"
#include "bisim/strong/state_partition.hpp"
#include "bisim/strong/strong_signatures.hpp"
#include "lts/source_order.hpp"

namespace bisim {

namespace {

using lts::StateId;
using Record = SplitterCounts::Record;
constexpr Record no_record = static_cast<Record>(-1);

// How many items ahead the loops below fetch what an item will touch at
// random (states, steps, counters): the misses of one item are then in
// flight while the ones before it are worked on (a quarter off the splits
// and the placing of the steps on RDCSS, 2 threads forever; nothing gained
// on the ring, whose groups hold one step).
constexpr std::size_t ahead = 8;

// The transitions by target (CSR), each with its source, label and counter
// inline, so the scans below read memory in order rather than jumping into
// the transition array (measured: a quarter of the refinement time at
// 10^6), and a step read or placed at random costs one cache miss, not
// three (a tenth off the refinement of RDCSS, 2 threads forever).
struct IncomingSteps {
  struct Step {
    StateId source;
    lts::LabelId label;
    Record record;  // count(source, label, the compound of the target)
  };
  IncomingSteps() = default;
  // record_of(i): the first record of transition i (its index in
  // lts.transitions); called in increasing i.
  template <typename RecordOf>
  IncomingSteps(const lts::Lts& lts, RecordOf record_of) : first(std::size_t{lts.num_states} + 2, 0) {
    // A counting sort that places with the offsets themselves, shifted by
    // one (no second array of n cursors): first[s + 1] is where the next
    // step into s goes, and ends as where the steps into s + 1 start.
    const std::vector<lts::Transition>& all = lts.transitions;
    const std::size_t m = all.size();
    for (std::size_t i = 0; i < m; ++i) {
      if (i + 2 * ahead < m) __builtin_prefetch(&first[all[i + 2 * ahead].to + 2]);
      ++first[all[i].to + 2];
    }
    for (std::size_t s = 2; s < first.size(); ++s) first[s] += first[s - 1];
    steps.resize(m);
    for (std::size_t i = 0; i < m; ++i) {
      // The offset first, then (once it has come) the place it points to.
      if (i + 4 * ahead < m) __builtin_prefetch(&first[all[i + 4 * ahead].to + 1]);
      if (i + 2 * ahead < m) __builtin_prefetch(steps.data() + first[all[i + 2 * ahead].to + 1]);
      const lts::Transition& t = all[i];
      steps[first[t.to + 1]++] = {t.from, t.label, record_of(i)};
    }
    first.pop_back();
  }
  std::vector<std::uint32_t> first;  // steps into s: positions first[s] .. first[s+1]
  std::vector<Step> steps;
};

// One more than the largest label id used (an LTS may use ids beyond its
// label table, as the contracted LTS's divergence marks do).
std::size_t label_bound(const lts::Lts& lts) {
  lts::LabelId max = 0;
  for (const lts::Transition& t : lts.transitions) max = std::max(max, t.label);
  return std::max<std::size_t>(lts.labels.size(), std::size_t{max} + 1);
}

// Paige & Tarjan's first records, count(x, a, all states), made while the
// transitions are placed by target, when they are listed by source and the
// states of each block enable the same labels (as in the signature classes
// PT starts from, unless hashing merged two label sets): the blocks are
// then stable for (a, all states) already, and initial_split's grouping by
// label and marks are not needed (a tenth off the refinement of RDCSS, 2
// threads forever). Made in the same pass as the
// placing, they need no array of where each transition went (ring of 10^7
// states: 40 MB).
class FirstRecords {
 public:
  // label_record: per label, 0 (left so).
  FirstRecords(const lts::Lts& lts, const StatePartition& partition, SplitterCounts& counts,
               std::vector<std::uint32_t>& label_record)
      : partition_(partition),
        counts_(counts),
        label_record_(label_record),
        set_of_(partition.num_blocks(), unset),
        uniform_(lts::listed_by_source(lts.transitions)),
        num_states_(lts.num_states) {}

  // The record of t, the next transition in the order of the list (or
  // no_record, once a block is not uniform).
  Record record_of(const lts::Transition& t) {
    if (!uniform_) return no_record;
    if (t.from != state_) {
      end_state();
      states_without_steps_before(t.from);
      state_ = t.from;
      if (!uniform_) return no_record;
    }
    // One record per label of the state (label_record_ holds record + 1
    // meanwhile).
    std::uint32_t& r = label_record_[t.label];
    if (r == 0) {
      r = counts_.create() + 1;
      labels_.push_back(t.label);
    }
    counts_.increment(r - 1);
    return r - 1;
  }

  // Whether the records are made, every block being uniform; if not, none
  // are left.
  bool finish() {
    if (uniform_) {
      end_state();
      states_without_steps_before(num_states_);
    }
    if (!uniform_) counts_.clear();
    return uniform_;
  }

 private:
  static constexpr std::uint32_t unset = static_cast<std::uint32_t>(-1);
  static constexpr StateId none = static_cast<StateId>(-1);

  // The states after state_ and before `end` have no steps: empty label
  // sets. (state_ starts as none, which steps to 0.)
  void states_without_steps_before(StateId end) {
    for (++state_; state_ < end && uniform_; ++state_) compare_labels(state_);
  }
  void end_state() {
    if (state_ == none) return;
    for (const lts::LabelId a : labels_) label_record_[a] = 0;
    std::sort(labels_.begin(), labels_.end());
    compare_labels(state_);
    labels_.clear();
  }
  // Compares labels_ (sorted) with the set of the first state of x's
  // block, or makes it that set.
  void compare_labels(StateId x) {
    std::uint32_t& at = set_of_[partition_.block_of(x)];
    if (at == unset) {
      at = static_cast<std::uint32_t>(sets_.size());
      sets_.push_back(static_cast<lts::LabelId>(labels_.size()));
      sets_.insert(sets_.end(), labels_.begin(), labels_.end());
    } else {
      uniform_ = sets_[at] == labels_.size() && std::equal(labels_.begin(), labels_.end(), sets_.begin() + at + 1);
    }
  }

  const StatePartition& partition_;
  SplitterCounts& counts_;
  std::vector<std::uint32_t>& label_record_;
  // Per block: where the label set of its first state starts in sets_ (its
  // length, then its labels, sorted).
  std::vector<std::uint32_t> set_of_;
  std::vector<lts::LabelId> sets_, labels_;
  bool uniform_;
  StateId num_states_, state_ = none;
};

class StrongRefiner {
 public:
  // Starting from `start`, a partition coarser than bisimilarity (or equal):
  // all its blocks form the first compound, as the one block did.
  StrongRefiner(const lts::Lts& lts, Partition&& start)
      : partition_(std::move(start.block), start.num_blocks),
        compounds_(partition_),
        new_record_(lts.num_states, no_record),
        label_count_(label_bound(lts), 0) {
    counts_.reserve(lts.num_transitions() + 1);  // live records: at most one per transition
    FirstRecords first(lts, partition_, counts_, label_count_);
    in_ = IncomingSteps(lts, [&](std::size_t i) { return first.record_of(lts.transitions[i]); });
    have_first_records_ = first.finish();
  }

  Partition run() {
    if (!have_first_records_) initial_split();
    std::uint32_t compound;
    while (compounds_.next_compound(compound)) split_by(compounds_.take_smaller_block(compound));
    // The numbering needs two more per-state arrays: release the per-
    // transition ones first (they set the peak on LTSs with as many states
    // as transitions).
    in_ = IncomingSteps{};
    return numbered_partition();
  }

 private:
  // Makes the blocks stable for (a, all states) for every label a: states
  // are split by the set of labels they enable. Every a-transition of a
  // state shares one counter (count(x, a, all states)).
  void initial_split() {
    // All transitions, grouped by label straight from their positions (no
    // m-sized list of them to sort: 4 bytes per transition off the peak).
    const auto m = static_cast<std::uint32_t>(in_.steps.size());
    for (const std::span<const std::uint32_t> group : group_by_label(m, [](std::uint32_t p) { return p; })) {
      for (std::uint32_t t : group) {
        const StateId x = in_.steps[t].source;
        if (new_record_[x] == no_record) {
          new_record_[x] = counts_.create();
          sources_.push_back(x);
        }
        counts_.increment(new_record_[x]);
        in_.steps[t].record = new_record_[x];
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
    const std::span<const StateId> states = partition_.states(splitter);
    for (std::size_t k = 0; k < states.size(); ++k) {
      if (k + 2 * ahead < states.size()) __builtin_prefetch(&in_.first[states[k + 2 * ahead]]);
      // (A state with no steps in may start at the end: a pointer, not [].)
      if (k + ahead < states.size()) __builtin_prefetch(in_.steps.data() + in_.first[states[k + ahead]]);
      for (std::uint32_t p = in_.first[states[k]]; p < in_.first[states[k] + 1]; ++p) buffer_.push_back(p);
    }
    for (const std::span<const std::uint32_t> group :
         group_by_label(buffer_.size(), [this](std::uint32_t i) { return buffer_[i]; }))
      split_by_label(group);
  }

  // The three-way split for one label: `group` holds all a-transitions into
  // the splitter B, taken out of the compound S.
  void split_by_label(std::span<const std::uint32_t> group) {
    for (std::size_t k = 0; k < group.size(); ++k) {
      if (k + ahead < group.size()) __builtin_prefetch(&new_record_[in_.steps[group[k + ahead]].source]);
      const StateId x = in_.steps[group[k]].source;
      if (new_record_[x] == no_record) {
        new_record_[x] = counts_.create();  // count(x, a, B)
        sources_.push_back(x);
        old_records_.push_back(in_.steps[group[k]].record);  // count(x, a, S)
      }
      counts_.increment(new_record_[x]);
    }
    // States with an a-transition into B leave their blocks ...
    mark_sources([](std::size_t) { return true; });
    split();
    // ... and those with a-transitions into S \ B as well leave those.
    mark_sources(
        [this](std::size_t k) { return counts_.count(old_records_[k]) > counts_.count(new_record_[sources_[k]]); });
    split();
    for (std::size_t k = 0; k < group.size(); ++k) {
      if (k + ahead < group.size()) counts_.prefetch(in_.steps[group[k + ahead]].record);
      IncomingSteps::Step& step = in_.steps[group[k]];
      counts_.decrement(step.record);  // becomes count(x, a, S \ B)
      step.record = new_record_[step.source];
    }
    for (StateId x : sources_) new_record_[x] = no_record;
    sources_.clear();
    old_records_.clear();
  }

  // Marks sources_[k] for each k where leaves(k), fetching ahead what the
  // test and the mark touch.
  template <typename Leaves>
  void mark_sources(Leaves leaves) {
    for (std::size_t k = 0; k < sources_.size(); ++k) {
      if (k + ahead < sources_.size()) {
        const StateId x = sources_[k + ahead];
        partition_.prefetch(x);
        counts_.prefetch(old_records_[k + ahead]);
        counts_.prefetch(new_record_[x]);
      }
      if (leaves(k)) partition_.mark(sources_[k]);
    }
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
      if (label_count_[in_.steps[at(i)].label]++ == 0) touched_labels_.push_back(in_.steps[at(i)].label);
    std::uint32_t start = 0;
    for (lts::LabelId l : touched_labels_) {
      const std::uint32_t size = label_count_[l];
      label_count_[l] = start;  // now the next free slot of label l
      start += size;
    }
    grouped_.resize(count);
    for (std::size_t i = 0; i < count; ++i) grouped_[label_count_[in_.steps[at(i)].label]++] = at(i);
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

  IncomingSteps in_;
  bool have_first_records_ = false;
  StatePartition partition_;
  CompoundSplitters compounds_;
  SplitterCounts counts_;
  // Scratch space, reused by every step.
  std::vector<Record> new_record_;  // per state
  // The states with a step into the splitter, and for each its count(x, a,
  // S) (beside them, not per state: 40 MB less on the ring of 10^7).
  std::vector<StateId> sources_;
  std::vector<Record> old_records_;
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
    const SignaturePlan plan =
        route == StrongRoute::worklist_first ? SignaturePlan::worklist : SignaturePlan::by_class_count;
    if (strong_partition_by_signatures(lts, start, plan)) return start;
  } else {
    start.block.assign(lts.num_states, 0);
    start.num_blocks = 1;
  }
  std::vector<std::string> log = std::move(start.log);
  const std::uint32_t from = start.num_blocks;
  Partition p = StrongRefiner(lts, std::move(start)).run();
  log.push_back("Paige & Tarjan from " + classes_text(from) + ": " + classes_text(p.num_blocks));
  p.log = std::move(log);
  return p;
}

}  // namespace bisim
