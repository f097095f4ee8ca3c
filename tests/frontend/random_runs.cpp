#include "tests/frontend/random_runs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <iterator>
#include <tuple>

#include <fmt/format.h>

#include "bisim/quotient.hpp"
#include "bisim/symmetry/symmetric_quotient.hpp"
#include "formats/diagnostic.hpp"
#include "frontend/compile.hpp"
#include "frontend/explore/explorer.hpp"
#include "refine/progress/progress.hpp"
#include "refine/progress/symmetric_progress.hpp"
#include "refine/progress/thread_steps.hpp"
#include "tests/support/lts_isomorphism.hpp"

namespace frontend::test {

using testing_support::identical_lts;
using testing_support::isomorphic_minimal_lts;

namespace {

std::uint64_t from_env(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

}  // namespace

SeedRange seed_range() { return SeedRange{from_env("BB_REDUCE_SEED", 0), from_env("BB_REDUCE_ROUNDS", 1000)}; }

SeedRange litmus_seed_range(int threads) {
  SeedRange r = seed_range();
  if (threads >= 3) r.count = std::max<std::uint64_t>(1, r.count / 4);
  return r;
}

RunSetup litmus_setup(int threads, long ops, bool reduce, unsigned workers, bool thread_steps, bool symmetry) {
  RunSetup r{threads, ops, reduce, workers, thread_steps, false, false, symmetry};
  r.max_states = litmus_max_states;
  return r;
}

std::string describe(const RunSetup& r) {
  return fmt::format("{}x{} reduce={} workers={}{}{}{}{}", r.threads, r.ops, r.reduce ? 1 : 0, r.workers,
                     r.thread_steps ? " thread-steps" : "", r.dead_locals ? " dead-locals" : "", r.spec ? " spec" : "",
                     r.symmetry ? " symmetry" : "");
}

std::string configuration_name(const std::pair<int, long>& threads_ops) {
  const auto [threads, ops] = threads_ops;
  return std::to_string(threads) + "x" + (ops < 0 ? "inf" : std::to_string(ops));
}

Outcome run_model(const std::string& text, const RunSetup& r) {
  CompileOptions c;
  c.threads = r.threads;
  c.ops = r.ops;
  c.reset_dead_locals = r.dead_locals;
  c.spec = r.spec;
  c.object = r.object;
  c.symmetry = r.symmetry;
  return run_program(load_model_text("random.conc", text, c), r);  // a rejection escapes: a generator bug
}

Outcome run_program(const Program& p, const RunSetup& r) {
  ExploreOptions e;
  e.max_states = r.max_states;
  e.reduce = r.reduce;
  e.workers = r.workers;
  e.thread_steps = r.thread_steps;
  Outcome o;
  o.symmetric = p.symmetric;
  o.threads = p.threads;
  try {
    if (p.symmetric) o.orbits = explore_orbits(p, e);
    else o.lts = explore(p, e);
  } catch (const formats::ParseError& fault) {
    o.kind = Outcome::faulted;
    o.fault = fault.what();
  } catch (const StateLimit&) {
    o.kind = Outcome::too_big;
  }
  return o;
}

namespace {

// nullopt when a and b both ended in an LTS (compare them); else the verdict
// of the comparison: no difference when both faulted (or only a, of an
// exhausted pool, under Faults::fewer_heap_faults) or one is too big, else
// which one faulted.
std::optional<Difference> ended_alike(const Outcome& a, const Outcome& b, Faults faults) {
  if (a.kind == Outcome::too_big || b.kind == Outcome::too_big) return Difference{};
  if (a.kind == Outcome::faulted && b.kind == Outcome::faulted) return Difference{};
  if (a.kind != Outcome::faulted && b.kind != Outcome::faulted) return std::nullopt;
  if (faults == Faults::fewer_heap_faults && a.kind == Outcome::faulted &&
      a.fault.find("out of heap") != std::string::npos)
    return Difference{};
  const Outcome& f = a.kind == Outcome::faulted ? a : b;
  return fmt::format("only the {} run faults: {}", &f == &a ? "first" : "second", f.fault);
}

lts::Lts quotient_of(const Outcome& o, bisim::Equivalence e) {
  if (!o.symmetric) return bisim::minimise(o.lts, e).quotient;
  return bisim::symmetry::symmetric_quotient(o.orbits, lts::ThreadPermutations(o.threads), e).quotient;
}

Difference quotients_differ_in(const Outcome& a, const Outcome& b, Faults faults,
                               std::initializer_list<bisim::Equivalence> equivalences) {
  if (std::optional<Difference> d = ended_alike(a, b, faults)) return *d;
  for (bisim::Equivalence e : equivalences) {
    const lts::Lts qa = quotient_of(a, e), qb = quotient_of(b, e);
    std::string why;
    if (!isomorphic_minimal_lts(qa, qb, &why))
      return fmt::format("the {} quotients differ ({} and {} states, {} and {} transitions): {}", bisim::name(e),
                         qa.num_states, qb.num_states, qa.num_transitions(), qb.num_transitions(), why);
  }
  return std::nullopt;
}

}  // namespace

Difference quotients_differ(const Outcome& a, const Outcome& b, Faults faults) {
  return quotients_differ_in(a, b, faults, {bisim::Equivalence::divbranching, bisim::Equivalence::branching});
}

Difference strong_quotients_differ(const Outcome& a, const Outcome& b, Faults faults) {
  return quotients_differ_in(a, b, faults, {bisim::Equivalence::strong});
}

namespace {

// "lock-free holds, wait-free fails for {1,2}, ...", or the reason the
// LTS is refused: the direct route on an LTS, the symmetric route
// (refine/progress/symmetric_progress.hpp) on an orbit LTS. A property decided per
// thread names the threads that fail it.
std::string progress_verdicts(const Outcome& o) {
  const std::vector<refine::Progress> all(std::begin(refine::all_progress), std::end(refine::all_progress));
  try {
    const refine::ProgressResult r =
        o.symmetric ? refine::check_symmetric_progress(o.orbits, all) : refine::check_progress(o.lts, all);
    std::vector<std::string> out;
    for (const refine::ProgressVerdict& v : r.verdicts) {
      const bool named = refine::per_thread(v.property) && v.failing != 0;
      out.push_back(fmt::format("{} {}{}", refine::progress_name(v.property), v.holds ? "holds" : "fails",
                                named ? " for " + refine::thread_list(r.threads, v.failing) : ""));
    }
    return fmt::format("{}", fmt::join(out, ", "));
  } catch (const refine::ProgressInputError& e) {
    return std::string("refused: ") + e.what();
  }
}

}  // namespace

Difference progress_differs(const Outcome& a, const Outcome& b, Faults faults) {
  if (std::optional<Difference> d = ended_alike(a, b, faults)) return *d;
  const std::string va = progress_verdicts(a), vb = progress_verdicts(b);
  if (va == vb || (va.starts_with("refused") && vb.starts_with("refused"))) return std::nullopt;  // each route words it
  return fmt::format("progress verdicts differ: {}\nagainst {}", va, vb);
}

namespace {

Difference orbits_differ(const lts::OrbitLts& a, const lts::OrbitLts& b) {
  if (a.initial != b.initial || a.initial_permutation != b.initial_permutation || a.num_states != b.num_states)
    return fmt::format("the orbit LTSs differ: {} and {} states", a.num_states, b.num_states);
  if (a.labels.size() != b.labels.size()) return std::string("the orbit LTSs have different label tables");
  for (lts::LabelId l = 0; l < a.labels.size(); ++l)
    if (a.labels.name(l) != b.labels.name(l)) return fmt::format("label {} differs", l);
  if (a.label_image != b.label_image) return std::string("the label images differ");
  const auto key = [](const lts::OrbitTransition& t) { return std::tuple(t.from, t.label, t.to, t.permutation); };
  if (a.transitions.size() != b.transitions.size()) return std::string("the orbit LTSs differ in transitions");
  for (std::size_t i = 0; i < a.transitions.size(); ++i)
    if (key(a.transitions[i]) != key(b.transitions[i])) return fmt::format("orbit transition {} differs", i);
  return std::nullopt;
}

}  // namespace

bool report_difference(const Difference& d, std::uint64_t seed, const RunSetup& a, const RunSetup& b,
                       const std::string& text, int& reports) {
  constexpr int max_reports = 3;  // failures printed per test, then it stops
  if (!d) return false;
  ADD_FAILURE() << "seed " << seed << ": " << describe(a) << " against " << describe(b) << ": " << *d
                << "\nreproduce: BB_REDUCE_SEED=" << seed << " BB_REDUCE_ROUNDS=1, or gen on this model:\n"
                << text;
  return ++reports >= max_reports;
}

Difference runs_differ(const Outcome& a, const Outcome& b) {
  if (a.kind == Outcome::faulted && b.kind == Outcome::faulted) {
    if (a.fault == b.fault) return std::nullopt;
    return fmt::format("different faults:\n{}\nagainst\n{}", a.fault, b.fault);
  }
  if (std::optional<Difference> d = ended_alike(a, b, Faults::same)) return *d;
  if (a.symmetric != b.symmetric) return std::string("one run is symmetric, the other not");
  if (a.symmetric) return orbits_differ(a.orbits, b.orbits);
  std::string why;
  if (identical_lts(a.lts, b.lts, &why)) return std::nullopt;
  return "the LTSs differ: " + why;
}

}  // namespace frontend::test
