// The linearizability verdict of the pipeline (gen's default route, the
// divbranching quotient, trace inclusion in the --spec LTS: the seed
// paper's Theorem 3.5) against the definition checked history by history
// (herlihy_wing.hpp) on the full LTS, for random models. The two share the
// interpreter and nothing after it: neither the reduction, nor quotient,
// nor refines' subset construction and antichains.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <optional>
#include <string>

#include "bisim/quotient.hpp"
#include "formats/diagnostic.hpp"
#include "frontend/checker.hpp"
#include "frontend/explorer.hpp"
#include "refine/trace_inclusion.hpp"
#include "tests/frontend/herlihy_wing.hpp"
#include "tests/frontend/random_runs.hpp"
#include "tests/support/random_model.hpp"

namespace frontend::test {
namespace {

constexpr std::size_t max_histories = 20000;

lts::Lts generate_text(const std::string& text, int threads, long ops, bool spec, bool reduce) {
  CompileOptions c;
  c.threads = threads;
  c.ops = ops;
  c.spec = spec;
  c.reset_dead_locals = reduce;
  ExploreOptions e;
  e.reduce = reduce;
  e.max_states = 200000;
  return explore(load_model_text("random.conc", text, c), e);
}

// What `gen | quotient -e divbranching | refines - SPEC` answers.
bool pipeline_verdict(const std::string& text, int threads, long ops) {
  const lts::Lts impl =
      bisim::minimise(generate_text(text, threads, ops, false, true), bisim::Equivalence::divbranching).quotient;
  const lts::Lts spec = generate_text(text, threads, ops, true, true);
  return refine::check_trace_inclusion(impl, spec).holds;
}

// Every maximal history of the full LTS linearizable; nullopt when the
// model faults, exceeds the bounds or has too many histories.
std::optional<bool> reference_verdict(const std::string& text, int threads, long ops, std::string& witness) {
  try {
    const lts::Lts spec = generate_text(text, threads, ops, true, false);
    const auto histories = maximal_histories(generate_text(text, threads, ops, false, false), max_histories);
    if (!histories) return std::nullopt;
    const SequentialSpec sequential(spec);
    for (const auto& h : *histories)
      if (!sequential.linearizable(h)) {
        witness = fmt::format("{}", fmt::join(h, " "));
        return false;
      }
    return true;
  } catch (const formats::ParseError&) {
    return std::nullopt;  // a run-time fault, or a state bound
  } catch (const StateLimit&) {
    return std::nullopt;
  }
}

struct Tally {
  int linearizable = 0, not_linearizable = 0, skipped = 0;
};

void compare(std::uint64_t seed, int threads, long ops, Tally& tally) {
  testing_support::RandomModelOptions options;
  options.max_statements = 5;  // longer bodies: more of them are not linearizable
  const std::string text = testing_support::random_model(seed, options);
  std::string witness;
  const std::optional<bool> reference = reference_verdict(text, threads, ops, witness);
  if (!reference) {
    ++tally.skipped;
    return;
  }
  ++(*reference ? tally.linearizable : tally.not_linearizable);
  EXPECT_EQ(pipeline_verdict(text, threads, ops), *reference)
      << "seed " << seed << " at " << threads << "x" << ops << ": the definition says "
      << (*reference ? "linearizable" : "not linearizable, e.g. " + witness) << "\n"
      << text;
}

class LinearizabilityReference : public testing::TestWithParam<std::pair<int, long>> {};

// About 6 % of the random models are not linearizable (58-65 of the first
// 1,000 per configuration): the guards keep the comparison from passing on
// one kind alone.
TEST_P(LinearizabilityReference, PipelineAgreesWithTheDefinition) {
  const auto [threads, ops] = GetParam();
  const SeedRange range = seed_range();
  Tally tally;
  for (std::uint64_t seed = range.first; seed < range.first + range.count; ++seed) {
    compare(seed, threads, ops, tally);
    if (HasFailure()) return;
  }
  std::cout << fmt::format("{}x{}: {} linearizable, {} not, {} skipped\n", threads, ops, tally.linearizable,
                           tally.not_linearizable, tally.skipped);
  if (range.count < 100) return;  // a reproduction of a few seeds
  EXPECT_GE(tally.linearizable, static_cast<int>(range.count / 2));
  EXPECT_GE(tally.not_linearizable, static_cast<int>(range.count / 25));
  EXPECT_LE(tally.skipped, static_cast<int>(range.count / 2));
}

INSTANTIATE_TEST_SUITE_P(Configurations, LinearizabilityReference,
                         testing::Values(std::pair{2, 1L}, std::pair{2, 2L}, std::pair{3, 1L}),
                         [](const auto& info) { return fmt::format("t{}x{}", info.param.first, info.param.second); });

}  // namespace
}  // namespace frontend::test
