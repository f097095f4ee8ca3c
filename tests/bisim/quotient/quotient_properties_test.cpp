// Properties every quotient must have (seed paper, Definition 3.3), checked
// on random LTSs and on the oracle files for strong, branching and
// divbranching, against the reference partitioner and a direct reading of
// the definition through the state map:
//   - the map relates two reachable states iff the reference partition does;
//   - the quotient's transitions are exactly the image of the input's, minus
//     inert tau (branching), plus one tau self-loop per divergent class
//     (divbranching), without duplicates;
//   - numbering is breadth-first from 0; the output is the same bytes for any
//     order of the input's transitions; the quotient of a quotient is itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <tuple>

#include "bisim/quotient.hpp"
#include "formats/aut_reader.hpp"
#include "formats/aut_writer.hpp"
#include "lts/reachability.hpp"
#include "lts/sparse_states.hpp"
#include "lts/tau_scc.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/bisim/strong/random_rounds.hpp"
#include "tests/support/oracle.hpp"
#include "tests/support/random_lts.hpp"

namespace {

using bisim::Equivalence;
using lts::StateId;
using NamedStep = std::tuple<StateId, std::string, StateId>;

constexpr Equivalence equivalences[] = {Equivalence::strong, Equivalence::branching, Equivalence::divbranching};

std::set<NamedStep> named_steps(const lts::Lts& l) {
  std::set<NamedStep> steps;
  for (const lts::Transition& t : l.transitions)
    steps.insert({t.from, t.label == lts::tau ? "tau" : l.labels.name(t.label), t.to});
  return steps;
}

// The quotient's transitions as Definition 3.3 gives them from the state map.
std::set<NamedStep> expected_steps(const lts::Lts& l, const std::vector<StateId>& map, Equivalence e) {
  const bool branching = e != Equivalence::strong;
  std::set<NamedStep> steps;
  lts::Lts inert;  // tau steps inside a class
  inert.num_states = l.num_states;
  for (const lts::Transition& t : l.transitions) {
    if (map[t.from] == lts::no_state) continue;
    const bool is_inert = t.label == lts::tau && map[t.from] == map[t.to];
    if (is_inert) inert.transitions.push_back(t);
    if (branching && is_inert) continue;
    steps.insert({map[t.from], t.label == lts::tau ? "tau" : l.labels.name(t.label), map[t.to]});
  }
  if (e == Equivalence::divbranching) {
    const lts::TauSccs sccs = lts::tau_sccs(inert);
    for (StateId s = 0; s < l.num_states; ++s)
      if (map[s] != lts::no_state && sccs.divergent[sccs.component[s]]) steps.insert({map[s], "tau", map[s]});
  }
  return steps;
}

void check_quotient(const lts::Lts& l, Equivalence e, const std::string& what) {
  SCOPED_TRACE(what + " under " + std::string(bisim::name(e)));
  const bisim::Minimised m = bisim::minimise(l, e);
  const lts::Lts& q = m.quotient;
  ASSERT_EQ(m.state_map.size(), l.num_states);
  ASSERT_EQ(q.initial, 0u);
  ASSERT_EQ(m.state_map[l.initial], 0u);

  // The map is the reference partition on the reachable states.
  const std::vector<bool> reachable = lts::reachable_states(l);
  const bisim::Partition reference = bisim::reference_partition(l, e);
  std::vector<StateId> class_state(reference.num_blocks, lts::no_state);
  std::vector<bool> hit(q.num_states, false);
  for (StateId s = 0; s < l.num_states; ++s) {
    ASSERT_EQ(reachable[s], m.state_map[s] != lts::no_state) << "state " << s;
    if (!reachable[s]) continue;
    ASSERT_LT(m.state_map[s], q.num_states);
    hit[m.state_map[s]] = true;
    StateId& c = class_state[reference.block[s]];
    if (c == lts::no_state) c = m.state_map[s];
    ASSERT_EQ(c, m.state_map[s]) << "state " << s << " is not with its class";
  }
  ASSERT_TRUE(std::all_of(hit.begin(), hit.end(), [](bool h) { return h; })) << "a quotient state has no member";
  for (StateId s = 0; s < l.num_states; ++s) {
    for (StateId t = 0; t < l.num_states; ++t) {
      if (reachable[s] && reachable[t] && reference.block[s] != reference.block[t]) {
        ASSERT_NE(m.state_map[s], m.state_map[t]) << s << " and " << t << " are not equivalent";
      }
    }
  }

  // Transitions: exactly Definition 3.3, no duplicates, sorted.
  EXPECT_EQ(named_steps(q), expected_steps(l, m.state_map, e));
  EXPECT_EQ(named_steps(q).size(), q.num_transitions()) << "duplicate transitions";
  // Breadth-first numbering: every state but 0 has a predecessor numbered lower.
  std::vector<StateId> lowest_predecessor(q.num_states, lts::no_state);
  for (const lts::Transition& t : q.transitions) lowest_predecessor[t.to] = std::min(lowest_predecessor[t.to], t.from);
  for (StateId s = 1; s < q.num_states; ++s) EXPECT_LT(lowest_predecessor[s], s) << "state " << s;

  // Idempotence, through the text format so that label ids change too.
  const std::string text = formats::write_aut_string(q);
  const lts::Lts reread = formats::read_aut_text(text, "quotient");
  EXPECT_EQ(formats::write_aut_string(bisim::minimise(reread, e).quotient), text) << "quotient of the quotient";
}

TEST(QuotientProperties, RandomLtss) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(150);
  std::mt19937_64 rng(7031);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 30));
    for (Equivalence e : equivalences) {
      check_quotient(l, e, "round " + std::to_string(round));
      if (testing::Test::HasFatalFailure()) return;
    }
  }
}

// LTSs whose only cycles are self-loops (tau ones included), which minimise
// classifies in one pass without contraction, and with planted tau-cycles,
// which it contracts first.
TEST(QuotientProperties, AcyclicLtss) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(150);
  std::mt19937_64 rng(7032);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const lts::Lts l = testing_support::random_acyclic_lts(rng, round % 2 == 1, 30);
    for (Equivalence e : equivalences) {
      check_quotient(l, e, "round " + std::to_string(round));
      if (testing::Test::HasFatalFailure()) return;
    }
  }
}

// LTSs without tau-steps (cycles of visible steps), which minimise hands to
// strong bisimulation under the branching kinds without contracting: the
// properties hold, and the quotient is the strong one, byte for byte.
TEST(QuotientProperties, TauFreeLtss) {
  const std::uint64_t rounds = testing_support::bisim_random_rounds(150);
  std::mt19937_64 rng(7033);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    testing_support::RandomLtsShape shape = testing_support::random_shape(rng, 30);
    shape.tau_fraction = 0;
    shape.tau_cycles = 0;
    const lts::Lts l = testing_support::random_lts(rng, shape);
    ASSERT_TRUE(std::none_of(l.transitions.begin(), l.transitions.end(),
                             [](const lts::Transition& t) { return t.label == lts::tau; }));
    const std::string strong = formats::write_aut_string(bisim::minimise(l, Equivalence::strong).quotient);
    for (Equivalence e : equivalences) {
      check_quotient(l, e, "round " + std::to_string(round));
      if (testing::Test::HasFatalFailure()) return;
      EXPECT_EQ(formats::write_aut_string(bisim::minimise(l, e).quotient), strong) << "round " << round;
    }
  }
}

// quotient() straight on an LTS that was not contracted (tau-cycles of
// several states, tau-steps up and down), with its reference partition:
// exactly Definition 3.3 and, under divbranching, the self-loops of
// Definitions 4.2-4.3 (minimise only ever passes contracted LTSs).
TEST(QuotientProperties, QuotientOfAnUncontractedLts) {
  std::mt19937_64 rng(404);
  for (int round = 0; round < 150; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 30));
    const std::vector<bool> reachable = lts::reachable_states(l);
    for (Equivalence e : equivalences) {
      const bisim::Partition p = bisim::reference_partition(l, e);
      std::vector<StateId> class_to_state;
      const lts::Lts q = bisim::quotient(l, p, e, &class_to_state);
      std::vector<StateId> map(l.num_states, lts::no_state);
      for (StateId s = 0; s < l.num_states; ++s)
        if (reachable[s]) map[s] = class_to_state[p.block[s]];
      EXPECT_EQ(named_steps(q), expected_steps(l, map, e)) << "round " << round << " under " << bisim::name(e);
    }
  }
}

TEST(QuotientProperties, OracleFiles) {
  for (const auto& row : testing_support::oracle_rows()) {
    if (row.equivalence != "strong" || row.states > 2000) continue;  // one pass per small file
    const lts::Lts l = formats::read_aut_file(row.file);
    if (l.num_states > 400) continue;  // the reference and the pairwise check are quadratic
    for (Equivalence e : equivalences) check_quotient(l, e, row.file);
  }
}

TEST(QuotientProperties, SameBytesForAnyTransitionOrder) {
  std::mt19937_64 rng(99);
  for (int round = 0; round < 100; ++round) {
    lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 40));
    for (Equivalence e : equivalences) {
      const std::string first = formats::write_aut_string(bisim::minimise(l, e).quotient);
      EXPECT_EQ(formats::write_aut_string(bisim::minimise(l, e).quotient), first);
      lts::Lts shuffled = l;
      std::shuffle(shuffled.transitions.begin(), shuffled.transitions.end(), rng);
      EXPECT_EQ(formats::write_aut_string(bisim::minimise(shuffled, e).quotient), first) << "round " << round;
    }
  }
}

// quotient() with a state order numbers the classes as if the states were
// renumbered in that order (minimise relies on it after tau-SCC
// contraction renumbers the states): the quotient of an LTS with its states
// permuted, given the permutation as the order, is the quotient of the
// original, byte for byte.
TEST(QuotientProperties, StateOrderUndoesARenumbering) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 200; ++round) {
    const lts::Lts l = testing_support::random_lts(rng, testing_support::random_shape(rng, 30));
    std::vector<lts::StateId> to_new(l.num_states);
    std::iota(to_new.begin(), to_new.end(), 0u);
    std::shuffle(to_new.begin(), to_new.end(), rng);
    lts::Lts permuted = l;
    for (lts::Transition& t : permuted.transitions) t = {to_new[t.from], t.label, to_new[t.to]};
    permuted.initial = to_new[l.initial];
    std::vector<lts::StateId> order(l.num_states);  // the new states, by their old number
    for (lts::StateId s = 0; s < l.num_states; ++s) order[s] = to_new[s];
    for (Equivalence e : equivalences) {
      const bisim::Partition p = bisim::reference_partition(l, e);
      bisim::Partition q;
      q.num_blocks = p.num_blocks;
      q.block.resize(l.num_states);
      for (lts::StateId s = 0; s < l.num_states; ++s) q.block[to_new[s]] = p.block[s];
      const std::string want = formats::write_aut_string(bisim::quotient(l, p, e));
      EXPECT_EQ(formats::write_aut_string(bisim::quotient(permuted, q, e, nullptr, &order)), want) << "round " << round;
    }
  }
}

}  // namespace

namespace {

// An LTS whose state i is numbered i * stride + 3, in a space of more than
// 2^22 states: sparse (lts/sparse_states.hpp), so minimise renumbers it
// densely first, and its map lists the states that occur by their ids.
lts::Lts spread_out(const lts::Lts& dense, lts::StateId stride) {
  lts::Lts s = dense;
  auto spread = [&](lts::StateId v) { return v * stride + 3; };
  s.initial = spread(s.initial);
  for (lts::Transition& t : s.transitions) t = {spread(t.from), t.label, spread(t.to)};
  s.num_states = dense.num_states * stride + 5;
  return s;
}

TEST(QuotientProperties, SparseNumberingGivesTheDenseQuotientAndMap) {
  std::mt19937_64 rng(2026'11'25);
  for (int round = 0; round < 40; ++round) {
    SCOPED_TRACE(round);
    const lts::Lts dense = testing_support::random_lts(rng, testing_support::random_shape(rng, 40));
    const lts::StateId stride = (1u << 22) / dense.num_states + 1;
    const lts::Lts sparse = spread_out(dense, stride);
    ASSERT_TRUE(lts::is_sparse(sparse));
    // The states that occur in `dense`, increasing: the ones the map lists.
    std::vector<lts::StateId> occurring{dense.initial};
    for (const lts::Transition& t : dense.transitions) occurring.insert(occurring.end(), {t.from, t.to});
    std::sort(occurring.begin(), occurring.end());
    occurring.erase(std::unique(occurring.begin(), occurring.end()), occurring.end());
    for (const auto e : {bisim::Equivalence::none, bisim::Equivalence::strong, bisim::Equivalence::branching,
                         bisim::Equivalence::divbranching}) {
      const bisim::Minimised want = bisim::minimise(lts::Lts(dense), e, nullptr, true);
      const bisim::Minimised got = bisim::minimise(lts::Lts(sparse), e, nullptr, true);
      EXPECT_EQ(formats::write_aut_string(got.quotient), formats::write_aut_string(want.quotient));
      EXPECT_TRUE(want.mapped_states.empty());
      ASSERT_EQ(got.mapped_states.size(), occurring.size());
      ASSERT_EQ(got.state_map.size(), occurring.size());
      for (std::size_t i = 0; i < occurring.size(); ++i) {
        EXPECT_EQ(got.mapped_states[i], occurring[i] * stride + 3);
        EXPECT_EQ(got.state_map[i], want.state_map[occurring[i]]) << "state " << occurring[i];
      }
    }
  }
}

}  // namespace
