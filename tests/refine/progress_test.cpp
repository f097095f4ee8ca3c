// refine/progress/progress.*: the SCC route against the brute-force twin
// (progress_reference.*) on random thread-attributed LTSs (1,000 in CI,
// BB_PROGRESS_ROUNDS=100000 for more), every lasso replayed; the quotient
// route (progress_quotients.*) gives the same verdicts and lassos, falling
// back to the input where a quotient's pending sets are inconsistent; bad
// inputs are refused.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "refine/progress/progress.hpp"
#include "refine/progress/progress_quotients.hpp"
#include "refine/progress/thread_steps.hpp"
#include "tests/refine/edge_list.hpp"
#include "tests/refine/progress_reference.hpp"

namespace {

using refine::Progress;
using refine_test::ThreadLts;

std::uint64_t rounds() {
  if (const char* env = std::getenv("BB_PROGRESS_ROUNDS")) return std::strtoull(env, nullptr, 10);
  return 1000;
}

// The thread numbers of a mask of the checker, as a mask with bit T-1.
std::uint32_t by_number(const refine::ThreadedLts& t, refine::ThreadMask mask) {
  std::uint32_t m = 0;
  for (std::size_t b = 0; b < t.threads.size(); ++b)
    if (mask >> b & 1) m |= 1u << (t.threads[b] - 1);
  return m;
}

// The lasso is a real path: a stem from the initial state, a non-empty
// cycle back to the stem's end, every step a transition of the LTS; its
// cycle violates the property, and its reported facts are the cycle's.
void expect_real_lasso(const ThreadLts& t, const refine::ProgressResult& r, const refine::ProgressVerdict& v) {
  const std::set<lts::Transition> all(t.lts.transitions.begin(), t.lts.transitions.end());
  lts::StateId at = t.lts.initial;
  for (const lts::Transition& x : v.lasso.stem) {
    ASSERT_EQ(x.from, at);
    ASSERT_TRUE(all.count(x));
    at = x.to;
  }
  ASSERT_FALSE(v.lasso.cycle.empty());
  const lts::StateId entry = at;
  for (const lts::Transition& x : v.lasso.cycle) {
    ASSERT_EQ(x.from, at);
    ASSERT_TRUE(all.count(x));
    at = x.to;
  }
  ASSERT_EQ(at, entry);
  const refine_test::CycleFacts f = refine_test::facts_of(t, v.lasso.cycle);
  const int index = static_cast<int>(v.property);
  EXPECT_TRUE(refine_test::violates(index, f, t.threads, v.lasso.thread)) << refine::progress_name(v.property);
  EXPECT_EQ(by_number(r.threads, v.lasso.stepping), f.steps);
  EXPECT_EQ(by_number(r.threads, v.lasso.pending_forever), f.always_pending);
}

TEST(Progress, RandomAgainstBruteForce) {
  std::mt19937_64 rng(24);
  const std::uint64_t n = rounds();
  std::vector<std::uint64_t> failures(5, 0), fallbacks(5, 0), failures_on_quotients(5, 0);
  for (std::uint64_t round = 0; round < n; ++round) {
    const ThreadLts t = refine_test::random_thread_lts(rng);
    if (!refine::has_thread_steps(t.lts)) continue;
    const refine::ProgressResult r =
        refine::check_progress(t.lts, {std::begin(refine::all_progress), std::end(refine::all_progress)});
    const std::vector<bool> expected = refine_test::reference_verdicts(t);
    const std::vector<std::vector<bool>> violating = refine_test::violating_states(t);
    for (int p = 0; p < 5; ++p) {
      const refine::ProgressVerdict& v = r.verdicts[p];
      ASSERT_EQ(v.holds, expected[p]) << "round " << round << ": " << refine::progress_name(v.property);
      if (!v.holds) {
        ++failures[p];
        expect_real_lasso(t, r, v);
        // The stem has the fewest calls and returns among paths to a state
        // on a violating cycle.
        const auto visible = std::count_if(v.lasso.stem.begin(), v.lasso.stem.end(), [&](const lts::Transition& x) {
          return !t.lts.labels.name(x.label).starts_with("step(");
        });
        EXPECT_EQ(visible, refine_test::fewest_visible(t, violating[p])) << "round " << round;
        if (testing::Test::HasFatalFailure()) FAIL() << "round " << round;
      }
    }
    // The quotient route: the same verdicts, the same lassos (they come
    // from the direct route), a fallback only where a check reads pending sets.
    const refine::ProgressOnQuotients q =
        refine::check_progress_on_quotients(t.lts, {std::begin(refine::all_progress), std::end(refine::all_progress)});
    for (int p = 0; p < 5; ++p) {
      const refine::ProgressVerdict& v = q.result.verdicts[p];
      ASSERT_EQ(v.holds, expected[p]) << "round " << round << ": " << refine::progress_name(v.property) << " on "
                                      << v.checked_on;
      EXPECT_EQ(v.lasso.stem, r.verdicts[p].lasso.stem) << "round " << round;
      EXPECT_EQ(v.lasso.cycle, r.verdicts[p].lasso.cycle) << "round " << round;
      if (q.routes[p].fell_back) ++fallbacks[p];
      else if (!v.holds) ++failures_on_quotients[p];
    }
  }
  // Checks that read pending sets meet quotients that merge states with
  // different pending sets (a terminal state where a thread is pending, and
  // one where it is idle, say) and fall back; lock- and obstruction-freedom
  // never do. Without a fallback, the quotients decide failing properties too.
  for (int p = 0; p < 5; ++p) {
    const bool reads_pending = p == 1 || p == 3 || p == 4;
    if (reads_pending) EXPECT_GT(fallbacks[p], n / 50) << refine::progress_name(refine::all_progress[p]);
    else EXPECT_EQ(fallbacks[p], 0u) << refine::progress_name(refine::all_progress[p]);
    EXPECT_GT(failures_on_quotients[p], n / 50) << refine::progress_name(refine::all_progress[p]);
  }
  // The sample exercises every verdict both ways.
  for (int p = 0; p < 5; ++p) {
    EXPECT_GT(failures[p], n / 50) << refine::progress_name(refine::all_progress[p]);
    EXPECT_LT(failures[p], n - n / 50) << refine::progress_name(refine::all_progress[p]);
  }
}

using refine_tests::lts_of;

// A quotient that merges states with different pending sets. Thread 2
// calls (0 -> 1), then either steps on to 3 and spins there (step(2)
// self-loop, thread 1 idle), or thread 1 calls too (1 -> 2) and thread 2
// spins in 2 (thread 1 pending, never stepping). States 2 and 3 can do
// exactly the same (step(2) for ever), so the strong quotient merges them
// (0, 1, {2,3}: 3 states), and with only step(2) visible, or only step(1)
// (both then diverge silently), so do the divbranching quotients. The run
// 0 1 3 3 ... is fair (thread 2, the only pending thread, steps for ever)
// and never returns: the LTS is not deadlock-free. Had the merged class kept
// the pending set of 2, {1,2}, its only cycle would be unfair (thread 1
// pending and never stepping) and deadlock-freedom would wrongly hold;
// the pending sets derived on the quotient are inconsistent instead, and
// the check falls back to the input. Every property fails (thread 2 steps
// alone for ever in 3 without returning).
TEST(Progress, QuotientRouteFallsBackWhenPendingSetsMerge) {
  const lts::Lts l =
      lts_of({{0, "call(2,m)", 1}, {1, "step(2)", 3}, {3, "step(2)", 3}, {1, "call(1,m)", 2}, {2, "step(2)", 2}});
  const refine::ProgressOnQuotients q =
      refine::check_progress_on_quotients(l, {std::begin(refine::all_progress), std::end(refine::all_progress)});
  const refine::ProgressResult direct =
      refine::check_progress(l, {std::begin(refine::all_progress), std::end(refine::all_progress)});
  for (int p = 0; p < 5; ++p) {
    const refine::ProgressVerdict& v = q.result.verdicts[p];
    EXPECT_FALSE(v.holds) << refine::progress_name(v.property);
    EXPECT_EQ(v.lasso.stem, direct.verdicts[p].lasso.stem);
    EXPECT_EQ(v.lasso.cycle, direct.verdicts[p].lasso.cycle);
    const bool reads_pending = p == 1 || p == 3 || p == 4;
    EXPECT_EQ(q.routes[p].fell_back, reads_pending) << refine::progress_name(v.property);
  }
  const refine::QuotientRoute& deadlock = q.routes[3];
  ASSERT_EQ(deadlock.quotients.size(), 1u);
  EXPECT_EQ(deadlock.quotients[0].name, "the strong quotient");
  EXPECT_EQ(deadlock.quotients[0].states, 3u);
  EXPECT_FALSE(deadlock.quotients[0].pending_consistent);
  EXPECT_NE(q.result.verdicts[3].checked_on.find("merges states with different pending calls, so on the input LTS"),
            std::string::npos)
      << q.result.verdicts[3].checked_on;
  // Wait-freedom: both threads' quotients merge 2 and 3.
  ASSERT_EQ(q.routes[1].quotients.size(), 2u);
  for (const refine::ReducedLts& r : q.routes[1].quotients) EXPECT_FALSE(r.pending_consistent) << r.name;
  // The lasso of deadlock-freedom is the fair run through 3.
  EXPECT_EQ(q.result.verdicts[3].lasso.cycle, (std::vector<lts::Transition>{{3, l.transitions[1].label, 3}}));
}

std::string error_of(const lts::Lts& l, std::vector<Progress> p = {Progress::wait_free}) {
  try {
    refine::check_progress(l, p);
  } catch (const refine::ProgressInputError& e) {
    return e.what();
  }
  return "";
}

TEST(Progress, RefusesInputsWithoutThreadAttribution) {
  EXPECT_NE(error_of(lts_of({{0, "call(1,m)", 1}, {1, "i", 1}})).find("gen --thread-steps"), std::string::npos);
  EXPECT_NE(error_of(lts_of({{0, "call(1,m)", 1}, {1, "i", 1}, {1, "step(1)", 1}})).find("untagged"),
            std::string::npos);
  EXPECT_NE(error_of(lts_of({{0, "call(1,m)", 1}, {1, "call(1,m)", 2}, {2, "step(1)", 2}})).find("already"),
            std::string::npos);
  EXPECT_NE(error_of(lts_of({{0, "call(1,m)", 1}, {1, "ret(2,m)", 2}, {1, "step(1)", 1}})).find("no pending"),
            std::string::npos);
  EXPECT_NE(error_of(lts_of({{0, "step(1)", 0}})).find("no reachable call"), std::string::npos);
  // State 2 is reached with {1} (by a step) and with {} (by a return).
  EXPECT_NE(error_of(lts_of({{0, "call(1,m)", 1}, {1, "step(1)", 2}, {1, "ret(1,m)", 2}})).find("reached with"),
            std::string::npos);
  EXPECT_NE(error_of(lts_of({{0, "call(1,m)", 1}, {1, "step(1)", 1}, {1, "tick", 1}})).find("tick"), std::string::npos);
  // A mistyped step label is named, with or without valid steps beside it,
  // and also by the check a plain LTS gets under lock-freedom.
  EXPECT_NE(error_of(lts_of({{0, "call(1,m)", 1}, {1, "step(0)", 1}})).find("label step(0) (from state 1)"),
            std::string::npos);
  EXPECT_NE(error_of(lts_of({{0, "call(1,m)", 1}, {1, "step(1)", 1}, {1, "step(x)", 1}})).find("step(x)"),
            std::string::npos);
  EXPECT_THROW(refine::refuse_malformed_steps(lts_of({{0, "call(1,m)", 1}, {1, "step(1", 1}}), {}),
               refine::ProgressInputError);
  EXPECT_NO_THROW(refine::refuse_malformed_steps(lts_of({{0, "call(1,m)", 1}, {1, "i", 1}, {2, "step(", 2}}), {}));
  // A blank before the parenthesis, or none at all, is still meant as a step; `steps` is not.
  for (const char* bad : {"step (1)", " step(1)", "step", "step\t(2)"})
    EXPECT_THROW(refine::refuse_malformed_steps(lts_of({{0, "call(1,m)", 1}, {1, bad, 1}}), {}),
                 refine::ProgressInputError)
        << bad;
  for (const char* fine : {"steps", "stepper(1)", "a step(1)"}) {
    EXPECT_FALSE(refine::looks_like_step(fine)) << fine;
    EXPECT_NO_THROW(refine::refuse_malformed_steps(lts_of({{0, "call(1,m)", 1}, {1, fine, 1}}), {})) << fine;
  }
  EXPECT_THROW(refine::parse_progress_list("lock-free,fast"), std::invalid_argument);
  const auto list_error = [](const char* list) {
    try {
      refine::parse_progress_list(list);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  for (const char* list : {"", ",", "lock-free,", ",wait-free", "lock-free,,wait-free"})
    EXPECT_NE(list_error(list).find("a name is missing"), std::string::npos) << list << ": " << list_error(list);
  for (const char* list : {"all,lock-free", "lock-free,all", "all,"})
    EXPECT_NE(list_error(list).find("'all' stands alone"), std::string::npos) << list << ": " << list_error(list);
  EXPECT_EQ(refine::parse_progress_list("all").size(), 5u);
  EXPECT_EQ(refine::parse_progress_list("wait-free,lock-free,wait-free"),
            (std::vector{Progress::wait_free, Progress::lock_free}));
}

}  // namespace
