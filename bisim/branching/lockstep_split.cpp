// Splitting a block under a slice by two searches run in lockstep (GJKW,
// ACM TOCL 2017, whose split runs its red and blue searches as coroutines;
// JGKW, TACAS 2020).
//
// Red: the states of r that reach, by inert tau steps, a state with a
// transition in slice x; found backwards from the slice's sources.
// Blue: the others; found from the bottom states without such a transition
// (`candidates`, checked one by one), then backwards: a state is blue once
// all its inert successors are blue and it has no transition in x itself.
// The inert graph of a block is acyclic, so this finds all blue states.
//
// Each search does one unit of work (one transition or one candidate) per
// turn, and a search that passes half the block gives up. The first to
// finish is therefore the smaller half, and only its states move, so the
// cost is proportional to the smaller half and its transitions: the
// "process the smaller half" principle behind O(m log n).
//
// Blue candidates may be incomplete (bottom states that are not listed are
// then treated as neither); the red search is always complete. Moving an
// incomplete blue set is still a sound split; the states missed stay with
// red and are split off when their block is next stabilised.
#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

namespace {

// Cursor over the tau sources at the front of a state's in-steps, one at a
// time. It stops at the first visible step (tagged) itself: finding the end
// first would cost a walk over all the sources, which a search that gives
// up early must not pay (a contracted tau-cycle can have millions).
struct Range {
  const std::uint32_t* next = nullptr;
  const std::uint32_t* end = nullptr;
  std::uint32_t tag = 0;
  bool empty() const { return next == end || (*next & tag) != 0; }
};

}  // namespace

Refiner::SplitOutcome Refiner::split(BlockId r, SliceId x, std::span<const StateId> candidates, bool use_marks) {
  const std::uint32_t size = blocks_[r].size();
  const std::uint32_t half = size / 2;
  const std::uint32_t stamp = use_marks ? stamp_ : next_stamp();
  const std::uint32_t is_marked = stamp + marked, is_red = stamp + red, is_blue = stamp + blue,
                      is_counting = stamp + counting;
  // Under marks a red state also counts as having a step in x: it either is
  // a marked source or can never be blue anyway.
  const lts::LabelId label = label_of(x);
  auto has_x = [&](StateId s) {
    return use_marks ? colour_[s] == is_marked || colour_[s] == is_red : has_transition_in(s, x, label);
  };

  red_list_.clear();
  blue_list_.clear();
  std::uint32_t seed = slices_[x].begin;
  const std::uint32_t seed_end = slices_[x].end;
  std::size_t red_next = 0, blue_next = 0, candidate = 0;
  Range red_in, blue_in;
  bool red_given_up = false, blue_given_up = false;
  auto tau_cursor = [&](StateId s) {
    return Range{in_.data() + in_begin_[s], in_.data() + in_begin_[s + 1], visible_tag};
  };

  auto make_red = [&](StateId s) {
    if (colour_[s] != is_red) {
      colour_[s] = is_red;
      red_list_.push_back(s);
    }
  };
  // One unit of red work; true when the red search is complete.
  auto red_step = [&]() -> bool {
    if (!red_in.empty()) {
      const StateId w = *red_in.next++;
      if (block_of_[w] == r) make_red(w);
    } else if (red_next < red_list_.size()) {
      red_in = tau_cursor(red_list_[red_next++]);
    } else if (seed < seed_end) {
      make_red(trans_[blc_[seed++]].from);
    } else {
      return true;
    }
    if (red_list_.size() > half) red_given_up = true;
    return false;
  };

  auto make_blue = [&](StateId s) {
    colour_[s] = is_blue;
    blue_list_.push_back(s);
  };
  // One unit of blue work; true when the blue search is complete. A red or
  // marked state is never blue; a state waiting for its last inert successor
  // to turn blue is counting: its inert_out_ counts down the inert
  // successors not yet blue, and is restored when the search ends (a count
  // per state of its own cost 4 bytes per state; a search counts few).
  auto blue_step = [&]() -> bool {
    if (!blue_in.empty()) {
      const StateId w = *blue_in.next++;
      if (block_of_[w] == r) {
        const std::uint32_t c = colour_[w];
        if (c != is_red && c != is_blue && (!use_marks || c != is_marked)) {
          if (c != is_counting) {
            colour_[w] = is_counting;
            counted_.push_back({w, inert_out_[w]});
          }
          if (--inert_out_[w] == 0 && !has_x(w)) make_blue(w);
        }
      }
    } else if (blue_next < blue_list_.size()) {
      blue_in = tau_cursor(blue_list_[blue_next++]);
    } else if (candidate < candidates.size()) {
      const StateId s = candidates[candidate++];
      if (block_of_[s] == r && inert_out_[s] == 0 && colour_[s] != is_blue && colour_[s] != is_red && !has_x(s))
        make_blue(s);
    } else {
      return true;
    }
    if (blue_list_.size() > half) blue_given_up = true;
    return false;
  };

  bool red_won = false;
  while (true) {
    if (!red_given_up && red_step()) {
      red_won = true;
      break;
    }
    if (!blue_given_up && blue_step()) break;
  }
  for (const auto& [w, inert] : counted_) inert_out_[w] = inert;
  counted_.clear();

  const std::vector<StateId>& moved = red_won ? red_list_ : blue_list_;
  SplitOutcome result;
  if (moved.empty() || moved.size() == size) {
    // Nothing to split: r is wholly red or wholly blue.
    const bool all_red = red_won ? !moved.empty() : moved.empty();
    (all_red ? result.red : result.blue) = r;
    return result;
  }
  const BlockId nb = move_to_new_block(r, moved);  // does not touch red_list_ or blue_list_
  result.red = red_won ? nb : r;
  result.blue = red_won ? r : nb;
  return result;
}

}  // namespace bisim::branching
