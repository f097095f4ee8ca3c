#pragma once
// Branching bisimulation in O(m log n): partition refinement with
// constellations, BLC slices and lockstep splitting, after Groote, Jansen,
// Keiren & Wijs, "An O(m log n) algorithm for computing stuttering
// equivalence and branching bisimulation", ACM TOCL 18(2), 2017 (GJKW), and
// Jansen, Groote, Keiren & Wijs, "An O(m log n) algorithm for branching
// bisimilarity on labelled transition systems", TACAS 2020 (JGKW), whose
// BLC sets (transitions grouped by source Block, Label and target
// Constellation) we call slices. Our own code; the split of the work:
//
//   signature_refinement.cpp  signature refinement, to start from (often
//                      to the end: then nothing else runs)
//   initial_partition.cpp  its classes laid out as blocks
//   refiner.cpp        the main loop: split a constellation, stabilise under
//                      the small splitter and its co-splitter (JGKW's main loop)
//   blocks.cpp         blocks and their bottom states; moving states to a new
//                      block
//   blc_slices.cpp     slices and their bookkeeping (JGKW's BLC sets)
//   lockstep_split.cpp splitting a block by running the searches for both
//                      halves in lockstep (GJKW, "process the smaller
//                      half")
//   bottom_states.cpp  stabilising blocks with new bottom states (GJKW
//                      and JGKW)
//
// The input must be tau-acyclic, so every state reaches a bottom state of its
// block by inert steps, and numbered so that every tau-step goes to a smaller
// state number (signature refinement relies on it); contract_tau_sccs gives
// both.
//
// Invariant between rounds: every block R is stable under every slice
// (R, a, C) that is not constellation-inert (a = tau and C = R's
// constellation): either no state of R has an a-step into C, or every
// bottom state of R has one. When every constellation is a single block this
// makes the partition a branching bisimulation.
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bisim/signatures/signature_refinement.hpp"
#include "lts/lts.hpp"

namespace bisim::branching {

class Refiner {
 public:
  // signature_budget: how much work (states and transitions visited)
  // signature refinement may do before partition refinement takes over;
  // default a few passes over the LTS. 0 starts partition refinement from
  // one block (tests use it to exercise that part on its own).
  static constexpr std::uint64_t default_budget = static_cast<std::uint64_t>(-1);
  static constexpr std::uint64_t unlimited = default_budget - 1;
  // How the classes of signature refinement start partition refinement: as
  // one constellation, or as constellations of their own when they are
  // nearly final (a refuted fixpoint); tests force the latter from any
  // classes, which must give the same answer.
  enum class Constellations { as_fits, one_per_class };
  // worklist_budget: when the classes of signature refinement are not
  // final but no tau-step lies inside a class, no step can be inert in any
  // finer partition, and branching bisimulation goes on as strong
  // bisimulation would: by worklist rounds (worklist_signatures.hpp) within
  // this much work; by default a few passes, and no round after the first
  // listing more than a sixteenth of the states; 0 never.
  explicit Refiner(const lts::Lts& acyclic, std::uint64_t signature_budget = default_budget,
                   Constellations constellations = Constellations::as_fits,
                   std::uint64_t worklist_budget = default_budget);
  // Runs to the fixpoint; returns the block of every state.
  std::vector<std::uint32_t> run(std::uint32_t& num_blocks);
  // After run: how it went, stage by stage (Partition::log).
  std::vector<std::string>& log() { return log_; }

 private:
  using StateId = std::uint32_t;
  using BlockId = std::uint32_t;
  using SliceId = std::uint32_t;
  using ConstellationId = std::uint32_t;
  static constexpr std::uint32_t none = static_cast<std::uint32_t>(-1);

  // There can be a block and a constellation per state (the tau-ring with
  // loops of bench/quotient/make_family ends so), so both are kept small:
  // a constellation's blocks form a singly linked list, enough since the
  // main loop only ever takes out one of its first two blocks, and a
  // block's weight is counted when needed (refiner.cpp), not stored.
  struct Block {
    // perm_[begin, bottom_end) are its bottom states, [bottom_end, end) the others.
    std::uint32_t begin, bottom_end, end;
    ConstellationId constellation;
    BlockId next_in_constellation;
    SliceId first_slice;
    std::uint32_t size() const { return end - begin; }
  };
  static_assert(sizeof(Block) == 24);
  struct Constellation {
    BlockId first_block;  // it has several blocks when this one has a next
  };
  // A slice is 24 bytes: there can be one per transition (the tau-ring with
  // loops again). Its label and target constellation are those of any of its
  // transitions, so they are read from its first one (a slice is asked for
  // them only when it is not empty), and its twin is found by position
  // (twin_in_carve, twin_in_round), not stored.
  struct Slice {
    std::uint32_t begin, end;  // blc_[begin, end)
    BlockId source;            // none while free
    SliceId next_in_block, prev_in_block;
    // For a small splitter (R, a, B), the slice (R, a, C \ B); none when
    // unused. Borrowed while a round moves transitions, to mark a new twin
    // with the slice it came from, and by stabilisation, as a count
    // (bottom_states.cpp).
    SliceId co;
    bool empty() const { return begin == end; }
  };
  static_assert(sizeof(Slice) == 24);
  struct SplitOutcome {
    BlockId red = none, blue = none;  // either may be none (an empty side)
  };

  // refiner.cpp
  std::uint32_t next_stamp();
  BlockId lighter(BlockId a, BlockId b) const;
  bool nontrivial(ConstellationId c) const {
    return blocks_[constellations_[c].first_block].next_in_constellation != none;
  }
  void split_constellation(ConstellationId c);
  void stabilise_under_small_splitter(SliceId y);
  const lts::Transition& first_of(SliceId x) const { return trans_[blc_[slices_[x].begin]]; }
  lts::LabelId label_of(SliceId x) const { return first_of(x).label; }
  ConstellationId target_of(SliceId x) const { return blocks_[block_of_[first_of(x).to]].constellation; }
  bool constellation_inert(BlockId r, SliceId x) const {
    const lts::Transition& t = first_of(x);
    return t.label == lts::tau && blocks_[r].constellation == blocks_[block_of_[t.to]].constellation;
  }

  // signature_refinement.cpp
  struct SignatureView;  // what signature refinement sees of this LTS
  signatures::SignatureClasses signature_classes(std::uint64_t budget) const;
  bool nothing_inert(const std::vector<std::uint32_t>& cls) const;
  // initial_partition.cpp
  // Each class becomes a block; all of them form one constellation, or,
  // with own_constellations, each its own.
  void init_blocks(signatures::SignatureClasses&& classes, bool own_constellations);

  // blocks.cpp
  BlockId move_to_new_block(BlockId r, const std::vector<StateId>& moved);
  void remove_from_layout(Block& r, StateId s);
  void make_bottom(Block& r, StateId s);
  void swap_positions(std::uint32_t p, std::uint32_t q);
  std::span<const StateId> bottom_states(BlockId r) const {
    return {perm_.data() + blocks_[r].begin, perm_.data() + blocks_[r].bottom_end};
  }
  std::span<const lts::Transition> out(StateId s) const {
    return {trans_.data() + out_begin_[s], trans_.data() + out_begin_[s + 1]};
  }
  std::uint32_t transition_id(const lts::Transition& t) const { return static_cast<std::uint32_t>(&t - trans_.data()); }
  // Sources of the tau-steps into s (the searches walk these backwards).
  std::span<const StateId> tau_sources(StateId s) const {
    const std::uint32_t* first = in_.data() + in_begin_[s];
    const std::uint32_t* last = in_.data() + in_begin_[s + 1];
    const std::uint32_t* end = first;
    while (end != last && (*end & visible_tag) == 0) ++end;
    return {first, end};
  }
  // The id of the step w -tau-> s (it exists: w is a tau-source of s).
  std::uint32_t tau_step(StateId w, StateId s) const;
  std::uint32_t weight_of(StateId s) const { return 1 + in_begin_[s + 1] - in_begin_[s]; }

  // blc_slices.cpp
  void init_slices();
  void make_slices(BlockId b, std::uint32_t first, std::uint32_t last);
  SliceId new_slice(BlockId source, std::uint32_t at);
  // The slice right after x in blc_, where x's twin grows, if that is a
  // twin made from x: by this round (split_constellation), or by this carve
  // into block `to`. Either marks its twins with co = the slice they came
  // from until it is done.
  SliceId twin_in_round(SliceId x) const {
    const SliceId y = slices_[x].end < blc_.size() ? slice_of_[blc_[slices_[x].end]] : none;
    return y != none && slices_[y].co == x ? y : none;
  }
  SliceId twin_in_carve(SliceId x, BlockId to) const {
    const SliceId y = twin_in_round(x);
    return y != none && slices_[y].source == to ? y : none;
  }
  void move_into_twin(std::uint32_t t, SliceId from, SliceId to);
  void carve_moved_states(const std::vector<StateId>& moved, BlockId to);
  bool has_transition_in(StateId s, SliceId x, lts::LabelId label) const;
  void release_emptied_slices();

  // lockstep_split.cpp
  // With use_marks, the sources of x are marked in the current stamp (the
  // search continues it); otherwise it starts a fresh one.
  SplitOutcome split(BlockId r, SliceId x, std::span<const StateId> candidates, bool use_marks);

  // bottom_states.cpp
  void stabilise_new_bottom_states();
  void stabilise_group(BlockId r);
  std::span<const StateId> group_of(BlockId b) const;
  bool in_group(StateId s) const { return grp_pos_[s] < grp_.size() && grp_[grp_pos_[s]] == s; }
  void follow_group_split(BlockId r, BlockId nb, const std::vector<StateId>& moved);

  // The graph, fixed: transitions sorted by (source, label, target), tau
  // first, without duplicates.
  const std::vector<lts::Transition>& trans_;
  StateId n_;
  std::uint64_t signature_budget_;
  Constellations start_constellations_;
  std::uint64_t worklist_budget_;
  std::size_t worklist_max_listed_;
  std::vector<std::string> log_;
  std::vector<std::uint32_t> out_begin_;  // n+1, into trans_
  // The steps into each state s, in in_[in_begin_[s], in_begin_[s + 1]):
  // first the sources of its tau-steps (what the searches walk backwards, so
  // without an indirection), then the ids of its visible steps with
  // visible_tag set, which marks where the tau sources end. A tau-step's id
  // is found from its source when needed (tau_step). One array of m entries
  // and one of n offsets, instead of m + (tau-steps) entries and 2n offsets:
  // 4 bytes per state and per tau-step less at the peak.
  static constexpr std::uint32_t visible_tag = 0x80000000u;
  std::vector<std::uint32_t> in_begin_;  // n+1
  std::vector<std::uint32_t> in_;

  // Blocks and constellations.
  std::vector<StateId> perm_;
  std::vector<std::uint32_t> pos_;
  std::vector<BlockId> block_of_;
  std::vector<std::uint32_t> inert_out_;  // tau-steps into the own block
  std::vector<Block> blocks_;
  std::vector<Constellation> constellations_;
  // The constellations of several blocks, each once: one is added when it
  // gets its second block, and leaves when the main loop takes its
  // second-last block out (it is the last entry then).
  std::vector<ConstellationId> nontrivial_;
  std::vector<StateId> new_bottoms_;

  // Slices.
  std::vector<std::uint32_t> blc_;      // transition ids grouped by slice
  std::vector<std::uint32_t> blc_pos_;  // blc_pos_[t]: where t is in blc_
  std::vector<SliceId> slice_of_;       // slice_of_[t]
  std::vector<Slice> slices_;
  std::vector<SliceId> free_slices_;
  std::vector<SliceId> emptied_;
  std::vector<std::uint8_t> pending_;  // slice waits in *worklist_
  std::vector<SliceId>* worklist_ = nullptr;
  bool inherit_co_ = false;
  std::vector<SliceId> with_co_;  // slices whose co was set this round

  // Scratch for splitting. One colour per state serves every search: a
  // search takes four fresh values (next_stamp), so older colours need no
  // clearing. A state is never both red and blue, and marks (sources of the
  // splitter, or candidates seen) are read before or instead of colours.
  static constexpr std::uint32_t marked = 0, red = 1, blue = 2, counting = 3;
  std::uint32_t stamp_ = 0;
  std::vector<std::uint32_t> colour_;
  // The counting states of a blue search, with their inert_out_ before it.
  std::vector<std::pair<StateId, std::uint32_t>> counted_;
  std::vector<StateId> red_list_, blue_list_, candidates_;
  std::vector<SliceId> small_splitters_, constellation_touched_, carve_touched_, carve_twins_, carve_co_;
  std::vector<SliceId> counted_slices_;
  std::vector<std::pair<ConstellationId, std::uint32_t>> keyed_scratch_;  // make_slices
  std::vector<std::uint8_t> was_bottom_;

  // The batch of new bottom states being stabilised, contiguous per block.
  // s is in the batch exactly when grp_[grp_pos_[s]] == s.
  std::vector<StateId> grp_;
  std::vector<std::uint32_t> grp_pos_;                          // per state
  std::vector<std::uint32_t> grp_begin_, grp_end_, grp_valid_;  // per block
  std::uint32_t grp_batch_ = 0;
  bool grp_active_ = false;
};

}  // namespace bisim::branching
