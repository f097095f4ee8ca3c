// The random model generator (tests/support/random_model.hpp): the same seed
// gives the same text, the front end accepts every model, and the models
// are small yet varied (constructs, faults, blocking, divergence). The
// litmus generator (tests/support/random_litmus.hpp): the same seed gives
// the same text, and its indices vary (ReductionEquivalence explores them).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <string>

#include "formats/diagnostic.hpp"
#include "frontend/compile.hpp"
#include "tests/frontend/random_runs.hpp"
#include "tests/support/random_litmus.hpp"
#include "tests/support/random_model.hpp"

namespace frontend::test {
namespace {

using testing_support::random_model;

constexpr std::uint64_t seeds = 1000;

TEST(RandomModel, SameSeedSameText) {
  EXPECT_EQ(random_model(7), random_model(7));
  EXPECT_NE(random_model(7), random_model(8));
  EXPECT_NE(random_model(7).find("object R7"), std::string::npos);
}

TEST(RandomLitmus, SameSeedSameText) {
  using testing_support::random_litmus;
  EXPECT_EQ(random_litmus(7), random_litmus(7));
  EXPECT_NE(random_litmus(7), random_litmus(8));
  EXPECT_NE(random_litmus(7).find("object L7"), std::string::npos);
}

// Over 200 seeds every kind of index occurs, in reads and in writes:
// what makes a wrong footprint observable.
TEST(RandomLitmus, IndicesVary) {
  std::map<std::string, int> seen;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const std::string text = testing_support::random_litmus(seed);
    for (const char* i : {"[tid - 1]", "[tid % threads]", "[threads - tid]", "[a]", "A[r", "T[r", "wt[", "wa[", "P."}) {
      seen[i] += text.find(i) != std::string::npos;
    }
    seen["read"] += text.find("r0 := ") != std::string::npos;
    seen["write of a read value"] += text.find(":= 1 - r") != std::string::npos;
  }
  for (const auto& [what, models] : seen) EXPECT_GE(models, 10) << what;
}

// The first 1,000 seeds, or all the seeds the equivalence tests run.
TEST(RandomModel, FrontEndAcceptsEveryModel) {
  const SeedRange range = seed_range();
  const std::uint64_t first = range.count >= seeds ? range.first : 0, count = std::max(range.count, seeds);
  for (std::uint64_t seed = first; seed < first + count; ++seed) {
    const std::string text = random_model(seed);
    for (const auto& [threads, ops] : {std::pair{2, 2L}, std::pair{3, 1L}}) {
      CompileOptions c;
      c.threads = threads;
      c.ops = ops;
      try {
        load_model_text("random.conc", text, c);
      } catch (const formats::ParseError& e) {
        FAIL() << "seed " << seed << ": the checker rejects the model (a generator bug): " << e.what() << "\n" << text;
      }
    }
  }
}

bool has_tau_self_loop(const lts::Lts& l) {
  for (const lts::Transition& t : l.transitions)
    if (t.label == lts::tau && t.from == t.to) return true;
  return false;
}

// At 2 threads x 2 operations: few models are too big for the bound, some
// fault, some wait or diverge (a tau self-loop), and every construct occurs.
TEST(RandomModel, ModelsAreSmallAndVaried) {
  std::map<Outcome::Kind, int> kinds;
  int self_loops = 0;
  std::uint64_t states = 0;
  const std::map<std::string, std::string> constructs{{"cas", "cas("},
                                                      {"dcas", "dcas("},
                                                      {"ll", "ll("},
                                                      {"sc", "sc("},
                                                      {"vl", "vl("},
                                                      {"atomic", "atomic"},
                                                      {"lock", "lock(L"},
                                                      {"await", "await"},
                                                      {"new", "new N"},
                                                      {"field", ".next"},
                                                      {"choose", "choose("},
                                                      {"while", "while c"},
                                                      {"retry loop", "loop {"},
                                                      {"assert", "assert"},
                                                      {"divergence", "while true"},
                                                      {"parameter", "a: 0..1"},
                                                      {"thread variable", "thread h"},
                                                      {"free", "free("},
                                                      {"client", " when "},
                                                      {"array by a local", "ax[t"},
                                                      {"array by the thread", "ay[tid - 1]"},
                                                      {"pair", "cas(pr, "},
                                                      {"pair member", "pr.1"}};
  std::map<std::string, int> seen;
  for (std::uint64_t seed = 0; seed < seeds; ++seed) {
    const std::string text = random_model(seed);
    for (const auto& [name, needle] : constructs) seen[name] += text.find(needle) != std::string::npos;
    Outcome o = run_model(text, RunSetup{2, 2});
    ++kinds[o.kind];
    if (o.kind == Outcome::explored) {
      states += o.lts.num_states;
      self_loops += has_tau_self_loop(o.lts);
    }
  }
  std::cout << "2x2: " << kinds[Outcome::explored] << " explored (" << states / std::max(1, kinds[Outcome::explored])
            << " states on average), " << kinds[Outcome::faulted] << " faults, " << kinds[Outcome::too_big]
            << " too big, " << self_loops << " with a tau self-loop\n";
  EXPECT_LE(kinds[Outcome::too_big], static_cast<int>(seeds / 50));
  EXPECT_GE(kinds[Outcome::faulted], static_cast<int>(seeds / 100));
  EXPECT_LE(kinds[Outcome::faulted], static_cast<int>(seeds / 4));
  EXPECT_GE(self_loops, static_cast<int>(seeds / 50));
  for (const auto& [name, count] : seen) EXPECT_GE(count, static_cast<int>(seeds / 100)) << name;
}

}  // namespace
}  // namespace frontend::test
