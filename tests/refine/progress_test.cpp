// refine/progress.*: the SCC route against the brute-force twin
// (progress_reference.*) on random thread-attributed LTSs (1,000 in CI,
// BB_PROGRESS_ROUNDS=100000 for more), every lasso replayed; the routes
// through divbranching quotients agree; bad inputs are refused.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "bisim/quotient.hpp"
#include "refine/lock_freedom.hpp"
#include "refine/progress.hpp"
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

// `l` with the labels `hidden` accepts turned into tau.
template <typename Hidden>
lts::Lts hide(const lts::Lts& l, Hidden hidden) {
  lts::Lts h = l;
  for (lts::Transition& x : h.transitions)
    if (hidden(l.labels.name(x.label))) x.label = lts::tau;
  return h;
}

bool is_step(const std::string& name) { return name.starts_with("step("); }

TEST(Progress, RandomAgainstBruteForce) {
  std::mt19937_64 rng(24);
  const std::uint64_t n = rounds();
  std::vector<std::uint64_t> failures(5, 0);
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
    // Seed paper, Section 4: lock-freedom is a tau-cycle once every step is
    // hidden, on the LTS and on its divbranching quotient alike; and
    // obstruction-freedom of T is a tau-cycle once T's steps alone are hidden.
    const lts::Lts all_hidden = hide(t.lts, is_step);
    const lts::Lts q = bisim::minimise(all_hidden, bisim::Equivalence::divbranching).quotient;
    EXPECT_EQ(refine::find_tau_lasso(all_hidden).found, !expected[0]);
    EXPECT_EQ(refine::find_tau_lasso(q).found, !expected[0]);
    bool alone = false;
    for (unsigned thread = 1; thread <= t.threads; ++thread) {
      const std::string mine = "step(" + std::to_string(thread) + ")";
      const lts::Lts h = hide(t.lts, [&](const std::string& name) { return name == mine; });
      alone = alone || refine::find_tau_lasso(bisim::minimise(h, bisim::Equivalence::divbranching).quotient).found;
    }
    EXPECT_EQ(alone, !expected[2]);
  }
  // The sample exercises every verdict both ways.
  for (int p = 0; p < 5; ++p) {
    EXPECT_GT(failures[p], n / 50) << refine::progress_name(refine::all_progress[p]);
    EXPECT_LT(failures[p], n - n / 50) << refine::progress_name(refine::all_progress[p]);
  }
}

lts::Lts lts_of(std::initializer_list<std::tuple<lts::StateId, const char*, lts::StateId>> edges) {
  lts::Lts l;
  for (const auto& [from, label, to] : edges) {
    l.transitions.push_back({from, std::string(label) == "i" ? lts::tau : l.labels.intern(label), to});
    l.num_states = std::max({l.num_states, from + 1, to + 1});
  }
  return l;
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
  EXPECT_THROW(refine::parse_progress_list("lock-free,fast"), std::invalid_argument);
  EXPECT_EQ(refine::parse_progress_list("all").size(), 5u);
  EXPECT_EQ(refine::parse_progress_list("wait-free,lock-free,wait-free"),
            (std::vector{Progress::wait_free, Progress::lock_free}));
}

}  // namespace
