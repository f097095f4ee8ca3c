// gen's output on small models whose LTS was worked out by hand
// (tests/frontend/golden/*.aut; the reasoning is in each model's comment).
#include <algorithm>

#include <gtest/gtest.h>

#include "frontend/compile.hpp"
#include "frontend/explore/error_trace.hpp"
#include "frontend/run/work_meter.hpp"
#include "lts/orbit_lts.hpp"
#include "tests/frontend/support.hpp"

namespace frontend::test {
namespace {

struct Golden {
  const char* model;
  int threads;
  long ops;
  bool spec;
  const char* aut;
};

void PrintTo(const Golden& g, std::ostream* os) {
  *os << g.model << " " << g.threads << "x" << g.ops << (g.spec ? " --spec" : "");
}

class GoldenTest : public ::testing::TestWithParam<Golden> {};

TEST_P(GoldenTest, MatchesHandWorkedLts) {
  const Golden& g = GetParam();
  const lts::Lts l = generate(here(std::string("golden/") + g.model), g.threads, g.ops, g.spec);
  EXPECT_EQ(formats::write_aut_string(l), slurp(here(std::string("golden/") + g.aut)));
}

const Golden goldens[] = {
    {"register.conc", 1, 1, false, "register.aut"},
    {"register.conc", 1, 1, true, "register_spec.aut"},
    {"tas.conc", 2, 1, false, "tas.aut"},
    {"unpack.conc", 1, 1, false, "unpack.aut"},
    {"alloc.conc", 1, 2, false, "alloc.aut"},
    {"locked.conc", 1, 1, false, "locked.aut"},
    {"loops.conc", 1, 1, false, "loops.aut"},
    {"loops.conc", 1, 1, true, "loops_spec.aut"},
    {"waiting.conc", 2, 1, false, "waiting.aut"},
    {"protocol.conc", 1, 2, false, "protocol.aut"},
    {"roles.conc", 2, 1, false, "roles.aut"},
    {"choosing.conc", 1, 1, false, "choosing.aut"},
    {"choosing.conc", 1, 1, true, "choosing_spec.aut"},
    {"joining.conc", 1, 1, false, "joining.aut"},
    {"arithmetic.conc", 1, 1, false, "arithmetic.aut"},
    {"recursion.conc", 1, 1, false, "recursion.aut"},
};

INSTANTIATE_TEST_SUITE_P(Models, GoldenTest, ::testing::ValuesIn(goldens),
                         [](const ::testing::TestParamInfo<Golden>& info) {
                           std::string name = info.param.aut;
                           name = name.substr(0, name.find('.'));
                           return name;
                         });

TEST(Explorer, GarbageCollectionReusesNodes) {
  // Pool 2 suffices for any number of puts: all but the newest node are garbage.
  const lts::Lts l = generate(here("golden/alloc.conc"), 1, 5);
  EXPECT_EQ(l.num_states, 1u + 4 * 5);
}

TEST(Explorer, OutputIsDeterministic) {
  const std::string a = formats::write_aut_string(generate(model("treiber_stack.conc"), 2, 2));
  const std::string b = formats::write_aut_string(generate(model("treiber_stack.conc"), 2, 2));
  EXPECT_EQ(a, b);
  EXPECT_GT(a.size(), 10000u);
}

TEST(Explorer, MaxStatesStopsWithAMessage) {
  CompileOptions o;
  o.ops = 2;
  const Program p = load_model(model("treiber_stack.conc"), o);
  ExploreOptions e;
  e.max_states = 100;
  try {
    explore(p, e);
    FAIL() << "no StateLimit";
  } catch (const StateLimit& x) {
    EXPECT_NE(std::string(x.what()).find("--max-states 100"), std::string::npos) << x.what();
  }
}

// Each call of m is one step of 3 * 40,000 statements (no shared access).
constexpr const char* long_step_model = R"(object O {
  method m() {
    var i: 0..40000 := 0;
    while i < 40000 { i := i + 1; }
  }
}
)";

TEST(Explorer, MaxWorkStopsALongStepWithAMessage) {
  const Program p = load_model_text("long.conc", long_step_model, CompileOptions{});
  ExploreOptions e;
  e.max_work = 50'000;  // less than one step
  try {
    explore(p, e);
    FAIL() << "no StateLimit";
  } catch (const StateLimit& x) {
    EXPECT_NE(std::string(x.what()).find("work bound"), std::string::npos) << x.what();
  }
}

// The search for a run to a fault repeats steps of the exploration, under
// the same bound: a goal no run reaches makes it search every state.
TEST(Explorer, MaxWorkBoundsTheSearchForARunToAFault) {
  const Program p = load_model_text("long.conc", long_step_model, CompileOptions{});
  const std::vector<std::int32_t> nowhere(p.state_size, -7);
  EXPECT_THROW(run_to(p, nowhere, {}, 50'000), StateLimit);
  EXPECT_EQ(run_to(p, nowhere, {}, 0), "");
}

TEST(Explorer, MaxWorkAboveTheWorkChangesNothing) {
  const Program p = load_model_text("long.conc", long_step_model, CompileOptions{});
  ExploreOptions bounded;
  bounded.max_work = 1'000'000'000;
  const lts::Lts l = explore(p, bounded);
  EXPECT_GT(l.num_states, 4u);
  EXPECT_EQ(formats::write_aut_string(l), formats::write_aut_string(explore(p, ExploreOptions{})));
}

// One step of eight runs (one per choice of c, which stays live to the
// write of x), each of 3 * 60,000 local statements, each remembered by the
// cycle check past the first 4,096: about 10^7 units of work, well past
// the 2^22 after which the explorer reports a step while it runs.
constexpr const char* longer_step_model = R"(object O {
  shared x: 0..7;
  method m() {
    var c: 0..7;
    c := choose(0..7);
    var i: 0..60000 := 0;
    while i < 60000 { i := i + 1; }
    x := c;
  }
}
)";

// A model with one thread that makes one call.
Program one_thread_one_call(const char* file, const char* text) {
  CompileOptions o;
  o.threads = 1;
  o.ops = 1;
  return load_model_text(file, text, o);
}

TEST(Explorer, ALongStepIsReportedWhileItRuns) {
  const Program p = one_thread_one_call("longer.conc", longer_step_model);
  const std::string quiet = formats::write_aut_string(explore(p, ExploreOptions{}));
  for (unsigned workers : {1u, 2u}) {
    ExploreOptions e;
    e.workers = workers;
    e.progress_seconds = 0;
    std::vector<std::uint64_t> step_work;
    e.on_progress = [&](const ExploreProgress& r) {
      if (r.step_work) step_work.push_back(r.step_work);
    };
    const lts::Lts l = explore(p, e);
    ASSERT_FALSE(step_work.empty()) << workers << " workers";
    EXPECT_GE(step_work.front(), WorkMeter::long_step);
    EXPECT_TRUE(std::is_sorted(step_work.begin(), step_work.end()));  // one step, growing
    EXPECT_EQ(formats::write_aut_string(l), quiet);
  }
}

// The search for a run to a fault repeats the steps of the exploration, so
// it meets the same long step: it too reports the step while it runs. A
// goal no run reaches makes it run every step.
TEST(Explorer, TheSearchForARunToAFaultReportsALongStep) {
  const Program p = one_thread_one_call("longer.conc", longer_step_model);
  const std::vector<std::int32_t> nowhere(p.state_size, -7);
  std::vector<std::uint64_t> step_work;
  const auto progress = [&](std::uint64_t, std::size_t, std::uint64_t work) {
    if (work) step_work.push_back(work);
  };
  EXPECT_EQ(run_to(p, nowhere, progress, 0), "");
  ASSERT_FALSE(step_work.empty());
  EXPECT_GE(step_work.front(), WorkMeter::long_step);
}

// The init block runs before the first state exists. Its loop of 200,000
// rounds (600,000 statements, under the 10^6 a step may run) copies the
// state, of 16 slots and more, for the cycle check at each statement past
// the first 4,096: over 9 * 10^6 units of work, past the 2^22 after which a
// step is reported. The init block must show on the progress line as a
// long step of a client does.
constexpr const char* long_init_model = R"(object O {
  shared a: 0..1[16];
  init {
    var i: 0..200000 := 0;
    while i < 200000 { i := i + 1; }
    a[0] := 1;
  }
  method m() { a[1] := 1; }
}
)";

TEST(Explorer, ALongInitBlockIsReportedWhileItRuns) {
  const Program p = one_thread_one_call("long_init.conc", long_init_model);
  ExploreOptions e;
  e.progress_seconds = 0;
  std::vector<ExploreProgress> reports;
  e.on_progress = [&](const ExploreProgress& r) {
    if (r.step_work) reports.push_back(r);
  };
  const lts::Lts l = explore(p, e);
  ASSERT_FALSE(reports.empty());
  EXPECT_GE(reports.front().step_work, WorkMeter::long_step);
  EXPECT_EQ(reports.front().states, 0u);  // before the initial state is stored
  EXPECT_EQ(formats::write_aut_string(l), formats::write_aut_string(explore(p, ExploreOptions{})));
}

// One atomic step that chooses 15,000 times: a counts the ones mod 4 and t
// holds the last pick, so the step can end in each of the 8 pairs (a, t)
// (any count of ones, with either last pick, fits in 15,000 rounds). The
// return then reads x, one more internal step that ends the body and its
// locals: 4 states, one per a, each followed by ret(1,m,a). Worked out by
// hand: 1 + 1 + 8 + 4 + 4 = 18 states, 1 + 8 + 8 + 4 = 21 transitions. The
// step's paths are 2^15000, but its configurations at the choice (i, a, t)
// are 15,000 * 4 * 2 = 120,000: each is explored once, so the step ends
// within a work bound linear in them. Were the choices remembered only up
// to some count, the paths past it would be run one by one, and the bound
// would stop the step.
constexpr const char* many_choices_model = R"(object O {
  shared x: 0..3;
  method m(): 0..3 {
    var i: 0..15000 := 0;
    var a: 0..3 := 0;
    var t: 0..1 := 0;
    atomic {
      while i < 15000 {
        t := choose(0..1);
        a := (a + t) % 4;
        i := i + 1;
      }
      x := a;
    }
    return x;
  }
}
)";

TEST(Explorer, AStepThatChoosesManyTimesEndsInTimeLinearInItsConfigurations) {
  const Program p = one_thread_one_call("many_choices.conc", many_choices_model);
  ExploreOptions e;
  e.max_work = 100'000'000;  // the step needs between 10^7 and 2 * 10^7
  EXPECT_EQ(formats::write_aut_string(explore(p, e)),
            "des (0,21,18)\n(0,\"call(1,m)\",1)\n(1,i,2)\n(1,i,3)\n(1,i,4)\n(1,i,5)\n(1,i,6)\n(1,i,7)\n(1,i,8)\n"
            "(1,i,9)\n(2,i,10)\n(3,i,11)\n(4,i,11)\n(5,i,12)\n(6,i,12)\n(7,i,13)\n(8,i,13)\n(9,i,10)\n"
            "(10,\"ret(1,m,0)\",14)\n(11,\"ret(1,m,1)\",15)\n(12,\"ret(1,m,2)\",16)\n(13,\"ret(1,m,3)\",17)\n");
}

// Under symmetry the transitions are orbit transitions, held apart from the
// LTS builder: the bytes of the LTS (gen --stats) must count them.
TEST(Explorer, TheStatisticsCountTheOrbitTransitions) {
  CompileOptions o;
  o.threads = 2;
  o.ops = 2;
  o.symmetry = true;
  const Program p = load_model(model("ms_queue.conc"), o);
  ExploreStats stats;
  const lts::OrbitLts orbits = explore_orbits(p, ExploreOptions{}, &stats);
  EXPECT_EQ(stats.transitions, orbits.transitions.size());
  EXPECT_GE(stats.lts_bytes, orbits.transitions.size() * sizeof(lts::OrbitTransition));
}

TEST(Explorer, UnboundedOperationsOnABoundedObject) {
  // --ops inf: the register has finitely many states although clients never stop.
  const lts::Lts l = generate(here("golden/register.conc"), 2, -1);
  EXPECT_GT(l.num_states, 10u);
  EXPECT_LT(l.num_states, 200u);
}

TEST(Explorer, SpecObjectIsExploredAtomically) {
  // Stack spec, 1 thread, 1 operation: for push(1), push(2) and pop, a call,
  // the body as one internal step (the linearization point), and the return.
  const lts::Lts l = generate(model("stack_spec.conc"), 1, 1);
  EXPECT_EQ(l.num_states, 10u);
  EXPECT_EQ(l.num_transitions(), 9u);
  EXPECT_EQ(std::count_if(l.transitions.begin(), l.transitions.end(),
                          [](const lts::Transition& t) { return t.label == lts::tau; }),
            3);
}

}  // namespace
}  // namespace frontend::test

namespace frontend::test {
namespace {

TEST(Explorer, OutputReadsBackAsAut) {
  const lts::Lts l = generate(model("ms_queue.conc"), 2, 1);
  const lts::Lts back = formats::read_aut_text(formats::write_aut_string(l), "ms_queue.aut");
  EXPECT_EQ(back.num_states, l.num_states);
  EXPECT_EQ(back.num_transitions(), l.num_transitions());
  EXPECT_EQ(back.labels.size(), l.labels.size());
}

TEST(Explorer, NodeLocksStartFreeWhenLeftOut) {
  // Hand-over-hand style: a node with its own lock, created without a value for it.
  const char* text = R"(object O {
    node N { v: value; lk: lock; }
    pool 1;
    shared a: N;
    init { n := new N(1); a := n; }
    method m(): value { n := a; lock(n.lk); x := n.v; unlock(n.lk); return x; }
  })";
  CompileOptions o;
  o.threads = 2;
  const Program p = load_model_text("locks.conc", text, o);
  const lts::Lts l = explore(p, {});
  const std::string aut = formats::write_aut_string(l);
  EXPECT_NE(aut.find("ret(1,m,1)"), std::string::npos);
  EXPECT_NE(aut.find("ret(2,m,1)"), std::string::npos);
}

}  // namespace
}  // namespace frontend::test
