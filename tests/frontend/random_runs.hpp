#pragma once
// Exploring the random models of tests/support/random_model.hpp under one
// configuration, and comparing two explorations of the same model as the
// reduction (ExploreOptions::reduce) and the parallel explorer
// (ExploreOptions::workers) must leave them.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "frontend/language/program.hpp"
#include "lts/lts.hpp"
#include "lts/orbit_lts.hpp"

namespace frontend::test {

// Models whose full exploration has more states are skipped (and counted),
// unless a RunSetup sets another bound.
inline constexpr std::uint64_t random_max_states = 10000;

// The seeds to test: BB_REDUCE_ROUNDS (default 1000) of them from
// BB_REDUCE_SEED (default 0).
struct SeedRange {
  std::uint64_t first = 0, count = 1000;
};
SeedRange seed_range();
// The seeds of a litmus comparison at THREADS threads: seed_range(), and a
// quarter of it (at least one seed) from three threads on, where a litmus
// test has about twenty times the states; the faults these comparisons are
// built to catch show within the first 30 seeds.
SeedRange litmus_seed_range(int threads);

struct RunSetup {
  int threads = 2;
  long ops = 1;
  bool reduce = false;
  unsigned workers = 1;
  bool thread_steps = false;  // internal steps labelled step(T), for progress checks
  bool dead_locals = false;   // CompileOptions::reset_dead_locals
  bool spec = false;          // CompileOptions::spec: each body one atomic step
  bool symmetry = false;      // CompileOptions::symmetry: the orbit LTS (explore_orbits)
  std::string object = {};    // CompileOptions::object (empty: the first)
  std::uint64_t max_states = random_max_states;
};
// The random litmus tests (tests/support/random_litmus.hpp) have up to
// 4 x 10^4 states at 3 x 1: their bound, and a RunSetup with it.
inline constexpr std::uint64_t litmus_max_states = 50000;
RunSetup litmus_setup(int threads, long ops, bool reduce, unsigned workers, bool thread_steps, bool symmetry);
// "2x2 reduce=1 workers=2", then " thread-steps", " dead-locals", " spec" if set
std::string describe(const RunSetup& r);
// The name of a (threads, ops) test parameter: "2x1", "2xinf" for ops < 0.
std::string configuration_name(const std::pair<int, long>& threads_ops);

// What one exploration gave: an LTS, a run-time fault (its message), or too
// many states. A model the checker rejects throws formats::ParseError.
struct Outcome {
  enum Kind { explored, faulted, too_big } kind = explored;
  lts::Lts lts;
  std::string fault;
  // With RunSetup::symmetry: the orbit LTS instead of `lts`, and its threads.
  bool symmetric = false;
  lts::OrbitLts orbits;
  int threads = 0;
};
Outcome run_model(const std::string& text, const RunSetup& r);
// The same for a compiled program (r's threads, ops, dead_locals, spec and
// object are the program's own then).
Outcome run_program(const Program& p, const RunSetup& r);

// A comparison of two runs: nullopt when they agree, else what differs.
// Both return nullopt when either side is too big (the caller counts
// skips with run_model first).
using Difference = std::optional<std::string>;
// Faults must agree: on both sides or on neither. When b resets dead locals
// (fewer_heap_faults), a's fault may also be an exhausted pool that b does
// not reach: b collects the nodes only dead locals point to (docs/reduction.md).
enum class Faults { same, fewer_heap_faults };
// Reduction: faults agree; without a fault, the divbranching quotients are
// isomorphic and so are the branching ones. The quotient of a symmetric
// outcome is computed modulo symmetry (bisim/symmetry/).
Difference quotients_differ(const Outcome& a, const Outcome& b, Faults faults = Faults::same);
// Dead locals: faults agree; without a fault, the strong quotients are isomorphic.
Difference strong_quotients_differ(const Outcome& a, const Outcome& b, Faults faults = Faults::fewer_heap_faults);
// Progress (runs with thread_steps): faults agree; without a fault, the five
// progress properties of refine::check_progress have the same verdicts on
// both LTSs (or both are refused).
Difference progress_differs(const Outcome& a, const Outcome& b, Faults faults = Faults::same);
// A difference between runs a and b of seed's model (nullopt: none) as a
// test failure, with what reproduces it; true once `reports` reaches 3,
// when the test should stop.
bool report_difference(const Difference& d, std::uint64_t seed, const RunSetup& a, const RunSetup& b,
                       const std::string& text, int& reports);
// Determinism: the same LTS (or orbit LTS) exactly, or the same fault message.
Difference runs_differ(const Outcome& a, const Outcome& b);

}  // namespace frontend::test
