#include "bisim/acyclic/acyclic_classes.hpp"

#include <algorithm>
#include <span>
#include <vector>

#include "bisim/signatures/mix.hpp"
#include "lts/source_order.hpp"

namespace bisim {

namespace {

using lts::StateId;

// A step as an element of a key: its label in the high half, the class of
// its target (or `self`) in the low half, so sorting orders by label first.
using Element = std::uint64_t;
constexpr std::uint32_t self = 0xFFFFFFFF;       // a step into the state's own class
constexpr lts::LabelId divergence = 0xFFFFFFFE;  // a tau self-loop under divbranching
Element element(lts::LabelId a, std::uint32_t d) { return std::uint64_t{a} << 32 | d; }
lts::LabelId label_of(Element e) { return static_cast<lts::LabelId>(e >> 32); }
std::uint32_t class_of(Element e) { return static_cast<std::uint32_t>(e); }

void sort_unique(std::vector<Element>& elems) {
  if (elems.size() > 16) {
    std::sort(elems.begin(), elems.end());
  } else {
    for (std::size_t i = 1; i < elems.size(); ++i) {  // most states have a handful of steps
      const Element x = elems[i];
      std::size_t j = i;
      for (; j > 0 && elems[j - 1] > x; --j) elems[j] = elems[j - 1];
      elems[j] = x;
    }
  }
  elems.erase(std::unique(elems.begin(), elems.end()), elems.end());
}

// The keys of the classes made so far, one sorted run of elements each in a
// pool. A key is found through its newest target class D (the largest id
// in it): the classes whose keys have D as newest are listed at D, and D
// was made shortly before, in the bottom-up order, so the list is in cache.
// A global hash table of all keys instead cost a cache miss per state:
// line of 10^7 states, 80% of the pass. Keys without a target class, and
// those of a class D listed already `list_limit` times, go to a hash table.
class ClassKeys {
 public:
  static constexpr std::uint32_t none = static_cast<std::uint32_t>(-1);

  ClassKeys() : slots_(64, 0), mask_(63) {}

  std::uint32_t count() const { return static_cast<std::uint32_t>(has_self_.size()); }
  bool has_self(std::uint32_t c) const { return has_self_[c]; }
  bool contains(std::uint32_t c, Element e) const {
    return std::binary_search(pool_.begin() + start_[c], pool_.begin() + start_[c + 1], e);
  }
  std::uint32_t find(std::span<const Element> key) const {
    const std::uint32_t d = newest_target(key);
    if (d != none) {
      for (std::uint32_t c = first_listed_[d]; c != none; c = next_listed_[c])
        if (equal(c, key)) return c;
      if (listed_count_[d] < list_limit) return none;
    }
    const std::uint64_t h = hash(key);
    const auto tag = static_cast<std::uint32_t>(h >> 32);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const std::uint64_t slot = slots_[i];
      if (slot == 0) return none;
      const auto c = static_cast<std::uint32_t>(slot) - 1;
      if (static_cast<std::uint32_t>(slot >> 32) == tag && equal(c, key)) return c;
    }
  }
  std::uint32_t add(std::span<const Element> key) {
    const std::uint32_t c = count();
    pool_.insert(pool_.end(), key.begin(), key.end());
    start_.push_back(static_cast<std::uint32_t>(pool_.size()));
    has_self_.push_back(std::any_of(key.begin(), key.end(), [](Element e) { return class_of(e) == self; }));
    first_listed_.push_back(none);
    next_listed_.push_back(none);
    listed_count_.push_back(0);
    const std::uint32_t d = newest_target(key);
    if (d != none && listed_count_[d] < list_limit) {
      next_listed_[c] = first_listed_[d];
      first_listed_[d] = c;
      ++listed_count_[d];
      return c;
    }
    if (2 * (in_table_ + 1) > slots_.size()) grow();
    insert(hash(key), c);
    ++in_table_;
    return c;
  }

 private:
  static constexpr std::uint8_t list_limit = 8;
  static std::uint32_t newest_target(std::span<const Element> key) {
    std::uint32_t d = none;
    for (const Element e : key)
      if (class_of(e) != self && (d == none || class_of(e) > d)) d = class_of(e);
    return d;
  }
  static std::uint64_t hash(std::span<const Element> key) {
    std::uint64_t h = key.size();
    for (const Element e : key) h = signatures::mix(h, e);
    return h;
  }
  std::span<const Element> key_of(std::uint32_t c) const {
    return {pool_.data() + start_[c], pool_.data() + start_[c + 1]};
  }
  bool equal(std::uint32_t c, std::span<const Element> key) const {
    const std::span<const Element> mine = key_of(c);
    return mine.size() == key.size() && std::equal(key.begin(), key.end(), mine.begin());
  }
  void insert(std::uint64_t h, std::uint32_t c) {
    std::size_t i = h & mask_;
    while (slots_[i] != 0) i = (i + 1) & mask_;
    slots_[i] = (h >> 32) << 32 | (c + 1);
  }
  void grow() {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(2 * old.size(), 0);
    mask_ = slots_.size() - 1;
    for (const std::uint64_t slot : old)
      if (slot != 0) {
        const auto c = static_cast<std::uint32_t>(slot) - 1;
        insert(hash(key_of(c)), c);
      }
  }

  std::vector<Element> pool_;
  std::vector<std::uint32_t> start_{0};
  std::vector<bool> has_self_;
  // Per class D: the classes whose newest target is D, as a list.
  std::vector<std::uint32_t> first_listed_, next_listed_;
  std::vector<std::uint8_t> listed_count_;
  std::vector<std::uint64_t> slots_;  // (hash tag << 32 | class + 1), 0 empty
  std::size_t mask_;
  std::size_t in_table_ = 0;
};

// Whether every state has a predecessor other than itself: then following
// predecessors back from any state must close a cycle.
bool all_have_predecessors(const lts::Lts& l) {
  std::vector<bool> has(l.num_states, false);
  for (const lts::Transition& t : l.transitions)
    if (t.to != t.from) has[t.to] = true;
  return std::find(has.begin(), has.end(), false) == has.end();
}

}  // namespace

std::optional<SuccessorsFirst> SuccessorsFirst::of(const lts::Lts& l) {
  if (!lts::listed_by_source(l.transitions)) return std::nullopt;
  // When every step but self-loops goes down (or up) in state number, that
  // order is the numbering itself (as after tau-SCC contraction of a
  // tau-only graph, or for a line read from its end); otherwise a
  // depth-first search gives the post-order.
  SuccessorsFirst order(l);
  const StateId n = l.num_states;
  bool all_down = true, all_up = true;
  for (const lts::Transition& t : l.transitions) {
    all_down &= t.to <= t.from;
    all_up &= t.to >= t.from;
  }
  if (all_down || all_up) {
    order.kind_ = all_down ? Kind::ascending : Kind::descending;
    return order;
  }
  order.kind_ = Kind::computed;
  const lts::SourceRuns& runs = order.runs_;
  std::vector<std::uint8_t> colour(n, 0);  // 0 unseen, 1 on the search path, 2 done
  order.order_.reserve(n);
  struct Frame {
    StateId state;
    std::uint32_t next;
  };
  std::vector<Frame> path;
  // A search path this deep (a ring of 10^7 states walks all of it before
  // it meets the cycle: 0.20 s) asks once whether every state has a
  // predecessor, which proves a cycle in one pass; shallower searches, as
  // on gen's LTSs, are spared that pass (2-3 ns a transition).
  const std::size_t deep = std::max<std::size_t>(std::size_t{1} << 16, n / 16);
  bool asked = false;
  for (StateId root = n; root-- > 0;) {
    if (colour[root] != 0) continue;
    colour[root] = 1;
    path.push_back({root, runs.first(root)});
    while (!path.empty()) {
      Frame& f = path.back();
      if (f.next < runs.end(f.state)) {
        const StateId t = l.transitions[f.next++].to;
        if (t == f.state || colour[t] == 2) continue;
        if (colour[t] == 1) return std::nullopt;  // a cycle through more than one state
        colour[t] = 1;
        path.push_back({t, runs.first(t)});
        if (path.size() == deep && !asked) {
          asked = true;
          if (all_have_predecessors(l)) return std::nullopt;
        }
        continue;
      }
      colour[f.state] = 2;
      order.order_.push_back(f.state);
      path.pop_back();
    }
  }
  return order;
}

std::optional<Partition> acyclic_partition(const lts::Lts& lts, Equivalence kind) {
  const std::optional<SuccessorsFirst> order = SuccessorsFirst::of(lts);
  if (!order) return std::nullopt;
  return acyclic_partition(lts, *order, kind);
}

std::optional<Partition> acyclic_partition(const lts::Lts& lts, const SuccessorsFirst& order, Equivalence kind) {
  const bool inert_tau = hides_inert_tau(kind);
  const bool tau_loops_diverge = divergence_sensitive(kind);
  const StateId n = lts.num_states;
  const lts::SourceRuns& runs = order.runs();

  // Candidate tests look elements up in other classes' keys; a few passes'
  // worth, then partition refinement is the safer bet.
  const std::uint64_t budget = 4 * (std::uint64_t{lts.num_transitions()} + n) + 1024;
  std::uint64_t work = 0;
  std::vector<std::uint32_t> cls(n, ClassKeys::none);
  ClassKeys keys;
  std::vector<Element> elems, substituted;
  std::vector<std::uint32_t> tried;  // classes D already substituted for s
  for (StateId k = 0; k < n; ++k) {
    const StateId s = order.at(k);
    elems.clear();
    for (std::uint32_t i = runs.first(s); i < runs.end(s); ++i) {
      const lts::Transition& t = lts.transitions[i];
      if (t.to == s) {
        if (t.label != lts::tau || !inert_tau) elems.push_back(element(t.label, self));
        else if (tau_loops_diverge) elems.push_back(element(divergence, self));  // else inert
      } else {
        elems.push_back(element(t.label, cls[t.to]));
      }
    }
    sort_unique(elems);
    work += 1 + elems.size();
    std::uint32_t c = ClassKeys::none;
    // Branching: s joins the class D of a tau-successor when all its steps
    // but the inert ones (tau into D) are in D's key. Tau sorts first.
    if (inert_tau) {
      for (std::size_t j = 0; j < elems.size() && label_of(elems[j]) == lts::tau && c == ClassKeys::none; ++j) {
        const std::uint32_t d = class_of(elems[j]);
        if (d == self) continue;
        bool all_in = true;
        for (const Element e : elems) {
          if (e == elems[j]) continue;
          ++work;
          if (!keys.contains(d, class_of(e) == d ? element(label_of(e), self) : e)) {
            all_in = false;
            break;
          }
        }
        if (all_in) c = d;
      }
    }
    if (c == ClassKeys::none) {
      // A bottom state of its class: the class with its key, where steps
      // into a class D that s might join read (label, self) in D's key.
      c = keys.find(elems);
      tried.clear();
      for (std::size_t j = 0; j < elems.size() && c == ClassKeys::none; ++j) {
        const std::uint32_t d = class_of(elems[j]);
        if (d == self || !keys.has_self(d)) continue;
        work += tried.size();
        if (std::find(tried.begin(), tried.end(), d) != tried.end()) continue;
        tried.push_back(d);
        if (inert_tau && std::binary_search(elems.begin(), elems.end(), element(lts::tau, d)))
          continue;  // s has a tau-step into D: D was a candidate above
        substituted.clear();
        for (const Element e : elems) substituted.push_back(class_of(e) == d ? element(label_of(e), self) : e);
        sort_unique(substituted);
        work += substituted.size();
        if (keys.find(substituted) == d) c = d;
      }
      if (c == ClassKeys::none) c = keys.add(elems);
    }
    cls[s] = c;
    if (work > budget) return std::nullopt;
  }
  Partition p = numbered_by_smallest_state(cls, keys.count());
  p.log.push_back("one pass bottom-up (no cycles but self-loops): " + classes_text(p.num_blocks));
  return p;
}

}  // namespace bisim
