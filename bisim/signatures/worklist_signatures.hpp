#pragma once
// Strong signature refinement driven by a worklist of states, for deep
// answers: long chains of dependent splits, one or a few states per round
// (a ring of 10^7 states ends with a class per state after 10^7 rounds).
// Rounds over whole classes (signature_refinement.hpp) are quadratic there,
// and Paige & Tarjan pay their bookkeeping (compound splitters, counters)
// on every split. Here a round recomputes only the signatures of the
// states with a step into a state that changed class in the last round.
//
// It is signature refinement (Blom & Orzan, "Distributed branching
// bisimulation reduction of state spaces", PDMC 2003, Sect. 3) made
// incremental the way Hopcroft's and Paige & Tarjan's algorithms are:
// class ids are kept by the states that stay, so only the states that
// move make work for the next round (Paige & Tarjan, SIAM J. Comput. 16(6),
// 1987, Sect. 3: a state's predecessors are looked at when it moves).
//
// A state is listed when one of its successors moved to a new class id in
// the last round. Its signature then changed: it has a step into that id,
// which did not exist before. So a class's states that are not listed keep
// the signature they shared, and each listed one must leave them. A round
// groups the listed states of each class by (class, signature hash); each
// group becomes a new class, except that a class all of whose states are
// listed keeps its id for its largest group (Hopcroft's "all but the
// largest"). A class with one listed state and others not listed needs no
// hash: the state leaves (which more than halves a ring's rounds). When
// the list is empty, every class's states
// have one hash; an exact check then rules out a hash collision, or lists
// the states that differ from their class's first state, and the rounds go
// on from them. Classes are only split by differing signatures, so from
// classes coarser than bisimilarity (or equal) they stay so: a run cut
// short by its budget leaves a sound start for Paige & Tarjan.
//
// A Graph as in signature_refinement.hpp (num_states, num_transitions,
// steps, predecessors; tau an ordinary label, nothing inert).
#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "bisim/partition.hpp"
#include "bisim/signatures/mix.hpp"
#include "bisim/signatures/signature_refinement.hpp"
#include "lts/lts.hpp"
#include "lts/two_threads.hpp"

namespace bisim::signatures {

namespace worklist_detail {

// (class, signature hash) -> group number, in a table cleared in
// proportion to its use: the rounds of a chain hold one group each, and a
// table cleared whole every round made them cost its size.
class RoundGroups {
 public:
  static constexpr std::uint32_t absent = static_cast<std::uint32_t>(-1);
  // The group of (c, h), made if new.
  std::uint32_t group(std::uint32_t c, std::uint64_t h) {
    if (2 * (used_.size() + 1) > slots_.size()) grow();
    for (std::size_t i = mix(c, h) & mask_;; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.group == absent) {
        slot = {h, c, static_cast<std::uint32_t>(used_.size())};
        used_.push_back(static_cast<std::uint32_t>(i));
        return slot.group;
      }
      if (slot.hash == h && slot.cls == c) return slot.group;
    }
  }
  std::uint32_t size() const { return static_cast<std::uint32_t>(used_.size()); }
  std::uint32_t class_of(std::uint32_t g) const { return slots_[used_[g]].cls; }
  void clear() {
    for (const std::uint32_t i : used_) slots_[i].group = absent;
    used_.clear();
  }

 private:
  struct Slot {
    std::uint64_t hash;
    std::uint32_t cls;
    std::uint32_t group;
  };
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 16 : 2 * old.size(), Slot{0, 0, absent});
    mask_ = slots_.size() - 1;
    for (std::uint32_t g = 0; g < used_.size(); ++g) {
      const Slot& slot = old[used_[g]];
      std::size_t i = mix(slot.cls, slot.hash) & mask_;
      while (slots_[i].group != absent) i = (i + 1) & mask_;
      slots_[i] = slot;
      used_[g] = static_cast<std::uint32_t>(i);
    }
  }
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> used_;  // per group: its slot
  std::size_t mask_ = 0;
};

}  // namespace worklist_detail

// The states whose signature, compared exactly, differs from that of
// their class's first state, in increasing order (none: every class of two
// states or more has states with equal signatures, and a class of one is
// stable). What proves the worklist's fixpoint, whose hashes may have
// collided, and what repairs it when they did: the first state stands for
// its class, and the states unlike it are exactly those that must leave
// it. `size` per class; `scratch`, per class, all zero (and left so).
// Sharper than classes_are_stable for this use: no arrays per class, where
// chains end with a class per state (a ring's check becomes nearly free).
// The first states' signatures are kept, and the others are compared with
// them on two threads for large graphs (40% off on mCRL2's conference
// protocol, 8*10^6 states in 68 classes).
template <typename Graph>
std::vector<lts::StateId> states_unlike_their_class(const Graph& g, const std::vector<std::uint32_t>& cls,
                                                    const std::vector<std::uint32_t>& size,
                                                    std::vector<std::uint32_t>& scratch) {
  using lts::StateId;
  const StateId n = g.num_states();
  auto signature = [&](StateId s, std::vector<std::uint64_t>& keys) {
    keys.clear();
    g.steps(s, [&](lts::LabelId a, StateId to) { keys.push_back(std::uint64_t{a} << 32 | cls[to]); });
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  };
  // The representatives' signatures, one after another: scratch[c] - 1 is
  // where class c's is listed in `first`.
  std::vector<StateId> representative;
  std::vector<std::size_t> first{0};
  std::vector<std::uint64_t> steps, keys;
  for (StateId s = 0; s < n; ++s) {
    const std::uint32_t c = cls[s];
    if (size[c] < 2 || scratch[c] != 0) continue;
    scratch[c] = static_cast<std::uint32_t>(representative.size() + 1);
    representative.push_back(s);
    signature(s, keys);
    steps.insert(steps.end(), keys.begin(), keys.end());
    first.push_back(steps.size());
  }
  std::vector<StateId> unlike[2];
  auto check = [&](int part, std::size_t begin, std::size_t end) {
    std::vector<std::uint64_t> mine;
    for (auto s = static_cast<StateId>(begin); s < end; ++s) {
      const std::uint32_t c = cls[s];
      if (size[c] < 2) continue;
      const std::uint32_t r = scratch[c] - 1;
      if (representative[r] == s) continue;
      signature(s, mine);
      if (!std::equal(mine.begin(), mine.end(), steps.begin() + static_cast<std::ptrdiff_t>(first[r]),
                      steps.begin() + static_cast<std::ptrdiff_t>(first[r + 1])))
        unlike[part].push_back(s);
    }
  };
  if (!representative.empty()) {
    if (lts::use_two_threads(g.num_transitions())) lts::on_two_threads(n / 2, n, check);
    else check(0, 0, n);
  }
  for (const StateId s : representative) scratch[cls[s]] = 0;
  unlike[0].insert(unlike[0].end(), unlike[1].begin(), unlike[1].end());
  return std::move(unlike[0]);
}

// How the round that made `classes` split the classes before it, whose
// hashes were `before` (per state): per class, whether it is the largest
// part of the class it came from (the first of equal ones), and how many
// states lie outside such parts.
struct LastSplit {
  std::vector<std::uint8_t> largest_part;
  std::uint64_t moved = 0;
};
inline LastSplit last_split(const SignatureClasses& classes, const std::vector<std::uint32_t>& before) {
  std::vector<std::uint32_t> size(classes.count, 0), parent(classes.count);
  for (std::size_t s = 0; s < classes.class_of.size(); ++s) {
    ++size[classes.class_of[s]];
    parent[classes.class_of[s]] = before[s];
  }
  std::unordered_map<std::uint32_t, std::uint32_t> largest_of;  // parent hash -> its largest part
  for (std::uint32_t c = 0; c < classes.count; ++c) {
    const auto [it, added] = largest_of.try_emplace(parent[c], c);
    if (!added && size[c] > size[it->second]) it->second = c;
  }
  LastSplit split;
  split.largest_part.assign(classes.count, 0);
  split.moved = classes.class_of.size();
  for (const auto& [hash, c] : largest_of) {
    split.moved -= size[c];
    split.largest_part[c] = 1;
  }
  return split;
}

// The first list for worklist_rounds after that split: the states with a
// step into a state outside the largest parts.
template <typename Graph>
std::vector<lts::StateId> first_list_after(const Graph& g, const SignatureClasses& classes, const LastSplit& split) {
  std::vector<lts::StateId> list;
  for (lts::StateId s = 0; s < g.num_states(); ++s)
    if (!split.largest_part[classes.class_of[s]]) g.predecessors(s, [&](lts::StateId p) { list.push_back(p); });
  return list;
}

namespace worklist_detail {

// The state of worklist_rounds (below), one round at a time.
template <typename Graph>
class WorklistRounds {
 public:
  using StateId = lts::StateId;

  WorklistRounds(const Graph& g, SignatureClasses& classes, std::uint64_t budget, std::size_t max_listed,
                 std::uint64_t hash_mask, const std::vector<StateId>* first_list)
      : g_(g),
        n_(g.num_states()),
        classes_(classes),
        cls_(classes.class_of),
        budget_(budget),
        max_listed_(max_listed),
        hash_mask_(hash_mask),
        listed_(n_, first_list ? 0 : 1) {
    classes_.exact = false;
    classes_.fixpoint = false;
    // Room for a class per state, taken as used: no copies on the way.
    size_.reserve(n_);
    listed_in_.reserve(n_);
    size_.assign(classes_.count, 0);
    listed_in_.assign(classes_.count, 0);
    for (const std::uint32_t c : cls_) ++size_[c];
    if (first_list) {
      for (const StateId s : *first_list)
        if (!listed_[s]) {
          listed_[s] = 1;
          work_list_.push_back(s);
        }
    } else {
      work_list_.resize(n_);
      for (StateId s = 0; s < n_; ++s) work_list_[s] = s;
    }
  }

  std::uint32_t run(bool first_round_lists_all) {
    for (bool first = first_round_lists_all;; first = false, ++rounds_) {
      if (work_list_.empty() && !repair_fixpoint()) break;
      if (work_ > budget_ || (!first && work_list_.size() > max_listed_)) {  // the classes so far: a sound start
        classes_.count = static_cast<std::uint32_t>(size_.size());
        log(work_ > budget_ ? "budget spent" : "too many states listed");
        return refuted_;
      }
      moved_.clear();
      if (!first && work_list_.size() == 1) move_the_listed_state();
      else split_by_signature();
      list_predecessors_of_moved();
    }
    classes_.count = static_cast<std::uint32_t>(size_.size());
    classes_.fixpoint = true;
    classes_.exact = true;
    log("fixpoint, proven exactly");
    return refuted_;
  }

 private:
  // Marks in listed_in_: all of a class's states are listed, and the group
  // that keeps its id is the rest of the entry.
  static constexpr std::uint32_t keeps = std::uint32_t{1} << 31;
  // Per listed state, instead of a group: the class's only listed state,
  // which leaves when the class has others (alone), or stays.
  static constexpr std::uint32_t alone = RoundGroups::absent, stays = alone - 1;

  std::uint32_t new_class(std::uint32_t members) {
    size_.push_back(members);
    listed_in_.push_back(0);
    return static_cast<std::uint32_t>(size_.size() - 1);
  }

  std::uint64_t signature(StateId s) {
    keys_.clear();
    g_.steps(s, [&](lts::LabelId a, StateId to) { keys_.push_back(std::uint64_t{a} << 32 | cls_[to]); });
    if (keys_.size() > 1) {
      std::sort(keys_.begin(), keys_.end());
      keys_.erase(std::unique(keys_.begin(), keys_.end()), keys_.end());
    }
    std::uint64_t h = 0x2545F4914F6CDD1Dull;
    for (const std::uint64_t k : keys_) h = mix(h, k);
    return h & hash_mask_;
  }

  // A fixpoint of the hashes: proved (false), or repaired from the states
  // that must leave their classes, which become the list (true).
  bool repair_fixpoint() {
    work_ += n_ + g_.num_transitions();
    work_list_ = states_unlike_their_class(g_, cls_, size_, listed_in_);
    if (work_list_.empty()) return false;
    ++refuted_;
    for (const StateId s : work_list_) listed_[s] = 1;
    return true;
  }

  // One listed state: it leaves the others of its class, if any.
  void move_the_listed_state() {
    const StateId s = work_list_[0];
    listed_[s] = 0;
    ++work_;
    const std::uint32_t c = cls_[s];
    if (size_[c] > 1) {
      --size_[c];
      cls_[s] = new_class(1);
      moved_.push_back(s);
    }
  }

  // The listed states grouped by class and signature, the group with the
  // most members keeping the class id when the whole class is listed.
  void split_by_signature() {
    group_listed_states();
    number_groups();
    move_listed_states();
    groups_.clear();
    id_of_.clear();
  }

  // A class's only listed state needs no hash either: it leaves when the
  // class has others (a quarter off tau-ring with loops).
  void group_listed_states() {
    for (const StateId s : work_list_) ++listed_in_[cls_[s]];
    group_of_.resize(work_list_.size());
    for (std::size_t i = 0; i < work_list_.size(); ++i) {
      const StateId s = work_list_[i];
      const std::uint32_t c = cls_[s];
      ++work_;
      if (listed_in_[c] == 1) {
        group_of_[i] = size_[c] > 1 ? alone : stays;
        continue;
      }
      work_ += g_.out_degree(s);
      group_of_[i] = groups_.group(c, signature(s));
      if (group_of_[i] == id_of_.size()) id_of_.push_back(0);
      ++id_of_[group_of_[i]];
    }
  }

  // id_of_ per group: its class id, the old one for the group that keeps it.
  void number_groups() {
    for (std::uint32_t gr = 0; gr < groups_.size(); ++gr) {
      std::uint32_t& l = listed_in_[groups_.class_of(gr)];
      if (l == size_[groups_.class_of(gr)]) l = keeps | gr;
      else if ((l & keeps) != 0 && id_of_[gr] > id_of_[l & ~keeps]) l = keeps | gr;
    }
    for (std::uint32_t gr = 0; gr < groups_.size(); ++gr) {
      const std::uint32_t c = groups_.class_of(gr);
      if (listed_in_[c] == (keeps | gr)) {
        id_of_[gr] = c;
      } else {
        size_[c] -= id_of_[gr];
        id_of_[gr] = new_class(id_of_[gr]);
      }
    }
  }

  void move_listed_states() {
    for (const StateId s : work_list_) listed_in_[cls_[s]] = 0;
    for (std::size_t i = 0; i < work_list_.size(); ++i) {
      const StateId s = work_list_[i];
      listed_[s] = 0;
      const std::uint32_t gr = group_of_[i];
      if (gr == stays) continue;
      if (gr == alone) {
        --size_[cls_[s]];
        cls_[s] = new_class(1);
      } else if (id_of_[gr] != cls_[s]) {
        cls_[s] = id_of_[gr];
      } else {
        continue;
      }
      moved_.push_back(s);
    }
  }

  // The next worklist: whoever has a step into a state that moved.
  void list_predecessors_of_moved() {
    next_list_.clear();
    for (const StateId s : moved_)
      work_ += g_.predecessors(s, [&](StateId p) {
        if (!listed_[p]) {
          listed_[p] = 1;
          next_list_.push_back(p);
        }
      });
    work_list_.swap(next_list_);
  }

  void log(const std::string& ending) {
    std::string repairs;
    if (refuted_ > 0)
      repairs = ", " + std::to_string(refuted_) + (refuted_ == 1 ? " fixpoint" : " fixpoints") + " repaired";
    classes_.log.push_back(rounds_text(rounds_, "worklist") + ": " + classes_text(classes_.count) + " (" + ending +
                           repairs + ")");
  }

  const Graph& g_;
  const StateId n_;
  SignatureClasses& classes_;
  std::vector<std::uint32_t>& cls_;  // classes_.class_of
  const std::uint64_t budget_;
  const std::size_t max_listed_;
  const std::uint64_t hash_mask_;
  // Per class: its size; within a round, how many of its states are
  // listed, then, when all are, `keeps` with the group that keeps its id.
  std::vector<std::uint32_t> size_, listed_in_;
  std::vector<std::uint64_t> keys_;  // one state's steps
  RoundGroups groups_;
  std::vector<StateId> work_list_, next_list_, moved_;
  std::vector<std::uint8_t> listed_;
  std::vector<std::uint32_t> group_of_;  // per listed state
  std::vector<std::uint32_t> id_of_;     // per group: its members, then its class id
  std::uint64_t work_ = 0;
  std::uint32_t refuted_ = 0;
  std::uint64_t rounds_ = 0;
};

}  // namespace worklist_detail

// Refines `classes` (coarser than strong bisimilarity, or equal) by
// worklist rounds while their work (steps hashed, predecessors listed)
// stays within `budget`, and no round after the first lists more than
// `max_listed` states (a sign that the splits do not come a few at a time,
// which partition refinement then does better). On return `classes` holds
// the classes reached: final() when they are strong bisimilarity, else not
// at a fixpoint (cut short). When the list runs empty, the exact check
// (states_unlike_their_class) either proves the fixpoint or lists the
// states that a hash collision kept in a class they must leave, and the
// rounds go on from them. Returns how many fixpoints it refuted so.
// `hash_mask` keeps only some bits of each signature hash: tests narrow it
// to make collisions, which the exact check must find.
//
// The first round lists every state, unless `first_list` is given (in any
// order, repeats allowed): the states with a step into a state that the
// round which made `classes` split off the largest part of its class (the
// others of a class then share their signature under the new ids, and
// each listed one differs from them). A wrong list, or the hashed rounds'
// collisions before it (states with different signatures in one class:
// mCRL2's conference protocol), only leaves classes that the exact check
// then repairs.
template <typename Graph>
std::uint32_t worklist_rounds(const Graph& g, SignatureClasses& classes, std::uint64_t budget,
                              std::size_t max_listed = static_cast<std::size_t>(-1),
                              std::uint64_t hash_mask = ~std::uint64_t{0},
                              const std::vector<lts::StateId>* first_list = nullptr) {
  return worklist_detail::WorklistRounds<Graph>(g, classes, budget, max_listed, hash_mask, first_list)
      .run(first_list == nullptr);
}

}  // namespace bisim::signatures
