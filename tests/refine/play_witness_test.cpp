// The bisimilarity witness on the inputs' states (BisimilarityResult::witness,
// what `refines --equiv --cex` writes) checked by an independent referee:
// the play is replayed on both LTSs, every attacker step and every answer
// must be real transitions from where the sides are, every position must
// pair states that the reference partitioner (tests/bisim/reference) puts
// in different classes, and at the last move the defender's options must be
// exhausted: no state it reaches by internal steps inside its own class can
// do the attacker's action (for strong bisimilarity: no step with that
// label), or, for a divergence, the attacker really cycles inside its class
// and the defender's class offers no such cycle. If the sides were
// bisimilar, the defender could answer through exactly such states, so the
// last position is won by the attacker (de Frutos-Escrig, Keiren, Willemse,
// LMCS 2017, the branching bisimulation game), and so is every earlier one.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "formats/aut_reader.hpp"
#include "refine/equivalence/bisimilarity.hpp"
#include "tests/bisim/reference/reference_partition.hpp"
#include "tests/refine/random_pairs.hpp"

namespace {

using bisim::Equivalence;

struct Referee {
  const lts::Lts& a;
  const lts::Lts& b;
  Equivalence e;
  lts::Lts u;  // A's states, then B's from a.num_states, labels by name
  bisim::Partition ref;

  Referee(const lts::Lts& a_, const lts::Lts& b_, Equivalence e_) : a(a_), b(b_), e(e_) {
    u.num_states = a.num_states + b.num_states;
    const auto add = [&](const lts::Lts& l, lts::StateId base) {
      for (const lts::Transition& t : l.transitions)
        u.transitions.push_back(
            {base + t.from, t.label == lts::tau ? lts::tau : u.labels.intern(l.labels.name(t.label)), base + t.to});
    };
    add(a, 0);
    add(b, a.num_states);
    ref = bisim::reference_partition(u, e);
  }
  lts::StateId global(bool side_a, lts::StateId s) const { return side_a ? s : a.num_states + s; }
  std::uint32_t cls(bool side_a, lts::StateId s) const { return ref.block[global(side_a, s)]; }
  bool has_step(bool side_a, const refine::SideStep& s) const {
    const lts::Lts& l = side_a ? a : b;
    for (const lts::Transition& t : l.transitions)
      if (t.from == s.from && t.to == s.to && (t.label == lts::tau ? "i" : l.labels.name(t.label)) == s.label)
        return true;
    return false;
  }
  // States reached from s by internal steps inside s's class (s itself for strong).
  std::set<lts::StateId> inert_closure(lts::StateId s) const {
    std::set<lts::StateId> seen{s};
    if (e == Equivalence::strong) return seen;
    for (bool grew = true; grew;) {
      grew = false;
      for (const lts::Transition& t : u.transitions)
        if (t.label == lts::tau && seen.count(t.from) && ref.block[t.to] == ref.block[s] && seen.insert(t.to).second)
          grew = true;
    }
    return seen;
  }
  bool can_do(const std::set<lts::StateId>& states, const std::string& label) const {
    for (const lts::Transition& t : u.transitions)
      if (states.count(t.from) && (t.label == lts::tau ? "i" : u.labels.name(t.label)) == label) return true;
    return false;
  }
  // Whether the internal steps inside `states` contain a cycle (removing sources until none is left).
  bool inert_cycle(std::set<lts::StateId> states) const {
    for (bool removed = true; removed;) {
      removed = false;
      for (auto it = states.begin(); it != states.end();) {
        bool has_pred = false;
        for (const lts::Transition& t : u.transitions)
          if (t.label == lts::tau && t.to == *it && states.count(t.from) && ref.block[t.from] == ref.block[t.to])
            has_pred = true;
        if (has_pred) {
          ++it;
        } else {
          it = states.erase(it);
          removed = true;
        }
      }
    }
    return !states.empty();
  }
};

// The defender's options the witness lists are exactly the states it
// reaches by internal steps inside its class.
void expect_options(const Referee& ref, const refine::WitnessMove& m, lts::StateId defender) {
  std::set<lts::StateId> listed;
  for (const lts::StateId s : m.defender_options) listed.insert(ref.global(!m.attacker_is_a, s));
  EXPECT_EQ(listed, ref.inert_closure(ref.global(!m.attacker_is_a, defender)));
}

void expect_winning_play(const lts::Lts& a, const lts::Lts& b, Equivalence e, const refine::BisimilarityResult& r) {
  const Referee ref(a, b, e);
  ASSERT_FALSE(r.witness.empty());
  lts::StateId x = a.initial, y = b.initial;
  for (std::size_t i = 0; i < r.witness.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "move " << i + 1);
    const refine::WitnessMove& m = r.witness[i];
    const bool last = i + 1 == r.witness.size();
    lts::StateId& attacker = m.attacker_is_a ? x : y;
    lts::StateId& defender = m.attacker_is_a ? y : x;
    ASSERT_NE(ref.cls(true, x), ref.cls(false, y)) << "a position of equivalent states";
    ASSERT_EQ(m.defender_at, defender);
    ASSERT_FALSE(m.attack.empty());
    lts::StateId at = attacker;
    for (const refine::SideStep& s : m.attack) {
      ASSERT_EQ(s.from, at);
      ASSERT_TRUE(ref.has_step(m.attacker_is_a, s)) << s.from << " " << s.label << " " << s.to;
      at = s.to;
    }
    const std::string& label = m.attack.back().label;
    if (m.diverges) {
      ASSERT_TRUE(last);
      ASSERT_EQ(e, Equivalence::divbranching);
      ASSERT_LT(m.cycle_start, m.attack.size());
      EXPECT_EQ(m.attack[m.cycle_start].from, m.attack.back().to);  // the cycle closes
      for (const refine::SideStep& s : m.attack) {
        EXPECT_EQ(s.label, "i");
        EXPECT_EQ(ref.cls(m.attacker_is_a, s.to), ref.cls(m.attacker_is_a, attacker));  // inside its class
      }
      EXPECT_FALSE(ref.inert_cycle(ref.inert_closure(ref.global(!m.attacker_is_a, defender))));
      expect_options(ref, m, defender);
      continue;
    }
    ASSERT_EQ(m.attack.size(), 1u);
    attacker = m.attack.back().to;
    switch (m.answer) {
      case refine::PlayMove::Answer::cannot:
        ASSERT_TRUE(last);
        if (e != Equivalence::strong) {
          EXPECT_NE(label, "i");  // staying put answers any internal step
        }
        EXPECT_FALSE(ref.can_do(ref.inert_closure(ref.global(!m.attacker_is_a, defender)), label))
            << "the defender can answer " << label;
        expect_options(ref, m, defender);
        break;
      case refine::PlayMove::Answer::stays:
        ASSERT_NE(e, Equivalence::strong);
        ASSERT_EQ(label, "i");
        ASSERT_TRUE(m.answer_path.empty());
        break;
      case refine::PlayMove::Answer::same: {
        ASSERT_FALSE(m.answer_path.empty());
        if (e == Equivalence::strong) {
          ASSERT_EQ(m.answer_path.size(), 1u);
        }
        lts::StateId d = defender;
        for (std::size_t k = 0; k < m.answer_path.size(); ++k) {
          const refine::SideStep& s = m.answer_path[k];
          ASSERT_EQ(s.from, d);
          ASSERT_TRUE(ref.has_step(!m.attacker_is_a, s));
          EXPECT_EQ(s.label, k + 1 == m.answer_path.size() ? label : "i");
          d = s.to;
        }
        defender = d;
        break;
      }
    }
    if (!last) {
      ASSERT_NE(m.answer, refine::PlayMove::Answer::cannot);
    }
  }
}

lts::Lts hand_made(const char* text) { return formats::read_aut_text(text, "hand-made.aut"); }

// a.(b + c) against a.b + a.c. A plays a; whichever a-step B answers with,
// it has committed to one of b, c, and A plays the other: B cannot.
TEST(PlayWitness, ExternalChoiceAgainstEarlyCommitment) {
  const lts::Lts p = hand_made("des (0, 3, 4)\n(0, a, 1)\n(1, b, 2)\n(1, c, 3)\n");
  const lts::Lts q = hand_made("des (0, 4, 5)\n(0, a, 1)\n(0, a, 2)\n(1, b, 3)\n(2, c, 4)\n");
  for (const Equivalence e : {Equivalence::strong, Equivalence::branching, Equivalence::divbranching}) {
    const refine::BisimilarityResult r = refine::check_bisimilarity(p, q, e);
    ASSERT_FALSE(r.holds);
    ASSERT_EQ(r.witness.size(), 2u);
    EXPECT_EQ(r.witness[0].attack[0].label, "a");
    EXPECT_EQ(r.witness[1].answer, refine::PlayMove::Answer::cannot);
    expect_winning_play(p, q, e, r);
  }
}

// The difference lies only in an internal choice: a.(b + c) against
// a.(i.b + i.c), branching. The weak traces are equal. After a (B answers
// with its a), A at 1 offers b and c; B at 1 has neither without first
// taking an internal step, and each internal step leaves its class (it
// drops one option), so it is no inert answer: A plays b (or c) and B
// cannot answer. Seen from the other side, B attacks with the internal
// step 1 -i-> 2 (dropping c) and A, which has no internal step, stays put;
// then A plays c, and B at 2 cannot.
TEST(PlayWitness, DifferenceOnlyInAnInternalChoice) {
  const lts::Lts p = hand_made("des (0, 3, 4)\n(0, a, 1)\n(1, b, 2)\n(1, c, 3)\n");
  const lts::Lts r_aut = hand_made("des (0, 5, 6)\n(0, a, 1)\n(1, i, 2)\n(1, i, 3)\n(2, b, 4)\n(3, c, 5)\n");
  for (const Equivalence e : {Equivalence::branching, Equivalence::divbranching}) {
    const refine::BisimilarityResult r = refine::check_bisimilarity(p, r_aut, e);
    ASSERT_FALSE(r.holds);
    EXPECT_FALSE(r.traces_differ);
    expect_winning_play(p, r_aut, e, r);
    const refine::BisimilarityResult back = refine::check_bisimilarity(r_aut, p, e);
    ASSERT_FALSE(back.holds);
    expect_winning_play(r_aut, p, e, back);
  }
}

// The argument rests on an internal step: A = i.b + b + c against
// B = b + c, branching. The weak traces are equal ({b, c}), and A's visible
// steps are all B's, so no visible first move wins; A's internal step drops
// c. A attacks with it (0 -i-> 1) and B, with no internal step, stays put at
// 0; now B plays c, which A at 1 cannot do: the witness's first move is the
// internal step, and the replay of A's side shows it.
TEST(PlayWitness, TheWinningMoveIsAnInternalStep) {
  const lts::Lts a = hand_made("des (0, 4, 3)\n(0, i, 1)\n(1, b, 2)\n(0, b, 2)\n(0, c, 2)\n");
  const lts::Lts b = hand_made("des (0, 2, 2)\n(0, b, 1)\n(0, c, 1)\n");
  const refine::BisimilarityResult r = refine::check_bisimilarity(a, b, Equivalence::branching);
  ASSERT_FALSE(r.holds);
  EXPECT_FALSE(r.traces_differ);
  expect_winning_play(a, b, Equivalence::branching, r);
  ASSERT_EQ(r.witness.size(), 2u);
  EXPECT_TRUE(r.witness[0].attacker_is_a);
  EXPECT_EQ(r.witness[0].attack[0].label, "i");
  EXPECT_EQ(r.witness[0].answer, refine::PlayMove::Answer::stays);
  EXPECT_FALSE(r.witness[1].attacker_is_a);
  EXPECT_EQ(r.witness[1].attack[0].label, "c");
  EXPECT_EQ(r.witness[1].answer, refine::PlayMove::Answer::cannot);
}

// A divergence inside a class that the other side lacks (divbranching only):
// A = a.(i-loop + b), B = a.b. After a, A cycles on its internal self-loop
// forever; B's class after a has no internal step at all.
TEST(PlayWitness, Divergence) {
  const lts::Lts a = hand_made("des (0, 3, 3)\n(0, a, 1)\n(1, i, 1)\n(1, b, 2)\n");
  const lts::Lts b = hand_made("des (0, 2, 3)\n(0, a, 1)\n(1, b, 2)\n");
  const refine::BisimilarityResult r = refine::check_bisimilarity(a, b, Equivalence::divbranching);
  ASSERT_FALSE(r.holds);
  expect_winning_play(a, b, Equivalence::divbranching, r);
  EXPECT_TRUE(r.witness.back().diverges);
}

TEST(PlayWitness, EveryPlayOnRandomPairsWins) {
  std::mt19937_64 rng(2025);
  const std::uint64_t rounds = refine_test::random_rounds(400);
  std::uint64_t plays = 0, with_internal = 0;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const auto [a, b] = refine_test::random_pair(rng, 7);
    for (const Equivalence e : {Equivalence::strong, Equivalence::branching, Equivalence::divbranching}) {
      SCOPED_TRACE(::testing::Message() << "round " << round << ", " << bisim::name(e));
      const refine::BisimilarityResult r = refine::check_bisimilarity(a, b, e);
      if (r.holds || r.traces_differ) continue;
      ++plays;
      expect_winning_play(a, b, e, r);
      for (const refine::WitnessMove& m : r.witness)
        if (m.attack.front().label == "i" && !m.diverges) {
          ++with_internal;
          break;
        }
    }
    if (::testing::Test::HasFailure()) break;
  }
  std::printf("plays %llu, with an internal attacker move %llu\n", static_cast<unsigned long long>(plays),
              static_cast<unsigned long long>(with_internal));
  EXPECT_GT(plays, rounds / 4);
  EXPECT_GT(with_internal, rounds / 50);
}

}  // namespace
