// The explorer beside a brute-force twin: depth-first search over raw state
// vectors in a std::map, garbage collection without renumbering nodes. The
// two LTSs must be strongly bisimilar (renumbering only merges isomorphic
// heaps) and the twin never has fewer states.
#include <map>

#include <gtest/gtest.h>

#include "frontend/compile.hpp"
#include "frontend/run/interpreter.hpp"
#include "lts/builder.hpp"
#include "tests/frontend/lts_checks.hpp"
#include "tests/frontend/support.hpp"

namespace frontend::test {
namespace {

lts::Lts brute_force(const Program& p) {
  lts::LtsBuilder builder;
  Labels labels(p, builder);
  Interpreter interpreter(p, labels, /*renumber=*/false);
  std::vector<std::int32_t> init = p.initial;
  interpreter.initialize(init);
  std::map<std::vector<std::int32_t>, lts::StateId> ids{{init, 0}};
  std::vector<std::vector<std::int32_t>> stack{init};
  builder.set_initial(0);
  while (!stack.empty()) {
    const std::vector<std::int32_t> s = stack.back();
    stack.pop_back();
    const lts::StateId from = ids.at(s);
    Successors next;
    for (int t = p.threads - 1; t >= 0; --t) interpreter.successors(s.data(), t, next);
    for (std::size_t i = 0; i < next.labels.size(); ++i) {
      std::vector<std::int32_t> to(next.states.begin() + i * p.state_size,
                                   next.states.begin() + (i + 1) * p.state_size);
      auto [it, added] = ids.emplace(to, static_cast<lts::StateId>(ids.size()));
      if (added) stack.push_back(to);
      builder.add_transition(from, next.labels[i], it->second);
    }
  }
  builder.ensure_states(static_cast<lts::StateId>(ids.size()));
  return std::move(builder).finish();
}

struct Case {
  std::string path;
  int threads;
  long ops;
  bool spec;
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.path.substr(c.path.rfind('/') + 1) << " " << c.threads << "x" << c.ops << (c.spec ? " --spec" : "");
}

class TwinTest : public ::testing::TestWithParam<Case> {};

TEST_P(TwinTest, ExplorerAgreesWithBruteForce) {
  const Case& c = GetParam();
  CompileOptions o;
  o.threads = c.threads;
  o.ops = c.ops;
  o.spec = c.spec;
  const Program p = load_model(c.path, o);
  ExploreOptions e;
  const lts::Lts fast = explore(p, e);
  const lts::Lts slow = brute_force(p);
  EXPECT_GE(slow.num_states, fast.num_states);
  EXPECT_TRUE(strongly_bisimilar(fast, slow)) << fast.num_states << " vs " << slow.num_states;
}

INSTANTIATE_TEST_SUITE_P(
    Models, TwinTest,
    ::testing::Values(Case{model("treiber_stack.conc"), 2, 2, false}, Case{model("treiber_stack.conc"), 2, 2, true},
                      Case{model("ms_queue.conc"), 2, 1, false}, Case{model("stack_spec.conc"), 2, 2, false},
                      Case{here("models/free_stack.conc"), 2, 2, false},
                      Case{here("models/features.conc"), 2, 1, false}, Case{here("golden/tas.conc"), 3, 1, false}),
    [](const ::testing::TestParamInfo<Case>& info) {
      std::string file = info.param.path.substr(info.param.path.rfind('/') + 1);
      file = file.substr(0, file.find('.'));
      return file + "_" + std::to_string(info.param.threads) + "x" + std::to_string(info.param.ops) +
             (info.param.spec ? "_spec" : "");
    });

TEST(Twin, ExplicitFreeExposesAba) {
  // Treiber's stack with free and reuse: one thread's pop stalls between
  // reading Top and its cas while the other pops twice and pushes a reused
  // node; the stale cas succeeds and a later pop frees a freed node.
  CompileOptions o;
  o.threads = 2;
  o.ops = 5;
  o.values = std::pair<long, long>{1, 1};
  const Program p = load_model(model("treiber_stack_free.conc"), o);
  try {
    explore(p, {});
    FAIL() << "no error";
  } catch (const formats::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("double free"), std::string::npos) << e.what();
  }
}

TEST(Twin, RenumberingMergesIsomorphicHeaps) {
  // Two threads each push once: which node each got depends on the order of
  // their allocations; renumbering makes those heaps one state.
  CompileOptions o;
  o.threads = 2;
  o.ops = 1;
  const Program p = load_model(model("treiber_stack.conc"), o);
  EXPECT_LT(explore(p, {}).num_states, brute_force(p).num_states);
}

}  // namespace
}  // namespace frontend::test
