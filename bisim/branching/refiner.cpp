// The main loop (JGKW, TACAS 2020; GJKW, ACM TOCL 2017):
// while some constellation C holds several blocks, take a block B of at most
// half its weight (states plus incoming transitions) out as a constellation
// of its own. Only slices into B (the
// small splitters) and their counterparts into C \ B (the co-splitters) can
// now be unstable. Under a small splitter (R, a, B) the block R splits into
// the states that can reach an a-step into B (red) and the rest; the rest
// is stable under (a, C \ B) already (their bottom states had an a-step into
// C and have none into B), so only the red part is split again, under the
// co-splitter. New bottom states are stabilised last (bottom_states.cpp).
// Every transition is touched O(log(n + m)) times as a transition into a
// light constellation and O(log n) times as one of a state moved to a
// smaller half: O(m log n) overall, except that has_transition_in scans a
// state's steps with one label (fine for the few steps per label of the
// LTSs we meet; GJKW's per-state counters would make that O(1)).
#include "bisim/branching/refiner.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>

#include "bisim/partition.hpp"
#include "lts/buckets.hpp"
#include "lts/two_threads.hpp"

namespace bisim::branching {

Refiner::Refiner(const lts::Lts& acyclic, std::uint64_t signature_budget, Constellations constellations,
                 std::uint64_t worklist_budget)
    : trans_(acyclic.transitions),
      n_(acyclic.num_states),
      // A few passes: on LTSs of gen, signature refinement usually ends
      // within two to seven (late rounds recompute few classes). Partition
      // refinement costs several passes just to set up, so ten are worth
      // waiting for (RDCSS, 2 threads forever: six passes run out one cheap
      // round before the fixpoint, and refinement then takes twice as long).
      signature_budget_(signature_budget == default_budget ? 10 * (std::uint64_t{trans_.size()} + n_)
                                                           : signature_budget),
      start_constellations_(constellations),
      worklist_budget_(worklist_budget == default_budget ? 4 * (std::uint64_t{trans_.size()} + n_) : worklist_budget),
      worklist_max_listed_(worklist_budget == default_budget ? n_ / 16 : static_cast<std::size_t>(-1)) {
  // trans_ is sorted by (from, label, to): the out-view is a set of offsets.
  out_begin_.assign(n_ + 1, 0);
  for (const lts::Transition& t : trans_) {
    if (t.label == lts::tau && t.to >= t.from)
      throw std::invalid_argument("branching refinement: a tau-step that does not go to a smaller state number");
    ++out_begin_[t.from + 1];
  }
  for (StateId s = 0; s < n_; ++s) out_begin_[s + 1] += out_begin_[s];
  // The in-view by a counting sort on the target.
  if (trans_.size() >= visible_tag)
    throw std::length_error("branching bisimulation: more than 2^31 transitions after tau-SCC contraction");
  // Sources of tau-steps as they are, visible steps' ids tagged; then, in
  // each state's range, the tau-steps first.
  lts::bucket_sort(
      trans_.size(), n_, [&](std::size_t t) { return trans_[t].to; },
      [&](std::size_t t) {
        const lts::Transition& tr = trans_[t];
        return tr.label == lts::tau ? tr.from : static_cast<std::uint32_t>(t) | visible_tag;
      },
      in_begin_, in_);
  auto tau_first = [&](int, std::size_t begin, std::size_t end) {
    for (std::size_t s = begin; s < end; ++s)
      std::partition(in_.begin() + in_begin_[s], in_.begin() + in_begin_[s + 1],
                     [](std::uint32_t x) { return (x & visible_tag) == 0; });
  };
  if (lts::use_two_threads(trans_.size())) lts::on_two_threads(n_ / 2, n_, tau_first);
  else tau_first(0, 0, n_);
  // Reserve (address space only; pages are touched as used) so that growth
  // never copies: blocks and constellations are at most n, live slices at
  // most m plus one per label.
  blocks_.reserve(n_);
  constellations_.reserve(n_);
  slices_.reserve(trans_.size() + 64);
  pending_.reserve(trans_.size() + 64);
}

std::uint32_t Refiner::tau_step(StateId w, StateId s) const {
  const auto steps = out(w);
  const auto it = std::lower_bound(steps.begin(), steps.end(), s, [](const lts::Transition& t, StateId to) {
    return t.label < lts::tau || (t.label == lts::tau && t.to < to);
  });
  return transition_id(*it);
}

// Stamps tell this search's colours from older ones without clearing. When
// they would wrap, clear once and start again.
std::uint32_t Refiner::next_stamp() {
  if (stamp_ >= 0xFFFFFFF0u) {
    std::fill(colour_.begin(), colour_.end(), 0);
    stamp_ = 0;
  }
  stamp_ += 4;
  return stamp_;
}

std::vector<std::uint32_t> Refiner::run(std::uint32_t& num_blocks) {
  if (n_ == 0) {
    num_blocks = 0;
    return {};
  }
  signatures::SignatureClasses classes = signature_classes(signature_budget_);
  log_ = std::move(classes.log);
  const bool forced = start_constellations_ == Constellations::one_per_class;
  if (classes.final() && !forced) {  // proven: no blocks, slices or searches needed
    num_blocks = classes.count;
    return std::move(classes.class_of);
  }
  const std::uint32_t from = classes.count;
  // Classes at a fixpoint that the exact check refuted (some class hashed
  // its steps, and a collision merged what differs) are nearly final:
  // each block starts as a constellation of its own, so that the main loop
  // has only the splits still missing to take apart, not every block
  // (a random LTS of 10^7 transitions with 10^5 labels, 17 classes missing
  // of 1.97*10^6: a fifth of the time). Correct from any start:
  // the first stabilisation treats every bottom state as new, which makes
  // every block stable under every constellation.
  const bool nearly_final = classes.fixpoint && !classes.exact;
  init_blocks(std::move(classes), nearly_final || forced);
  init_slices();
  stabilise_new_bottom_states();
  release_emptied_slices();
  // Entries never go stale: split_constellation pops c itself once c is
  // left with one block (checked in the sanitizer build).
  while (!nontrivial_.empty()) {
    assert(nontrivial(nontrivial_.back()));
    split_constellation(nontrivial_.back());
  }
  num_blocks = static_cast<std::uint32_t>(blocks_.size());
  log_.push_back("partition refinement (Groote, Jansen, Keiren & Wijs) from " + classes_text(from) + ": " +
                 classes_text(num_blocks));
  return std::move(block_of_);
}

// The block of smaller weight (states plus the transitions into them), a on
// a tie. Both are summed in turns, the lighter sum first, until one block is
// complete and no heavier than the other's partial sum: the cost is
// proportional to the lighter block's weight, which the round that takes it
// out pays anyway. (A stored weight per block cost 4 bytes per block, and
// there can be as many blocks as states.)
Refiner::BlockId Refiner::lighter(BlockId a, BlockId b) const {
  std::uint32_t p = blocks_[a].begin, q = blocks_[b].begin;
  const std::uint32_t a_end = blocks_[a].end, b_end = blocks_[b].end;
  std::uint64_t wa = 0, wb = 0;
  while (true) {
    if (p == a_end && wa <= wb) return a;
    if (q == b_end && wb < wa) return b;
    if (q == b_end || (p != a_end && wa <= wb)) wa += weight_of(perm_[p++]);
    else wb += weight_of(perm_[q++]);
  }
}

void Refiner::split_constellation(ConstellationId c) {
  // B: the lighter of the first two blocks, so weight(B) <= weight(C) / 2:
  // a transition moves into a new constellation O(log(n + m)) times. (GJKW
  // halve the number of states; weighing in the incoming transitions, whose
  // handling is the cost of a round, bounds the same sum and avoids blocks
  // with a huge fan-in.)
  const BlockId first = constellations_[c].first_block, second = blocks_[first].next_in_constellation;
  const BlockId b = lighter(first, second);
  if (b == first) constellations_[c].first_block = second;
  else blocks_[first].next_in_constellation = blocks_[second].next_in_constellation;
  if (!nontrivial(c)) nontrivial_.pop_back();  // c is the last entry (run)
  const auto nc = static_cast<ConstellationId>(constellations_.size());
  constellations_.push_back(Constellation{b});
  blocks_[b].constellation = nc;
  blocks_[b].next_in_constellation = none;

  // Every transition into B moves from its slice (R, a, C) to (R, a, B).
  std::vector<SliceId>& small = small_splitters_;
  std::vector<SliceId>& touched = constellation_touched_;
  small.clear();
  touched.clear();
  auto move_to_small_splitter = [&](std::uint32_t t) {
    const SliceId x = slice_of_[t];
    SliceId y = twin_in_round(x);
    if (y == none) {
      y = new_slice(slices_[x].source, slices_[x].end);
      slices_[y].co = x;  // marks y as x's twin, and is its co-splitter
      touched.push_back(x);
      small.push_back(y);
    }
    move_into_twin(t, x, y);
  };
  for (std::uint32_t p = blocks_[b].begin; p < blocks_[b].end; ++p) {
    const StateId s = perm_[p];
    for (std::uint32_t i = in_begin_[s]; i < in_begin_[s + 1]; ++i)
      move_to_small_splitter((in_[i] & visible_tag) ? in_[i] & ~visible_tag : tau_step(in_[i], s));
  }
  for (std::size_t i = 0; i < touched.size(); ++i)
    if (slices_[touched[i]].empty()) slices_[small[i]].co = none;

  worklist_ = &small;
  inherit_co_ = true;
  for (SliceId y : small) pending_[y] = 1;
  // B's tau-steps into C \ B were constellation-inert and are not known to be
  // stable: split B under them outright (B is small, so this is affordable).
  for (SliceId x = blocks_[b].first_slice; x != none; x = slices_[x].next_in_block)
    if (!slices_[x].empty() && label_of(x) == lts::tau && target_of(x) == c) {
      split(b, x, bottom_states(b), false);
      break;
    }
  for (std::size_t i = 0; i < small.size(); ++i) stabilise_under_small_splitter(small[i]);
  inherit_co_ = false;
  for (SliceId y : small) slices_[y].co = none;
  for (SliceId y : with_co_) slices_[y].co = none;
  with_co_.clear();
  worklist_ = nullptr;

  stabilise_new_bottom_states();
  release_emptied_slices();
}

// Splits the source block of y = (R, a, B) under y, then its red part under
// the co-splitter (R, a, C \ B).
void Refiner::stabilise_under_small_splitter(SliceId y) {
  if (!pending_[y]) return;
  pending_[y] = 0;
  if (slices_[y].empty()) return;
  const BlockId r = slices_[y].source;
  if (constellation_inert(r, y)) return;
  const std::uint32_t probe = blc_[slices_[y].begin];  // a transition of y, to find y's red part later
  const std::uint32_t mark = next_stamp() + marked;    // split continues this stamp
  std::uint32_t marked_bottoms = 0;
  for (std::uint32_t p = slices_[y].begin; p < slices_[y].end; ++p) {
    const StateId u = trans_[blc_[p]].from;
    if (colour_[u] == mark) continue;
    colour_[u] = mark;
    if (inert_out_[u] == 0) ++marked_bottoms;
  }
  // When every bottom state has an a-step into B, every state reaches one:
  // r is stable under y and wholly red (GJKW's test, without a search).
  const bool all_red = marked_bottoms == blocks_[r].bottom_end - blocks_[r].begin;
  const BlockId red_part = all_red ? r : split(r, y, bottom_states(r), true).red;
  const SliceId yr = slice_of_[probe];
  const SliceId co = slices_[yr].co;
  if (red_part == none || co == none || slices_[co].empty() || constellation_inert(red_part, co)) return;
  // Every bottom state of the red part has an a-step into B: they are among
  // the sources of yr.
  candidates_.clear();
  const std::uint32_t seen = next_stamp() + marked;
  for (std::uint32_t p = slices_[yr].begin; p < slices_[yr].end; ++p) {
    const StateId u = trans_[blc_[p]].from;
    if (inert_out_[u] == 0 && colour_[u] != seen) {
      colour_[u] = seen;
      candidates_.push_back(u);
    }
  }
  split(red_part, co, candidates_, false);
}

}  // namespace bisim::branching
