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
    if (lts::use_two_threads(g.num_transitions()))
      lts::on_two_threads(n / 2, n, check);
    else
      check(0, 0, n);
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
std::vector<lts::StateId> first_list_after(const Graph& g, const SignatureClasses& classes,
                                           const LastSplit& split) {
  std::vector<lts::StateId> list;
  for (lts::StateId s = 0; s < g.num_states(); ++s)
    if (!split.largest_part[classes.class_of[s]])
      g.predecessors(s, [&](lts::StateId p) { list.push_back(p); });
  return list;
}

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
  using lts::StateId;
  using worklist_detail::RoundGroups;
  const StateId n = g.num_states();
  std::vector<std::uint32_t>& cls = classes.class_of;
  classes.exact = false;
  classes.fixpoint = false;
  // Per class: its size; within a round, how many of its states are
  // listed, then, when all are, `keeps` with the group that keeps its id.
  // Room for a class per state, taken as used: no copies on the way.
  std::vector<std::uint32_t> size, listed_in;
  size.reserve(n);
  listed_in.reserve(n);
  size.assign(classes.count, 0);
  listed_in.assign(classes.count, 0);
  for (const std::uint32_t c : cls) ++size[c];
  constexpr std::uint32_t keeps = std::uint32_t{1} << 31;
  auto new_class = [&](std::uint32_t members) {
    size.push_back(members);
    listed_in.push_back(0);
    return static_cast<std::uint32_t>(size.size() - 1);
  };

  std::vector<std::uint64_t> keys;  // one state's steps
  auto signature = [&](StateId s) {
    keys.clear();
    g.steps(s, [&](lts::LabelId a, StateId to) { keys.push_back(std::uint64_t{a} << 32 | cls[to]); });
    if (keys.size() > 1) {
      std::sort(keys.begin(), keys.end());
      keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    }
    std::uint64_t h = 0x2545F4914F6CDD1Dull;
    for (const std::uint64_t k : keys) h = mix(h, k);
    return h & hash_mask;
  };

  RoundGroups groups;
  std::vector<StateId> work_list, next_list, moved;
  std::vector<std::uint8_t> listed(n, first_list ? 0 : 1);
  if (first_list) {
    for (const StateId s : *first_list)
      if (!listed[s]) {
        listed[s] = 1;
        work_list.push_back(s);
      }
  } else {
    work_list.resize(n);
    for (StateId s = 0; s < n; ++s) work_list[s] = s;
  }
  std::vector<std::uint32_t> group_of;  // per listed state
  std::vector<std::uint32_t> id_of;     // per group: its members, then its class id
  std::uint64_t work = 0;
  std::uint32_t refuted = 0;
  std::uint64_t rounds = 0;
  auto log = [&](const std::string& ending) {
    std::string repairs;
    if (refuted > 0)
      repairs = ", " + std::to_string(refuted) + (refuted == 1 ? " fixpoint" : " fixpoints") + " repaired";
    classes.log.push_back(rounds_text(rounds, "worklist") + ": " + classes_text(classes.count) + " (" +
                          ending + repairs + ")");
  };
  for (bool first = first_list == nullptr;; first = false, ++rounds) {
    if (work_list.empty()) {
      // A fixpoint of the hashes: proved, or repaired from the states that
      // must leave their classes.
      work += n + g.num_transitions();
      work_list = states_unlike_their_class(g, cls, size, listed_in);
      if (work_list.empty()) break;
      ++refuted;
      for (const StateId s : work_list) listed[s] = 1;
    }
    if (work > budget || (!first && work_list.size() > max_listed)) {  // the classes so far: a sound start
      classes.count = static_cast<std::uint32_t>(size.size());
      log(work > budget ? "budget spent" : "too many states listed");
      return refuted;
    }
    moved.clear();
    if (!first && work_list.size() == 1) {
      // One listed state: it leaves the others of its class, if any.
      const StateId s = work_list[0];
      listed[s] = 0;
      ++work;
      const std::uint32_t c = cls[s];
      if (size[c] > 1) {
        --size[c];
        cls[s] = new_class(1);
        moved.push_back(s);
      }
    } else {
      // A class's only listed state needs no hash either: it leaves when
      // the class has others (a quarter off tau-ring with loops).
      constexpr std::uint32_t alone = RoundGroups::absent, stays = alone - 1;
      for (const StateId s : work_list) ++listed_in[cls[s]];
      group_of.resize(work_list.size());
      for (std::size_t i = 0; i < work_list.size(); ++i) {
        const StateId s = work_list[i];
        const std::uint32_t c = cls[s];
        ++work;
        if (listed_in[c] == 1) {
          group_of[i] = size[c] > 1 ? alone : stays;
          continue;
        }
        work += g.out_degree(s);
        group_of[i] = groups.group(c, signature(s));
        if (group_of[i] == id_of.size()) id_of.push_back(0);
        ++id_of[group_of[i]];
      }
      for (std::uint32_t gr = 0; gr < groups.size(); ++gr) {
        std::uint32_t& l = listed_in[groups.class_of(gr)];
        if (l == size[groups.class_of(gr)])
          l = keeps | gr;
        else if ((l & keeps) != 0 && id_of[gr] > id_of[l & ~keeps])
          l = keeps | gr;
      }
      for (std::uint32_t gr = 0; gr < groups.size(); ++gr) {
        const std::uint32_t c = groups.class_of(gr);
        if (listed_in[c] == (keeps | gr)) {
          id_of[gr] = c;
        } else {
          size[c] -= id_of[gr];
          id_of[gr] = new_class(id_of[gr]);
        }
      }
      for (const StateId s : work_list) listed_in[cls[s]] = 0;
      for (std::size_t i = 0; i < work_list.size(); ++i) {
        const StateId s = work_list[i];
        listed[s] = 0;
        const std::uint32_t gr = group_of[i];
        if (gr == stays) continue;
        if (gr == alone) {
          --size[cls[s]];
          cls[s] = new_class(1);
        } else if (id_of[gr] != cls[s]) {
          cls[s] = id_of[gr];
        } else {
          continue;
        }
        moved.push_back(s);
      }
      groups.clear();
      id_of.clear();
    }
    // The next worklist: whoever has a step into a state that moved.
    next_list.clear();
    for (const StateId s : moved)
      work += g.predecessors(s, [&](StateId p) {
        if (!listed[p]) {
          listed[p] = 1;
          next_list.push_back(p);
        }
      });
    work_list.swap(next_list);
  }
  classes.count = static_cast<std::uint32_t>(size.size());
  classes.fixpoint = true;
  classes.exact = true;
  log("fixpoint, proven exactly");
  return refuted;
}

}  // namespace bisim::signatures
