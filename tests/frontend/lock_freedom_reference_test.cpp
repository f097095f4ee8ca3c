// The lock-freedom verdict of the pipeline (gen's default route, the
// divbranching quotient, refine::find_tau_lasso: the seed paper, Section 4
// and Theorem 4.4) against its definition on the full LTS, for random
// models: with finitely many calls per thread, an object is lock-free iff
// no reachable state can take internal steps for ever. The reference finds
// such a cycle by Kahn's topological sort of the reachable internal steps
// (a cycle is what is left), sharing nothing with the pipeline after the
// interpreter.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <vector>

#include "bisim/quotient.hpp"
#include "refine/progress/lock_freedom.hpp"
#include "tests/frontend/random_runs.hpp"
#include "tests/support/random_model.hpp"

namespace frontend::test {
namespace {

// Whether some reachable state of `l` has an infinite run of internal steps.
bool reachable_tau_cycle(const lts::Lts& l) {
  std::vector<std::vector<lts::StateId>> out(l.num_states), tau_out(l.num_states);
  for (const lts::Transition& t : l.transitions) {
    out[t.from].push_back(t.to);
    if (t.label == lts::tau) tau_out[t.from].push_back(t.to);
  }
  std::vector<bool> reached(l.num_states, false);
  std::vector<lts::StateId> order{l.initial};
  reached[l.initial] = true;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (lts::StateId to : out[order[i]])
      if (!reached[to]) reached[to] = true, order.push_back(to);
  // Kahn: remove, again and again, a reachable state that no internal step
  // of the states left enters. What stays lies on a cycle of internal steps
  // or after one.
  std::vector<std::size_t> in_degree(l.num_states, 0);
  for (lts::StateId s : order)
    for (lts::StateId to : tau_out[s]) ++in_degree[to];
  std::vector<lts::StateId> ready;
  for (lts::StateId s : order)
    if (in_degree[s] == 0) ready.push_back(s);
  std::size_t removed = 0;
  while (!ready.empty()) {
    const lts::StateId s = ready.back();
    ready.pop_back();
    ++removed;
    for (lts::StateId to : tau_out[s])
      if (--in_degree[to] == 0) ready.push_back(to);
  }
  return removed < order.size();
}

class LockFreedomReference : public testing::TestWithParam<std::pair<int, long>> {};

TEST_P(LockFreedomReference, PipelineAgreesWithTheDefinition) {
  const auto [threads, ops] = GetParam();
  const SeedRange range = seed_range();
  int lock_free = 0, not_lock_free = 0, skipped = 0;
  for (std::uint64_t seed = range.first; seed < range.first + range.count; ++seed) {
    const std::string text = testing_support::random_model(seed);
    RunSetup full{threads, ops}, reduced{threads, ops, true};
    full.max_states = reduced.max_states = 200000;
    reduced.dead_locals = true;  // gen's default route
    const Outcome reference_run = run_model(text, full);
    if (reference_run.kind != Outcome::explored) {
      ++skipped;  // a run-time fault, or too many states
      continue;
    }
    const bool reference = !reachable_tau_cycle(reference_run.lts);
    ++(reference ? lock_free : not_lock_free);
    const lts::Lts quotient = bisim::minimise(run_model(text, reduced).lts, bisim::Equivalence::divbranching).quotient;
    EXPECT_EQ(!refine::find_tau_lasso(quotient).found, reference)
        << "seed " << seed << " at " << threads << "x" << ops << ": the full LTS " << (reference ? "has no" : "has a")
        << " reachable cycle of internal steps\n"
        << text;
    if (HasFailure()) return;
  }
  std::cout << fmt::format("{}x{}: {} lock-free, {} not, {} skipped\n", threads, ops, lock_free, not_lock_free,
                           skipped);
  if (range.count < 100) return;  // a reproduction of a few seeds
  EXPECT_GE(lock_free, static_cast<int>(range.count / 2));
  EXPECT_GE(not_lock_free, static_cast<int>(range.count / 25));
  EXPECT_LE(skipped, static_cast<int>(range.count / 4));
}

INSTANTIATE_TEST_SUITE_P(Configurations, LockFreedomReference,
                         testing::Values(std::pair{2, 1L}, std::pair{2, 2L}, std::pair{3, 1L}),
                         [](const auto& info) { return fmt::format("t{}x{}", info.param.first, info.param.second); });

}  // namespace
}  // namespace frontend::test
