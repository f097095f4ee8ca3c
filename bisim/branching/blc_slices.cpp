// Slices: the transitions grouped by (source block, label, target
// constellation), JGKW's BLC sets (TACAS 2020). Each slice is a
// range of blc_; the slices of one block form a doubly linked list. A
// slice's transitions move to a new slice ("twin") by swapping them to the
// slice's end, so the twin grows leftwards next to it: O(1) per transition.
// Constellation-inert transitions (tau inside the source's constellation,
// including the inert ones) stay in slices too; they are never splitters.
#include <algorithm>

#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

void Refiner::init_slices() {
  const auto m = static_cast<std::uint32_t>(trans_.size());
  blc_.resize(m);
  blc_pos_.resize(m);
  slice_of_.resize(m);
  // Block by block (perm_ lists each block's states together): count its
  // labels, lay its transitions out label by label, then cut each label's
  // range into slices by target constellation. Each state's transitions
  // are read as one contiguous run, where a global counting sort by label
  // and then by block jumped around all transitions twice (1.8x slower on a
  // 9*10^6-transition LTS of gen).
  lts::LabelId max_label = 0;
  for (const lts::Transition& t : trans_) max_label = std::max(max_label, t.label);
  std::vector<std::uint32_t> next(std::size_t{max_label} + 1, 0);
  std::vector<lts::LabelId> labels;
  std::uint32_t at = 0;
  for (BlockId b = 0; b < blocks_.size(); ++b) {
    labels.clear();
    for (std::uint32_t p = blocks_[b].begin; p < blocks_[b].end; ++p)
      for (const lts::Transition& t : out(perm_[p]))
        if (next[t.label]++ == 0) labels.push_back(t.label);
    std::sort(labels.begin(), labels.end());
    std::uint32_t first = at;
    for (const lts::LabelId a : labels) {
      const std::uint32_t count = next[a];
      next[a] = at;
      at += count;
    }
    for (std::uint32_t p = blocks_[b].begin; p < blocks_[b].end; ++p)
      for (const lts::Transition& tr : out(perm_[p])) blc_[next[tr.label]++] = transition_id(tr);
    for (const lts::LabelId a : labels) {
      make_slices(b, first, next[a]);
      first = next[a];
      next[a] = 0;
    }
  }
  std::vector<std::pair<ConstellationId, std::uint32_t>>().swap(keyed_scratch_);  // not needed again
}

// The transitions blc_[first, last), of block b and one label, as slices by
// their target constellation: one slice when there is one constellation
// (or one transition), else sorted by it first. Several constellations
// here means each block is its own (init_blocks), so block_of_ names the
// constellation, read with fewer cache misses than blocks_ (random LTS of
// 10^7 transitions with 10^5 labels, about a slice per transition:
// init_slices takes 2% of the run, by perf).
void Refiner::make_slices(BlockId b, std::uint32_t first, std::uint32_t last) {
  if (constellations_.size() == 1 || last - first == 1) {
    const SliceId x = new_slice(b, first);
    slices_[x].end = last;
    for (std::uint32_t p = first; p < last; ++p) {
      blc_pos_[blc_[p]] = p;
      slice_of_[blc_[p]] = x;
    }
    return;
  }
  std::vector<std::pair<ConstellationId, std::uint32_t>>& keyed = keyed_scratch_;
  keyed.clear();
  for (std::uint32_t p = first; p < last; ++p) keyed.emplace_back(block_of_[trans_[blc_[p]].to], blc_[p]);
  std::sort(keyed.begin(), keyed.end());
  SliceId x = none;
  for (std::uint32_t i = 0; i < keyed.size(); ++i) {
    const std::uint32_t p = first + i, t = keyed[i].second;
    if (i == 0 || keyed[i].first != keyed[i - 1].first) x = new_slice(b, p);
    slices_[x].end = p + 1;
    blc_[p] = t;
    blc_pos_[t] = p;
    slice_of_[t] = x;
  }
}

// A new, empty slice at position `at` of blc_, linked into its block's list.
Refiner::SliceId Refiner::new_slice(BlockId source, std::uint32_t at) {
  SliceId x;
  if (!free_slices_.empty()) {
    x = free_slices_.back();
    free_slices_.pop_back();
  } else {
    x = static_cast<SliceId>(slices_.size());
    slices_.emplace_back();
    pending_.push_back(0);
  }
  const SliceId first = blocks_[source].first_slice;
  slices_[x] = Slice{at, at, source, first, none, none};
  if (first != none) slices_[first].prev_in_block = x;
  blocks_[source].first_slice = x;
  pending_[x] = 0;
  return x;
}

// Moves transition t from slice `from` to its twin `to`, which sits right
// after `from` in blc_.
void Refiner::move_into_twin(std::uint32_t t, SliceId from, SliceId to) {
  Slice& f = slices_[from];
  const std::uint32_t p = blc_pos_[t], last = f.end - 1;
  const std::uint32_t other = blc_[last];
  blc_[p] = other;
  blc_pos_[other] = p;
  blc_[last] = t;
  blc_pos_[t] = last;
  --f.end;
  --slices_[to].begin;
  slice_of_[t] = to;
  if (f.empty()) emptied_.push_back(from);
}

// After `moved` left their block for block `to`: their outgoing transitions
// go to slices of `to`. A slice waiting in the worklist passes that on to
// its twin; during the small-splitter phase the twin also inherits the link
// to its co-splitter: the twin of that co-splitter, if this carve made one.
void Refiner::carve_moved_states(const std::vector<StateId>& moved, BlockId to) {
  std::vector<SliceId>& touched = carve_touched_;
  std::vector<SliceId>& twins = carve_twins_;
  touched.clear();
  twins.clear();
  for (StateId s : moved)
    for (const lts::Transition& tr : out(s)) {
      const std::uint32_t t = transition_id(tr);
      const SliceId x = slice_of_[t];
      SliceId y = twin_in_carve(x, to);
      if (y == none) {
        y = new_slice(to, slices_[x].end);
        slices_[y].co = x;  // marks y as x's twin until the carve is done
        touched.push_back(x);
        twins.push_back(y);
        if (pending_[x]) {
          pending_[y] = 1;
          worklist_->push_back(y);
        }
      }
      move_into_twin(t, x, y);
    }
  // The inherited links are found while every twin is still marked, and
  // set afterwards.
  std::vector<SliceId>& inherited = carve_co_;
  inherited.clear();
  for (SliceId x : touched) {
    const SliceId co = slices_[x].co;
    inherited.push_back(inherit_co_ && co != none ? twin_in_carve(co, to) : none);
  }
  for (std::size_t i = 0; i < twins.size(); ++i) {
    slices_[twins[i]].co = inherited[i];
    if (inherited[i] != none) with_co_.push_back(twins[i]);
  }
}

// Does s have a transition in slice x, whose label is a? Scans s's steps
// with label a, or x itself when that is shorter: a contracted tau-cycle
// can have hundreds of thousands of steps with one label, and the blue
// search asks about it under every slice of its block (random LTS of 10^7
// transitions, 30% tau: refine 15.8 s with the scan of s alone).
bool Refiner::has_transition_in(StateId s, SliceId x, lts::LabelId a) const {
  const auto steps = out(s);
  const auto [first, last] =
      std::equal_range(steps.begin(), steps.end(), lts::Transition{s, a, 0},
                       [](const lts::Transition& t, const lts::Transition& u) { return t.label < u.label; });
  const Slice& slice = slices_[x];
  if (static_cast<std::size_t>(last - first) > slice.end - slice.begin) {
    for (std::uint32_t p = slice.begin; p < slice.end; ++p)
      if (trans_[blc_[p]].from == s) return true;
    return false;
  }
  for (auto it = first; it != last; ++it)
    if (slice_of_[transition_id(*it)] == x) return true;
  return false;
}

// Unlinks the slices that became empty and recycles them. Called between
// rounds, when no worklist or co-link refers to them any more.
void Refiner::release_emptied_slices() {
  for (SliceId x : emptied_) {
    Slice& s = slices_[x];
    if (!s.empty() || s.source == none) continue;
    if (s.prev_in_block != none) slices_[s.prev_in_block].next_in_block = s.next_in_block;
    else blocks_[s.source].first_slice = s.next_in_block;
    if (s.next_in_block != none) slices_[s.next_in_block].prev_in_block = s.prev_in_block;
    s.source = none;
    free_slices_.push_back(x);
  }
  emptied_.clear();
}

}  // namespace bisim::branching
