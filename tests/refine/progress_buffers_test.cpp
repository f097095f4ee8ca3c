// Progress properties under store buffers (gen --memory tso|pso
// --thread-steps; docs/progress.md, "Store buffers"): the direct route
// against the brute-force twin (progress_reference.*) on random LTSs with
// step(T,store) and step(T,flush) labels, with memory fairness and without
// it; the refusals of inconsistent buffers; the quotient route's refusal;
// and small models under sc, tso and pso whose verdicts are argued.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "frontend/compile.hpp"
#include "frontend/explore/explorer.hpp"
#include "refine/progress/progress.hpp"
#include "refine/progress/progress_quotients.hpp"
#include "refine/progress/thread_steps.hpp"
#include "tests/refine/edge_list.hpp"
#include "tests/refine/progress_reference.hpp"
#include "tests/support/random_litmus.hpp"
#include "tests/support/random_model.hpp"

namespace progress_buffers_test {

using refine::Progress;
using refine_test::ThreadLts;

std::uint64_t rounds() {
  if (const char* env = std::getenv("BB_PROGRESS_ROUNDS")) return std::strtoull(env, nullptr, 10);
  return 1000;
}

const std::vector<Progress> all(std::begin(refine::all_progress), std::end(refine::all_progress));

std::uint32_t by_number(const refine::ThreadedLts& t, refine::ThreadMask mask) {
  std::uint32_t m = 0;
  for (std::size_t b = 0; b < t.threads.size(); ++b)
    if (mask >> b & 1) m |= 1u << (t.threads[b] - 1);
  return m;
}

// The direct route with memory fairness on or off (off: the test hook of
// ThreadedLts; the tools always have it on).
refine::ProgressResult check(const ThreadLts& t, bool memory_fairness) {
  refine::ProgressResult r{refine::attribute_progress_input(t.lts, all), {}};
  r.threads.memory_fairness = memory_fairness;
  refine::ProgressChecker checker(t.lts, r.threads);
  for (const Progress p : all) r.verdicts.push_back(checker.check(p));
  return r;
}

void expect_real_lasso(const ThreadLts& t, const refine::ProgressResult& r, const refine::ProgressVerdict& v) {
  const std::set<lts::Transition> edges(t.lts.transitions.begin(), t.lts.transitions.end());
  lts::StateId at = t.lts.initial;
  for (const lts::Transition& x : v.lasso.stem) {
    ASSERT_EQ(x.from, at);
    ASSERT_TRUE(edges.count(x));
    at = x.to;
  }
  ASSERT_FALSE(v.lasso.cycle.empty());
  const lts::StateId entry = at;
  for (const lts::Transition& x : v.lasso.cycle) {
    ASSERT_EQ(x.from, at);
    ASSERT_TRUE(edges.count(x));
    at = x.to;
  }
  ASSERT_EQ(at, entry);
  const refine_test::CycleFacts f = refine_test::facts_of(t, v.lasso.cycle);
  // The lasso's cycle violates the property, and with memory fairness it
  // flushes every buffer that is not empty on it.
  EXPECT_TRUE(refine_test::violates(static_cast<int>(v.property), f, t.threads, v.lasso.thread))
      << refine::progress_name(v.property);
  if (t.memory_fairness) {
    EXPECT_EQ(f.buffered & ~f.flushes, 0u);
  }
  EXPECT_EQ(by_number(r.threads, v.lasso.stepping), f.steps);
  EXPECT_EQ(by_number(r.threads, v.lasso.pending_forever), f.always_pending);
}

TEST(ProgressBuffers, RandomAgainstBruteForce) {
  std::mt19937_64 rng(56);
  const std::uint64_t n = rounds();
  std::vector<std::uint64_t> failures(5, 0), rescued(5, 0);
  std::uint64_t buffered = 0;
  for (std::uint64_t round = 0; round < n; ++round) {
    ThreadLts t = refine_test::random_buffered_thread_lts(rng);
    if (!refine::has_thread_steps(t.lts)) continue;
    if (refine::classify(t.lts).has_buffers) ++buffered;
    for (const bool fairness : {true, false}) {
      t.memory_fairness = fairness;
      const refine::ProgressResult r = check(t, fairness);
      // The derived buffers are those of the construction.
      if (r.threads.has_buffers)
        for (lts::StateId s = 0; s < t.lts.num_states; ++s)
          if (r.threads.reachable[s]) {
            ASSERT_EQ(by_number(r.threads, r.threads.buffered[s]), t.buffered[s]);
          }
      const std::vector<bool> expected = refine_test::reference_verdicts(t);
      const std::vector<std::vector<bool>> violating = refine_test::violating_states(t);
      for (int p = 0; p < 5; ++p) {
        const refine::ProgressVerdict& v = r.verdicts[p];
        ASSERT_EQ(v.holds, expected[p]) << "round " << round << " memory fairness " << fairness << ": "
                                        << refine::progress_name(v.property);
        if (v.holds) continue;
        if (fairness) ++failures[p];
        expect_real_lasso(t, r, v);
        const auto visible = std::count_if(v.lasso.stem.begin(), v.lasso.stem.end(), [&](const lts::Transition& x) {
          return !t.lts.labels.name(x.label).starts_with("step(");
        });
        EXPECT_EQ(visible, refine_test::fewest_visible(t, violating[p])) << "round " << round;
        if (testing::Test::HasFatalFailure()) FAIL() << "round " << round;
      }
      if (!fairness) {
        t.memory_fairness = true;
        const std::vector<bool> fair = refine_test::reference_verdicts(t);
        for (int p = 0; p < 5; ++p)
          if (fair[p] && !expected[p]) ++rescued[p];
        // Memory fairness only removes runs: it never makes a property fail.
        for (int p = 0; p < 5; ++p) EXPECT_TRUE(fair[p] || !expected[p]) << "round " << round;
      }
    }
  }
  EXPECT_GT(buffered, n / 2);
  for (int p = 0; p < 5; ++p) {
    const std::string name(refine::progress_name(refine::all_progress[p]));
    EXPECT_GT(failures[p], n / 50) << name;
    EXPECT_LT(failures[p], n - n / 50) << name;
    // Memory fairness decides some verdicts: the unfair runs it excludes exist.
    EXPECT_GT(rescued[p], n / 200) << name;
  }
}

using refine_tests::lts_of;

std::string refusal(const lts::Lts& l) {
  try {
    refine::check_progress(l, all);
  } catch (const refine::ProgressInputError& e) {
    return e.what();
  }
  return "accepted";
}

// The spin of a waiter on a release that sits in the releaser's buffer,
// as the test-and-set lock (models/tas_counter.conc) has it under tso:
// thread 1 calls, buffers its release (1 -> 2) and returns (2 -> 3) with
// the store still in its buffer; thread 2 calls (3 -> 4) and spins
// (step(2) self-loop in 4) until the flush (4 -> 5) lets it return. The
// spin in 4 is a fair run of thread scheduling (thread 2, the only pending
// thread, steps for ever) without returns, but the release never reaches
// memory in it: thread 1's buffer is non-empty in 4 and the cycle has no
// flush. With memory fairness every property holds (the spin is not a run
// of the hardware, and there is no other cycle: 6 is terminal); without it
// lock-, wait-, obstruction-, deadlock- and starvation-freedom all fail on
// that spin.
TEST(ProgressBuffers, ReleaseInTheBufferIsFlushedEventually) {
  const lts::Lts l = lts_of({{0, "call(1,inc)", 1},
                             {1, "step(1,store)", 2},
                             {2, "ret(1,inc,0)", 3},
                             {3, "call(2,inc)", 4},
                             {4, "step(2)", 4},
                             {4, "step(1,flush)", 5},
                             {5, "ret(2,inc,0)", 6}});
  const refine::ProgressResult fair = refine::check_progress(l, all);
  for (const refine::ProgressVerdict& v : fair.verdicts) EXPECT_TRUE(v.holds) << refine::progress_name(v.property);
  ThreadLts t;
  t.lts = l;
  t.threads = 2;
  const refine::ProgressResult unfair = check(t, false);
  for (const refine::ProgressVerdict& v : unfair.verdicts) {
    EXPECT_FALSE(v.holds) << refine::progress_name(v.property);
    lts::LabelId spin = 0;
    ASSERT_TRUE(l.labels.find("step(2)", spin));
    EXPECT_EQ(v.lasso.cycle, (std::vector<lts::Transition>{{4, spin, 4}}));
  }
  // A flush on the cycle makes the spin memory-fair: 4 -flush-> 5 -store-> 4
  // (thread 2's own wait is replaced by a loop of thread 1's stores and
  // flushes while thread 2 spins), and then every property fails again.
  const lts::Lts l2 = lts_of({{0, "call(1,inc)", 1},
                              {1, "step(1,store)", 2},
                              {2, "call(2,inc)", 4},
                              {4, "step(2)", 4},
                              {4, "step(1,flush)", 5},
                              {5, "step(1,store)", 4}});
  const refine::ProgressResult r2 = refine::check_progress(l2, all);
  for (const refine::ProgressVerdict& v : r2.verdicts) EXPECT_FALSE(v.holds) << refine::progress_name(v.property);
  // Deadlock-freedom's fair cycle passes the flush.
  const auto& cycle = r2.verdicts[3].lasso.cycle;
  EXPECT_TRUE(std::any_of(cycle.begin(), cycle.end(), [&](const lts::Transition& x) {
    return l2.labels.name(x.label) == "step(1,flush)";
  }));
}

TEST(ProgressBuffers, RefusesInconsistentBuffers) {
  // A flush with an empty buffer.
  EXPECT_EQ(refusal(lts_of({{0, "call(1,m)", 1}, {1, "step(1,flush)", 2}})),
            "inconsistent store buffers: step(1,flush) from state 1, where the store buffer of thread 1 is empty "
            "(every store before it, step(1,store), has been flushed)");
  // Two occupancies of one state.
  EXPECT_EQ(refusal(lts_of({{0, "call(1,m)", 1}, {1, "step(1,store)", 2}, {1, "step(1)", 2}})),
            "inconsistent store buffers: state 2 is reached with 1 and with 0 pending stores of thread 1");
  // A buffered store is a step of the call: it needs a pending call. A
  // flush does not.
  EXPECT_EQ(refusal(lts_of({{0, "call(1,m)", 1}, {1, "ret(1,m)", 2}, {2, "step(1,store)", 3}})),
            "inconsistent pending calls: step(1,store) from state 2, where thread 1 has no pending call");
  EXPECT_EQ(refusal(lts_of({{0, "call(1,m)", 1},
                            {1, "step(1,store,2)", 2},
                            {2, "ret(1,m)", 3},
                            {3, "step(1,flush)", 4},
                            {4, "step(1,flush)", 5}})),
            "accepted");
  // Labels that read as buffer labels and are none.
  for (const char* bad : {"step(1,flsh)", "step(1,store,1)", "step(1,store,0)", "step(1,store,x)", "step(0,flush)"})
    EXPECT_NE(refusal(lts_of({{0, "call(1,m)", 1}, {1, bad, 2}})).find("is not a step label"), std::string::npos)
        << bad;
}

TEST(ProgressBuffers, QuotientRouteRefusesBuffers) {
  const lts::Lts l = lts_of({{0, "call(1,m)", 1}, {1, "step(1,store)", 2}, {2, "step(1,flush)", 1}});
  try {
    refine::check_progress_on_quotients(l, all);
    FAIL() << "accepted";
  } catch (const refine::ProgressInputError& e) {
    EXPECT_NE(std::string(e.what()).find("use the direct route"), std::string::npos) << e.what();
  }
}

}  // namespace progress_buffers_test

namespace progress_buffers_models {

using refine::Progress;

// The model's LTS as gen --thread-steps --memory M writes it (without the
// reduction, which is off under buffers anyway but for merged states).
lts::Lts explore(const std::string& model, const std::string& object, frontend::Memory memory, long ops,
                 int buffer = 2) {
  frontend::CompileOptions o;
  o.object = object;
  o.ops = ops;
  o.memory = memory;
  o.buffer = buffer;
  const frontend::Program p = frontend::load_model(std::string(BB_MODELS) + "/" + model, o);
  frontend::ExploreOptions e;
  e.thread_steps = true;
  return frontend::explore(p, e);
}

std::vector<bool> verdicts(const lts::Lts& l, bool memory_fairness) {
  const std::vector<Progress> all(std::begin(refine::all_progress), std::end(refine::all_progress));
  refine::ThreadedLts t = refine::attribute_progress_input(l, all);
  t.memory_fairness = memory_fairness;
  refine::ProgressChecker checker(l, t);
  std::vector<bool> holds;
  for (const Progress p : all) holds.push_back(checker.check(p).holds);
  return holds;
}

// The test-and-set lock of models/tas_counter.conc (argued there under
// sc) under tso, 2 threads, operations for ever: the release `flag :=
// false` is a plain store, so it waits in the holder's buffer after the
// holder returns. Deadlock-free with memory fairness, as under sc: the
// release reaches memory, the next cas wins. Without memory fairness it is
// not: thread 1 returns with the release in its buffer and never calls
// again, thread 2 spins on its failing cas for ever, the only pending
// thread steps for ever (a fair schedule) and nothing returns; memory
// fairness excludes exactly that run (thread 1's buffer is not empty on
// the cycle and never flushed), which the hardware does not have (x86-TSO:
// a buffered store eventually reaches memory). The other verdicts are
// those under sc: lock-, wait-, obstruction- and starvation-freedom fail.
TEST(ProgressBuffersModels, SpinLockIsDeadlockFreeUnderTsoOnlyWithMemoryFairness) {
  const lts::Lts sc = explore("tas_counter.conc", "", frontend::Memory::sc, -1);
  const std::vector<bool> expected{false, false, false, true, false};
  EXPECT_EQ(verdicts(sc, true), expected);
  for (const frontend::Memory m : {frontend::Memory::tso, frontend::Memory::pso}) {
    const lts::Lts weak = explore("tas_counter.conc", "", m, -1);
    EXPECT_EQ(verdicts(weak, true), expected);
    EXPECT_EQ(verdicts(weak, false), (std::vector<bool>{false, false, false, false, false}));
  }
}

// Treiber's stack with a capacity (models/treiber_bounded.conc), 2 threads,
// operations for ever: lock-free under sc, tso and pso. Its only
// publishing store is a cas, which drains the buffer, so a failed cas
// still means that another thread's cas succeeded; a pop's or push's
// buffered stores are only into its own new node before the cas. Not
// wait-free (a cas may fail for ever), obstruction- and deadlock-free, not
// starvation-free, as under sc (docs/progress.md).
TEST(ProgressBuffersModels, TreiberStackIsLockFreeUnderBuffers) {
  const std::vector<bool> expected{true, false, true, true, false};
  for (const frontend::Memory m : {frontend::Memory::sc, frontend::Memory::tso, frontend::Memory::pso})
    EXPECT_EQ(verdicts(explore("treiber_bounded.conc", "", m, -1), true), expected);
}

// models/peterson_busy.conc (argued there): deadlock- and starvation-free
// under sc, neither under tso without the fence (both threads enter and one
// waits for ever), both again under tso with the fence, neither under pso.
TEST(ProgressBuffersModels, PetersonBusyDiffersBetweenScAndTso) {
  const std::vector<bool> lock{false, false, false, true, true}, none{false, false, false, false, false};
  EXPECT_EQ(verdicts(explore("peterson_busy.conc", "PetersonBusy", frontend::Memory::sc, -1), true), lock);
  EXPECT_EQ(verdicts(explore("peterson_busy.conc", "PetersonBusy", frontend::Memory::tso, -1, 4), true), none);
  EXPECT_EQ(verdicts(explore("peterson_busy.conc", "PetersonBusyFenced", frontend::Memory::tso, -1, 4), true), lock);
  EXPECT_EQ(verdicts(explore("peterson_busy.conc", "PetersonBusyFenced", frontend::Memory::pso, -1, 4), true), none);
}

}  // namespace progress_buffers_models

namespace progress_buffers_random_models {

using refine::Progress;

// gen's own LTSs: random models and litmus tests (tests/support/) under tso
// and pso, 2 threads, 2 operations each and for ever, explored with
// --thread-steps. refines must accept every one of them: the labels of
// stores and flushes give consistent buffers (no flush of a buffer empty by
// refines' count, no state with two occupancies, no store without a
// pending call); and memory fairness only ever turns a failing verdict
// into a holding one.
TEST(ProgressBuffersModels, RandomModelsGiveConsistentBuffers) {
  const char* env = std::getenv("BB_PROGRESS_ROUNDS");
  const std::uint64_t seeds = env ? std::max<std::uint64_t>(1, std::strtoull(env, nullptr, 10) / 10) : 60;
  const std::vector<Progress> all(std::begin(refine::all_progress), std::end(refine::all_progress));
  std::uint64_t checked = 0, with_buffers = 0, rescued = 0;
  for (std::uint64_t seed = 0; seed < seeds; ++seed)
    for (const bool litmus : {false, true})
      for (const frontend::Memory m : {frontend::Memory::tso, frontend::Memory::pso})
        for (const long ops : {2L, -1L}) {
          const std::string text = litmus ? testing_support::random_litmus(seed) : testing_support::random_model(seed);
          frontend::CompileOptions o;
          o.ops = ops;
          o.memory = m;
          o.buffer = 3;
          o.reset_dead_locals = true;
          lts::Lts l;
          try {
            const frontend::Program p = frontend::load_model_text("r.conc", text, o);
            frontend::ExploreOptions e;
            e.thread_steps = true;
            e.reduce = true;
            e.max_states = 20000;
            l = frontend::explore(p, e);
          } catch (const std::exception&) {
            continue;  // a fault (a full buffer among them), the state bound, a model refused under buffers
          }
          if (!refine::has_thread_steps(l)) continue;
          refine::ThreadedLts t;
          ASSERT_NO_THROW(t = refine::attribute_progress_input(l, all)) << "seed " << seed << "\n" << text;
          ++checked;
          if (t.has_buffers) ++with_buffers;
          refine::ProgressChecker fair(l, t);
          refine::ThreadedLts u = t;
          u.memory_fairness = false;
          refine::ProgressChecker unfair(l, u);
          for (const Progress p : all) {
            const bool holds = fair.check(p, ~refine::ThreadMask{0}, false).holds;
            const bool holds_unfair = unfair.check(p, ~refine::ThreadMask{0}, false).holds;
            EXPECT_TRUE(holds || !holds_unfair) << "seed " << seed << " " << refine::progress_name(p);
            if (holds && !holds_unfair) ++rescued;
          }
        }
  EXPECT_GT(checked, seeds);
  EXPECT_GT(with_buffers, checked / 5);
  RecordProperty("rescued", static_cast<int>(rescued));
}

}  // namespace progress_buffers_random_models
