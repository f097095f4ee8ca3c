// The worklist rounds of bisim/signatures/worklist_signatures.hpp on their own: from
// one class they must reach strong bisimilarity (the reference partition)
// and prove it; cut short by their budget, or misled by hash collisions,
// they must still leave classes coarser than bisimilarity (or equal), and
// the exact check must find every wrong fixpoint and the rounds repair it.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "bisim/signatures/worklist_signatures.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/bisim/strong/random_rounds.hpp"
#include "tests/support/random_lts.hpp"

namespace {

using lts::StateId;

// Steps by source and sources by target, the Graph the rounds read.
class TestGraph {
 public:
  explicit TestGraph(const lts::Lts& l) : out_(l.num_states), in_(l.num_states), m_(l.transitions.size()) {
    for (const lts::Transition& t : l.transitions) {
      out_[t.from].push_back({t.label, t.to});
      in_[t.to].push_back(t.from);
    }
  }
  StateId num_states() const { return static_cast<StateId>(out_.size()); }
  std::size_t num_transitions() const { return m_; }
  std::size_t out_degree(StateId s) const { return out_[s].size(); }
  template <typename F>
  void steps(StateId s, F f) const {
    for (const auto& [a, to] : out_[s]) f(a, to);
  }
  template <typename F>
  std::uint32_t predecessors(StateId s, F f) const {
    for (const StateId p : in_[s]) f(p);
    return static_cast<std::uint32_t>(in_[s].size());
  }

 private:
  std::vector<std::vector<std::pair<lts::LabelId, StateId>>> out_;
  std::vector<std::vector<StateId>> in_;
  std::size_t m_;
};

bisim::signatures::SignatureClasses one_class(StateId n) {
  bisim::signatures::SignatureClasses c;
  c.class_of.assign(n, 0);
  c.count = 1;
  return c;
}

bisim::Partition as_partition(const bisim::signatures::SignatureClasses& c) { return {c.class_of, c.count, {}}; }

// A ring of n states, a on every step and b on the last one's self-loop:
// a class per state, reached one state per round.
TEST(WorklistRounds, RingEndsWithAClassPerState) {
  constexpr StateId n = 40;
  lts::Lts l;
  l.num_states = n;
  const lts::LabelId a = l.labels.intern("a"), b = l.labels.intern("b");
  for (StateId s = 0; s < n; ++s) l.transitions.push_back({s, a, (s + 1) % n});
  l.transitions.push_back({n - 1, b, n - 1});
  const TestGraph g(l);
  bisim::signatures::SignatureClasses c = one_class(n);
  bisim::signatures::worklist_rounds(g, c, ~std::uint64_t{0});
  EXPECT_TRUE(c.final());
  EXPECT_EQ(c.count, n);
  // Without b, every state is alike: one class, proved in the first round.
  l.transitions.pop_back();
  const TestGraph g2(l);
  c = one_class(n);
  bisim::signatures::worklist_rounds(g2, c, ~std::uint64_t{0});
  EXPECT_TRUE(c.final());
  EXPECT_EQ(c.count, 1u);
}

TEST(WorklistRounds, FromOneClassSameAsReference) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(300);
  std::mt19937_64 rng(20261125);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, round % 10 == 0 ? 120 : 25));
    const bisim::Partition reference = bisim::reference_partition(l, bisim::Equivalence::strong);
    bisim::signatures::SignatureClasses c = one_class(l.num_states);
    bisim::signatures::worklist_rounds(TestGraph(l), c, ~std::uint64_t{0});
    ASSERT_TRUE(c.final()) << "round " << round;
    ASSERT_TRUE(bisim::same_partition(as_partition(c), reference)) << "round " << round;
    ASSERT_EQ(c.count, reference.num_blocks) << "round " << round;
  }
}

// Each state's signature under the classes cls: its set of (label, class
// of target).
using Signature = std::set<std::pair<lts::LabelId, std::uint32_t>>;
std::vector<Signature> signatures_under(const lts::Lts& l, const std::vector<std::uint32_t>& cls) {
  std::vector<Signature> steps(l.num_states);
  for (const lts::Transition& t : l.transitions) steps[t.from].insert({t.label, cls[t.to]});
  return steps;
}

// One round of exact signature refinement: the classes split by (class,
// signature), numbered in order of first state.
std::vector<std::uint32_t> signature_round(const lts::Lts& l, const std::vector<std::uint32_t>& cls) {
  const std::vector<Signature> steps = signatures_under(l, cls);
  std::map<std::pair<std::uint32_t, Signature>, std::uint32_t> ids;
  std::vector<std::uint32_t> next(l.num_states);
  for (StateId s = 0; s < l.num_states; ++s)
    next[s] = ids.try_emplace({cls[s], steps[s]}, static_cast<std::uint32_t>(ids.size())).first->second;
  return next;
}

// From the classes of a few exact rounds, the first round lists only the
// predecessors of the states that the last round split off the largest
// part of their class (bisim/strong/strong_signatures.cpp does so after its
// hashed rounds): the same answer as listing every state.
TEST(WorklistRounds, FirstListFromTheLastSplitSameAsReference) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(300);
  std::mt19937_64 rng(20261128);
  std::uint64_t short_lists = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, round % 10 == 0 ? 120 : 25));
    const bisim::Partition reference = bisim::reference_partition(l, bisim::Equivalence::strong);
    std::vector<std::uint32_t> before(l.num_states, 0), cls = before;
    for (std::uint64_t k = 1 + rng() % 3; k-- > 0;) {
      before = cls;
      cls = signature_round(l, before);
    }
    // The largest part of each class before (the first of equal ones).
    const std::uint32_t count = 1 + *std::max_element(cls.begin(), cls.end());
    std::vector<std::uint32_t> size(count, 0);
    for (const std::uint32_t c : cls) ++size[c];
    std::map<std::uint32_t, std::uint32_t> largest;  // class before -> its largest part
    for (StateId s = 0; s < l.num_states; ++s) {
      const auto [it, added] = largest.try_emplace(before[s], cls[s]);
      if (!added && size[cls[s]] > size[it->second]) it->second = cls[s];
    }
    std::vector<StateId> first_list;
    for (const lts::Transition& t : l.transitions)
      if (largest[before[t.to]] != cls[t.to]) first_list.push_back(t.from);
    short_lists += first_list.size() < l.num_states;
    bisim::signatures::SignatureClasses c;
    c.class_of = cls;
    c.count = count;
    bisim::signatures::worklist_rounds(TestGraph(l), c, ~std::uint64_t{0}, static_cast<std::size_t>(-1),
                                       ~std::uint64_t{0}, &first_list);
    ASSERT_TRUE(c.final()) << "round " << round;
    ASSERT_TRUE(bisim::same_partition(as_partition(c), reference)) << "round " << round;
  }
  EXPECT_GT(short_lists, rounds / 2);  // the lists did leave states out
}

// Budgets from nothing to enough: whatever the cut, the classes contain
// bisimilarity's, and final() only when they equal it.
TEST(WorklistRounds, CutShortStaysSound) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(300);
  std::mt19937_64 rng(20261126);
  std::uint64_t cut = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 60));
    const bisim::Partition reference = bisim::reference_partition(l, bisim::Equivalence::strong);
    const std::uint64_t budget = rng() % (2 * (l.num_states + l.transitions.size()) + 1);
    bisim::signatures::SignatureClasses c = one_class(l.num_states);
    bisim::signatures::worklist_rounds(TestGraph(l), c, budget);
    ASSERT_TRUE(bisim::never_finer(as_partition(c), reference)) << "round " << round;
    if (c.final()) {
      ASSERT_TRUE(bisim::same_partition(as_partition(c), reference)) << "round " << round;
    }
    cut += !c.fixpoint;
  }
  EXPECT_GT(cut, rounds / 10);  // the budgets did cut runs short
}

// Signature hashes cut to two bits collide often: a fixpoint they reach
// may be too coarse, and the exact check must then find the states that
// have to leave their classes, from which the rounds go on to the answer.
TEST(WorklistRounds, CollisionsAreRepaired) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(300);
  std::mt19937_64 rng(20261127);
  std::uint64_t repaired = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 60));
    const bisim::Partition reference = bisim::reference_partition(l, bisim::Equivalence::strong);
    bisim::signatures::SignatureClasses c = one_class(l.num_states);
    const std::uint32_t refuted = bisim::signatures::worklist_rounds(TestGraph(l), c, ~std::uint64_t{0},
                                                                     static_cast<std::size_t>(-1), /*hash_mask=*/0x3);
    ASSERT_TRUE(c.final()) << "round " << round;
    ASSERT_TRUE(bisim::same_partition(as_partition(c), reference)) << "round " << round;
    repaired += refuted > 0;
  }
  EXPECT_GT(repaired, rounds / 10);  // the narrow hashes did mislead
}

// The exact check on its own: from random classes, the states whose set of
// (label, class of target) differs from that of the first state of their
// class, and no other.
TEST(WorklistRounds, StatesUnlikeTheirClassAreExactlyThoseThatDiffer) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(300);
  std::mt19937_64 rng(20261129);
  std::uint64_t some_unlike = 0, none_unlike = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 40));
    // Random classes, or the answer itself (where none may differ).
    std::vector<std::uint32_t> cls(l.num_states);
    std::uint32_t count = 1;
    if (round % 3 == 0) {
      const bisim::Partition reference = bisim::reference_partition(l, bisim::Equivalence::strong);
      cls = reference.block;
      count = reference.num_blocks;
    } else {
      count = 1 + static_cast<std::uint32_t>(rng() % 4);
      for (std::uint32_t& c : cls) c = static_cast<std::uint32_t>(rng() % count);
    }
    std::vector<std::uint32_t> size(count, 0), scratch(count, 0);
    for (const std::uint32_t c : cls) ++size[c];
    const std::vector<Signature> steps = signatures_under(l, cls);
    std::vector<StateId> expected;
    std::map<std::uint32_t, StateId> first_of;
    for (StateId s = 0; s < l.num_states; ++s) {
      const auto [it, added] = first_of.try_emplace(cls[s], s);
      if (!added && steps[s] != steps[it->second]) expected.push_back(s);
    }
    const std::vector<StateId> unlike = bisim::signatures::states_unlike_their_class(TestGraph(l), cls, size, scratch);
    ASSERT_EQ(unlike, expected) << "round " << round;
    ASSERT_EQ(scratch, std::vector<std::uint32_t>(count, 0)) << "round " << round;
    (unlike.empty() ? none_unlike : some_unlike) += 1;
  }
  EXPECT_GT(some_unlike, rounds / 4);
  EXPECT_GT(none_unlike, rounds / 10);
}

}  // namespace
