// The exact stability check that proves a fixpoint of signature rounds in
// which some class hashed (bisim/signatures/signature_stability.hpp), against the
// definition computed naively: a partition is stable when the states of
// each class have equal signatures, the signature of s being the steps
// (a, class of target) of the states s reaches by inert tau-steps, inert
// steps left out (for strong bisimulation: s's own steps). On random
// tau-contracted LTSs, under the true branching partition (stable), the
// one-class partition, random partitions, and the true partition with two
// classes merged or one class cut in two; then on copies large enough for
// two threads. Each with the classes' steps as sorted lists and as sets.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "bisim/branching/branching_bisimulation.hpp"
#include "bisim/branching/tau_contraction.hpp"
#include "bisim/signatures/signature_stability.hpp"
#include "lts/two_threads.hpp"
#include "tests/support/random_lts.hpp"

namespace {

template <bool inert_tau>
struct LtsView {
  static constexpr bool tau_can_be_inert = inert_tau;
  const lts::Lts& l;
  std::vector<std::vector<std::pair<lts::LabelId, lts::StateId>>> out;
  explicit LtsView(const lts::Lts& lts) : l(lts), out(lts.num_states) {
    for (const lts::Transition& t : lts.transitions) out[t.from].push_back({t.label, t.to});
  }
  lts::StateId num_states() const { return l.num_states; }
  std::size_t num_transitions() const { return l.num_transitions(); }
  template <typename F>
  void steps(lts::StateId s, F f) const {
    for (const auto& [a, to] : out[s]) f(a, to);
  }
};

// The naive definition; given `only`, for the classes c with only[c] set.
template <bool inert_tau>
bool naive_stable(const LtsView<inert_tau>& g, const std::vector<std::uint32_t>& cls,
                  const std::vector<std::uint8_t>* only = nullptr) {
  const lts::StateId n = g.num_states();
  std::vector<std::set<std::pair<lts::LabelId, std::uint32_t>>> sig(n);
  for (lts::StateId s = 0; s < n; ++s) {
    std::vector<lts::StateId> stack{s};
    std::vector<bool> seen(n, false);
    seen[s] = true;
    while (!stack.empty()) {
      const lts::StateId u = stack.back();
      stack.pop_back();
      for (const auto& [a, to] : g.out[u]) {
        if (inert_tau && a == lts::tau && cls[to] == cls[u]) {
          if (!seen[to]) {
            seen[to] = true;
            stack.push_back(to);
          }
        } else {
          sig[s].insert({a, cls[to]});
        }
      }
    }
  }
  for (lts::StateId s = 0; s < n; ++s)
    for (lts::StateId t = 0; t < n; ++t)
      if (cls[s] == cls[t] && (only == nullptr || (*only)[cls[s]]) && sig[s] != sig[t]) return false;
  return true;
}

std::uint32_t count_of(const std::vector<std::uint32_t>& cls) {
  return cls.empty() ? 0 : *std::max_element(cls.begin(), cls.end()) + 1;
}

// How often checking only some classes gave another answer than checking
// all: both must happen for the restriction to be exercised.
unsigned same_with_only = 0, differs_with_only = 0;

template <bool inert_tau>
void check(const LtsView<inert_tau>& g, const std::vector<std::uint32_t>& cls, unsigned round, unsigned& stable_seen,
           unsigned& unstable_seen) {
  const bool want = naive_stable(g, cls);
  ASSERT_EQ(bisim::signatures::classes_are_stable(g, cls, count_of(cls)), want) << "round " << round;
  // Every class's steps held as a set instead of a sorted list.
  ASSERT_EQ(bisim::signatures::classes_are_stable(g, cls, count_of(cls), 0), want) << "round " << round;
  // Only some classes checked (those whose last signatures were hashed, in
  // the rounds): stable when those are.
  std::vector<std::uint8_t> only(count_of(cls));
  for (std::uint32_t c = 0; c < only.size(); ++c) only[c] = (c * 7 + round) % 3 != 0;
  const bool want_only = naive_stable(g, cls, &only);
  ASSERT_EQ(bisim::signatures::classes_are_stable(g, cls, count_of(cls), bisim::signatures::listed_steps_bound, &only),
            want_only)
      << "round " << round;
  (want_only == want ? same_with_only : differs_with_only) += 1;
  (want ? stable_seen : unstable_seen) += 1;
}

// The true branching partition of l, carried over to the contracted
// states, numbered densely in order of first state.
std::vector<std::uint32_t> true_classes(const lts::Lts& l, const bisim::branching::ContractedLts& c) {
  const bisim::Partition truth = bisim::branching_partition(l, false);
  std::vector<std::uint32_t> cls(c.lts.num_states);
  for (lts::StateId s = 0; s < l.num_states; ++s) cls[c.component[s]] = truth.block[s];
  std::vector<std::uint32_t> dense(truth.num_blocks, static_cast<std::uint32_t>(-1));
  std::uint32_t next = 0;
  for (auto& b : cls) b = dense[b] == static_cast<std::uint32_t>(-1) ? (dense[b] = next++) : dense[b];
  return cls;
}

// A random LTS of up to max_states states and its tau-SCC contraction.
struct Contracted {
  lts::Lts l;
  bisim::branching::ContractedLts c;
};
Contracted random_contracted(std::mt19937_64& rng, std::uint32_t max_states) {
  Contracted r{testing_support::random_lts(rng, testing_support::random_shape(rng, max_states)), {}};
  r.c = bisim::branching::contract_tau_sccs(r.l, false);
  return r;
}

// cls with class b merged into class a (b left empty).
std::vector<std::uint32_t> merged(std::vector<std::uint32_t> cls, std::uint32_t a, std::uint32_t b) {
  for (auto& x : cls) x = x == b ? a : x;
  return cls;
}

// cls with class a cut: its first state stays, each other one moves to the
// new class `fresh` when move() says so.
template <typename Move>
std::vector<std::uint32_t> cut(std::vector<std::uint32_t> cls, std::uint32_t a, std::uint32_t fresh, Move move) {
  bool first_kept = false;
  for (auto& x : cls) {
    if (x != a) continue;
    if (first_kept && move()) x = fresh;
    first_kept = true;
  }
  return cls;
}

TEST(SignatureStability, AgreesWithTheDefinition) {
  std::mt19937_64 rng(23);
  unsigned stable_seen = 0, unstable_seen = 0;
  for (unsigned round = 0; round < 400; ++round) {
    const auto [l, c] = random_contracted(rng, 30);
    const lts::StateId n = c.lts.num_states;
    if (n == 0) continue;
    const LtsView<true> branching(c.lts);
    const LtsView<false> strong(c.lts);
    const std::vector<std::uint32_t> cls = true_classes(l, c);
    ASSERT_TRUE(bisim::signatures::classes_are_stable(branching, cls, count_of(cls))) << "round " << round;
    check(branching, cls, round, stable_seen, unstable_seen);
    check(strong, cls, round, stable_seen, unstable_seen);
    // Two classes merged.
    const std::uint32_t k = count_of(cls);
    if (k >= 2) {
      const std::uint32_t a = static_cast<std::uint32_t>(rng() % k);
      check(branching, merged(cls, a, (a + 1) % k), round, stable_seen, unstable_seen);
    }
    // One class cut in two, the states other than its first moving at random.
    {
      const std::uint32_t a = static_cast<std::uint32_t>(rng() % k);
      check(branching, cut(cls, a, k, [&] { return rng() % 2 != 0; }), round, stable_seen, unstable_seen);
    }
    // One class, and a random partition.
    check(branching, std::vector<std::uint32_t>(n, 0), round, stable_seen, unstable_seen);
    check(strong, std::vector<std::uint32_t>(n, 0), round, stable_seen, unstable_seen);
    const std::uint32_t parts = 1 + static_cast<std::uint32_t>(rng() % n);
    std::vector<std::uint32_t> random(n);
    for (lts::StateId s = 0; s < n; ++s) random[s] = s < parts ? s : static_cast<std::uint32_t>(rng() % parts);
    check(branching, random, round, stable_seen, unstable_seen);
    check(strong, random, round, stable_seen, unstable_seen);
  }
  // Both answers were exercised many times.
  EXPECT_GT(stable_seen, 400u);
  EXPECT_GT(unstable_seen, 400u);
  EXPECT_GT(differs_with_only, 50u);
}

// Copies of a contracted LTS, interleaved (copy k of state s is s * copies
// + k: tau-steps still go down), with the classes copied alike.
std::pair<lts::Lts, std::vector<std::uint32_t>> interleaved(const lts::Lts& l, const std::vector<std::uint32_t>& cls,
                                                            std::uint32_t copies) {
  lts::Lts big;
  big.num_states = l.num_states * copies;
  for (const lts::Transition& t : l.transitions)
    for (std::uint32_t k = 0; k < copies; ++k)
      big.transitions.push_back({t.from * copies + k, t.label, t.to * copies + k});
  std::vector<std::uint32_t> big_cls(big.num_states);
  for (lts::StateId s = 0; s < big.num_states; ++s) big_cls[s] = cls[s / copies];
  return {std::move(big), std::move(big_cls)};
}

// Large enough for the check's two threads (lts/two_threads.hpp): copies of
// small LTSs agree with the definition on the small one, stable or not
// (the true partition, two of its classes merged, one cut in two).
TEST(SignatureStability, TwoThreadsOnCopiesAgreeWithTheDefinition) {
  std::mt19937_64 rng(31);
  unsigned stable_seen = 0, unstable_seen = 0;
  for (unsigned round = 0; round < 6; ++round) {
    const auto [l, c] = random_contracted(rng, 40);
    const lts::StateId n = c.lts.num_states;
    if (c.lts.num_transitions() == 0) continue;
    const std::vector<std::uint32_t> cls = true_classes(l, c);
    std::vector<std::vector<std::uint32_t>> partitions{cls};
    const std::uint32_t k = count_of(cls);
    if (k >= 2) partitions.push_back(merged(cls, 0, k - 1));             // two classes merged
    partitions.push_back(cut(cls, cls[n - 1], k, [] { return true; }));  // one class cut
    const auto copies = static_cast<std::uint32_t>(lts::two_threads_from / c.lts.num_transitions() + 2);
    for (const auto& p : partitions) {
      const auto [big, big_cls] = interleaved(c.lts, p, copies);
      ASSERT_GE(big.num_transitions(), lts::two_threads_from);
      const bool want = naive_stable(LtsView<true>(c.lts), p);
      EXPECT_EQ(bisim::signatures::classes_are_stable(LtsView<true>(big), big_cls, count_of(big_cls)), want)
          << "round " << round;
      EXPECT_EQ(bisim::signatures::classes_are_stable(LtsView<false>(big), big_cls, count_of(big_cls)),
                naive_stable(LtsView<false>(c.lts), p))
          << "round " << round;
      EXPECT_EQ(bisim::signatures::classes_are_stable(LtsView<true>(big), big_cls, count_of(big_cls), 0), want)
          << "round " << round;
      (want ? stable_seen : unstable_seen) += 1;
    }
  }
  EXPECT_GE(stable_seen, 3u);
  EXPECT_GE(unstable_seen, 3u);
}

}  // namespace
