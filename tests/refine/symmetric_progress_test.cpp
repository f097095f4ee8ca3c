// refine/progress/symmetric_progress.*: the verdicts on an orbit LTS against the
// direct route (refine/progress/progress.*) on its free expansion M~, built here
// state by state, on random orbit LTSs with step(T) labels and consistent
// pending sets (1,000 in CI, BB_PROGRESS_ROUNDS for more); a mirrored
// livelock worked out by hand; bad inputs refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>

#include <fmt/format.h>

#include "refine/progress/progress.hpp"
#include "refine/progress/symmetric_progress.hpp"

namespace symmetric_progress_test {
namespace {

using lts::OrbitLts;
using lts::PermutationId;
using lts::StateId;
using lts::ThreadPermutations;
using refine::Progress;

std::uint64_t rounds() {
  if (const char* env = std::getenv("BB_PROGRESS_ROUNDS")) return std::strtoull(env, nullptr, 10);
  return 1000;
}

std::string rename(const std::string& name, const std::vector<int>& image) {
  const auto open = name.find('(');
  const auto end = name.find_first_of(",)", open);
  const int thread = std::stoi(name.substr(open + 1, end - open - 1)) - 1;
  return name.substr(0, open + 1) + std::to_string(image[static_cast<std::size_t>(thread)] + 1) + name.substr(end);
}

// The reachable part of M~: states (g, r) from (initial_permutation,
// initial), (g, r) -g.a-> (g h, r') for every orbit transition (r, a, h, r').
lts::Lts expansion(const OrbitLts& o, const ThreadPermutations& group) {
  lts::Lts m;
  m.labels = o.labels;
  std::map<std::pair<PermutationId, StateId>, StateId> id;
  std::vector<std::pair<PermutationId, StateId>> queue{{o.initial_permutation, o.initial}};
  id[queue.front()] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const auto [g, r] = queue[head];
    for (const lts::OrbitTransition& t : o.transitions) {
      if (t.from != r) continue;
      const std::pair<PermutationId, StateId> to{group.compose(g, t.permutation), t.to};
      auto [it, fresh] = id.emplace(to, static_cast<StateId>(queue.size()));
      if (fresh) queue.push_back(to);
      m.transitions.push_back({static_cast<StateId>(head), o.label_image[t.label][g], it->second});
    }
  }
  m.num_states = static_cast<StateId>(queue.size());
  return m;
}

// A random orbit LTS over K threads and one method: each representative r
// gets a pending set P_r (the initial one none); a transition r -a-> h.r'
// is kept only when h maps P_r' onto P_r after a (a call adds a's thread,
// a return removes it, a step of a pending thread keeps it), so the pending
// sets of M~ are consistent by construction.
OrbitLts random_orbits(std::mt19937_64& rng, int threads) {
  const ThreadPermutations group(threads);
  OrbitLts o;
  o.num_states = static_cast<StateId>(std::uniform_int_distribution<int>(2, 9)(rng));
  o.initial = 0;
  o.initial_permutation = static_cast<PermutationId>(rng() % group.size());
  std::vector<refine::ThreadMask> pending(o.num_states, 0);
  for (StateId r = 1; r < o.num_states; ++r) pending[r] = rng() % (refine::ThreadMask{1} << threads);
  const auto apply = [&](PermutationId g, refine::ThreadMask m) {
    refine::ThreadMask out = 0;
    for (int t = 0; t < threads; ++t)
      if (m >> t & 1) out |= refine::ThreadMask{1} << group.image(g)[static_cast<std::size_t>(t)];
    return out;
  };
  const int tries = std::uniform_int_distribution<int>(4 * o.num_states, 16 * o.num_states)(rng);
  for (int i = 0; i < tries; ++i) {
    const auto from = static_cast<StateId>(rng() % o.num_states);
    const int thread = static_cast<int>(rng() % static_cast<unsigned>(threads));
    const refine::ThreadMask bit = refine::ThreadMask{1} << thread;
    const int kind = static_cast<int>(rng() % 4);  // call, return, two kinds of steps
    refine::ThreadMask after = pending[from];
    std::string name;
    if (kind == 0) {
      if (after & bit) continue;
      after |= bit;
      name = fmt::format("call({},m)", thread + 1);
    } else {
      if (!(after & bit)) continue;
      if (kind == 1) after &= ~bit;
      name = kind == 1 ? fmt::format("ret({},m)", thread + 1) : fmt::format("step({})", thread + 1);
    }
    const auto to = static_cast<StateId>(rng() % o.num_states);
    std::vector<PermutationId> fitting;
    for (PermutationId h = 0; h < group.size(); ++h)
      if (apply(h, pending[to]) == after) fitting.push_back(h);
    if (fitting.empty()) continue;
    o.transitions.push_back({from, o.labels.intern(name), to, fitting[rng() % fitting.size()]});
  }
  o.label_image = lts::label_images(o.labels, group, rename);
  return o;
}

// The states of `m` that the labels of `path` lead to from any of `from`.
std::set<StateId> after(const lts::Lts& m, std::set<StateId> from, const std::vector<lts::Transition>& path) {
  for (const lts::Transition& x : path) {
    std::set<StateId> next;
    for (const lts::Transition& t : m.transitions)
      if (from.contains(t.from) && m.labels.name(t.label) == m.labels.name(x.label)) next.insert(t.to);
    from = std::move(next);
  }
  return from;
}

// The lasso of v is one of M~ (m): its labels lead from the initial state
// to a state from which the cycle's labels come back to it; the lasso's own
// numbering is consistent (a path, and the cycle closes); and the cycle
// violates v's property, read off the labels: which threads are pending at
// its start (calls minus returns in the stem) and stay so (no call or
// return of theirs in the cycle), and which step.
void expect_real_lasso(const lts::Lts& m, const refine::ProgressVerdict& v, int threads) {
  const refine::ProgressLasso& l = v.lasso;
  ASSERT_FALSE(l.cycle.empty()) << refine::progress_name(v.property);
  for (std::size_t i = 0; i + 1 < l.stem.size(); ++i) EXPECT_EQ(l.stem[i].to, l.stem[i + 1].from);
  for (std::size_t i = 0; i + 1 < l.cycle.size(); ++i) EXPECT_EQ(l.cycle[i].to, l.cycle[i + 1].from);
  EXPECT_EQ(l.cycle.front().from, l.cycle.back().to);
  EXPECT_EQ(l.cycle.front().from, l.stem.empty() ? 0u : l.stem.back().to);
  bool closes = false;
  for (const StateId s : after(m, {m.initial}, l.stem)) closes = closes || after(m, {s}, l.cycle).contains(s);
  EXPECT_TRUE(closes) << refine::progress_name(v.property) << ": the labels are no lasso of M~";
  refine::ThreadMask pending = 0, touched = 0, stepping = 0;
  for (const lts::Transition& x : l.stem) {
    std::uint32_t t = 0;
    const refine::LabelKind k = refine::classify_label(m.labels.name(x.label), t).kind;
    if (k == refine::LabelKind::call) pending |= refine::ThreadMask{1} << (t - 1);
    if (k == refine::LabelKind::ret) pending &= ~(refine::ThreadMask{1} << (t - 1));
  }
  for (const lts::Transition& x : l.cycle) {
    std::uint32_t t = 0;
    const refine::LabelKind k = refine::classify_label(m.labels.name(x.label), t).kind;
    (k == refine::LabelKind::step ? stepping : touched) |= refine::ThreadMask{1} << (t - 1);
  }
  const refine::ThreadMask forever = pending & ~touched, all_threads = (refine::ThreadMask{1} << threads) - 1;
  const refine::ThreadMask tracked = l.thread ? refine::ThreadMask{1} << (l.thread - 1) : 0;
  EXPECT_EQ(l.stepping, stepping);
  EXPECT_EQ(l.pending_forever, forever);
  switch (v.property) {
    case Progress::lock_free: EXPECT_EQ(touched, 0u); break;
    case Progress::obstruction_free:
      EXPECT_EQ(touched, 0u) << "a call or return";
      EXPECT_EQ(stepping, tracked);
      break;
    case Progress::wait_free: EXPECT_TRUE(forever & tracked && stepping & tracked); break;
    case Progress::deadlock_free:
      EXPECT_EQ(touched, 0u);
      EXPECT_EQ(forever & ~stepping & all_threads, 0u);
      break;
    case Progress::starvation_free:
      EXPECT_TRUE(forever & tracked);
      EXPECT_EQ(forever & ~stepping, 0u);
      break;
  }
}

// "lock-free holds, wait-free fails for {1,2}, ...", or "refused".
std::string describe(const std::vector<refine::ProgressVerdict>& verdicts,
                     const std::vector<std::uint32_t>& thread_of_bit) {
  std::string out;
  for (const refine::ProgressVerdict& v : verdicts) {
    out += fmt::format("{} {}", refine::progress_name(v.property), v.holds ? "holds" : "fails");
    if (refine::per_thread(v.property))
      for (std::size_t b = 0; b < thread_of_bit.size(); ++b)
        if (v.failing >> b & 1) out += fmt::format(" {}", thread_of_bit[b]);
    out += "; ";
  }
  return out;
}

const std::vector<Progress> all(std::begin(refine::all_progress), std::end(refine::all_progress));

std::string symmetric_verdicts(const OrbitLts& o, int threads) {
  std::vector<std::uint32_t> numbers;
  for (int t = 1; t <= threads; ++t) numbers.push_back(static_cast<std::uint32_t>(t));
  try {
    return describe(refine::check_symmetric_progress(o, all).verdicts, numbers);
  } catch (const refine::ProgressInputError&) {
    return "refused";
  }
}

std::string direct_verdicts(const lts::Lts& m) {
  try {
    const refine::ProgressResult r = refine::check_progress(m, all);
    return describe(r.verdicts, r.threads.threads);
  } catch (const refine::ProgressInputError&) {
    return "refused";
  }
}

TEST(SymmetricProgress, RandomAgainstTheExpansion) {
  std::mt19937_64 rng(20261127);
  std::uint64_t decided = 0, failing = 0, group_needed = 0;
  for (std::uint64_t round = 0; round < rounds(); ++round) {
    const int threads = round % 3 == 2 ? 3 : 2;
    const OrbitLts o = random_orbits(rng, threads);
    const ThreadPermutations group(threads);
    const lts::Lts m = expansion(o, group);
    const std::string expected = direct_verdicts(m), got = symmetric_verdicts(o, threads);
    ASSERT_EQ(got, expected) << "round " << round << " (" << threads << " threads, " << o.num_states
                             << " orbit states, " << m.num_states << " expanded)";
    if (expected == "refused") continue;
    ++decided;
    // Each lasso is one of M~, and its stem has as few calls and returns as
    // the direct route's.
    const std::vector<refine::ProgressVerdict> direct = refine::check_progress(m, all).verdicts;
    const auto calls_and_returns = [&](const std::vector<lts::Transition>& path, const lts::LabelTable& labels) {
      return std::count_if(path.begin(), path.end(),
                           [&](const lts::Transition& x) { return !labels.name(x.label).starts_with("step"); });
    };
    const std::vector<refine::ProgressVerdict> symmetric = refine::check_symmetric_progress(o, all).verdicts;
    for (std::size_t i = 0; i < symmetric.size(); ++i) {
      if (symmetric[i].holds) continue;
      expect_real_lasso(m, symmetric[i], threads);
      EXPECT_EQ(calls_and_returns(symmetric[i].lasso.stem, o.labels), calls_and_returns(direct[i].lasso.stem, m.labels))
          << refine::progress_name(symmetric[i].property);
    }
    if (HasFailure()) {
      ADD_FAILURE() << "round " << round << ": a lasso is wrong";
      return;
    }
    failing += expected.find("fails") != std::string::npos;
    group_needed += m.num_states > o.num_states;
  }
  // Not vacuous: many inputs are decided, with both verdicts, and most
  // expansions are larger than their orbit LTS.
  if (rounds() >= 1000) {
    EXPECT_GE(decided * 3, rounds());
    EXPECT_GE(failing * 5, decided);
    EXPECT_GE((decided - failing) * 20, decided);
    EXPECT_GE(group_needed * 2, decided);
  }
}

// Two threads, both pending in representative 2, where thread 1's step
// leads to the mirror image of 2 (the permutation swaps the threads). In
// M~: (id,2) -step(1)-> (swap,2) -step(2)-> (id,2): a cycle without
// returns (not lock-free), on which both pending threads step (fair: not
// deadlock-free), and each thread, pending for ever, steps for ever (not
// wait-free, not starvation-free, for both threads). No thread runs alone
// for ever: after a step of thread 1 the only step is thread 2's, so
// obstruction-freedom holds. A checker that ignores the group of the cycle
// sees only thread 1 step and calls the cycle unfair.
TEST(SymmetricProgress, MirroredLivelockByHand) {
  const ThreadPermutations group(2);
  const PermutationId swap = group.find({1, 0});
  OrbitLts o;
  o.num_states = 3;
  const lts::LabelId call1 = o.labels.intern("call(1,m)"), call2 = o.labels.intern("call(2,m)");
  const lts::LabelId step1 = o.labels.intern("step(1)");
  o.transitions = {{0, call1, 1, ThreadPermutations::identity},
                   {0, call2, 1, swap},
                   {1, call2, 2, ThreadPermutations::identity},
                   {2, step1, 2, swap}};
  o.label_image = lts::label_images(o.labels, group, rename);
  const std::vector<refine::ProgressVerdict> v = refine::check_symmetric_progress(o, all).verdicts;
  ASSERT_EQ(v.size(), 5u);
  EXPECT_FALSE(v[0].holds);  // lock-free
  EXPECT_FALSE(v[1].holds);  // wait-free
  EXPECT_EQ(v[1].failing, 3u);
  EXPECT_TRUE(v[2].holds);   // obstruction-free
  EXPECT_FALSE(v[3].holds);  // deadlock-free
  EXPECT_FALSE(v[4].holds);  // starvation-free
  EXPECT_EQ(v[4].failing, 3u);
  EXPECT_EQ(symmetric_verdicts(o, 2), direct_verdicts(expansion(o, group)));
  // The fair lasso alternates the threads: call(1) call(2), then for ever
  // step(1) step(2), through the mirror image and back.
  std::vector<std::string> stem, cycle;
  for (const lts::Transition& x : v[3].lasso.stem) stem.push_back(o.labels.name(x.label));
  for (const lts::Transition& x : v[3].lasso.cycle) cycle.push_back(o.labels.name(x.label));
  EXPECT_EQ(stem, (std::vector<std::string>{"call(1,m)", "call(2,m)"}));
  EXPECT_EQ(cycle, (std::vector<std::string>{"step(1)", "step(2)"}));
}

TEST(SymmetricProgress, RefusesInputsWithoutThreadAttribution) {
  const ThreadPermutations group(2);
  OrbitLts o;
  o.num_states = 2;
  o.transitions = {{0, o.labels.intern("call(1,m)"), 1, 0}, {1, lts::tau, 1, 0}};
  o.label_image = lts::label_images(o.labels, group, rename);
  EXPECT_THROW(refine::check_symmetric_progress(o, all), refine::ProgressInputError);  // an untagged step
  o.transitions.back().label = o.labels.intern("step(2)");
  o.label_image = lts::label_images(o.labels, group, rename);
  EXPECT_THROW(refine::check_symmetric_progress(o, all), refine::ProgressInputError);  // thread 2 is not pending
}

}  // namespace
}  // namespace symmetric_progress_test
