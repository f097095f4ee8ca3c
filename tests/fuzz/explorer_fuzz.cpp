// Fuzzes gen's interpreter and explorer (frontend/) on small bounds: a model
// that compiles is explored with 2 client threads, 1 or 2 operations each,
// values 1..2, pools of 4 nodes, at most 2,000 states and a bounded work
// (max_work: a step may run a million statements, a state have a million
// slots, so the states alone do not bound an input's time). Exploration ends
// with a well-formed LTS, a run-time fault reported as a ParseError inside
// the text, or a bound; never a crash, a hang or another exception.
// A model that --symmetry accepts is also explored by orbits: it faults
// exactly when the full exploration does, and otherwise its quotient modulo
// symmetry is the divbranching quotient of the full LTS (docs/reduction.md,
// "Thread symmetry"); or, for every other input (by its length), both are
// explored with step(T) labels and the five progress verdicts on the orbit
// LTS (refine/progress/symmetric_progress.hpp) are those of the direct route on the
// full LTS, the failing threads included.
#include <iterator>
#include <optional>
#include <string>

#include "bisim/quotient.hpp"
#include "bisim/symmetry/symmetric_quotient.hpp"
#include "formats/diagnostic.hpp"
#include "frontend/compile.hpp"
#include "frontend/explore/explorer.hpp"
#include "refine/progress/progress.hpp"
#include "refine/progress/symmetric_progress.hpp"
#include "refine/progress/thread_steps.hpp"
#include "tests/fuzz/harness.hpp"
#include "tests/support/lts_isomorphism.hpp"

namespace {

constexpr std::uint64_t max_states = 2000;
// Statements plus state slots copied, per exploration (and per run to a
// fault): about a second under ASan, so the two or three explorations of an
// input stay far below fuzz.sh's 25 s per input.
constexpr std::uint64_t max_work = 250'000;

// What one exploration gave: an LTS (or orbit LTS), a fault, or too many states.
struct Run {
  enum { explored, faulted, too_big } kind = explored;
  lts::Lts lts;
  lts::OrbitLts orbits;
};

Run explore(const frontend::Program& program, const std::string& text, bool thread_steps = false) {
  frontend::ExploreOptions explore;
  explore.max_states = max_states;
  explore.max_work = max_work;
  explore.thread_steps = thread_steps;
  Run r;
  try {
    if (program.symmetric) r.orbits = frontend::explore_orbits(program, explore);
    else r.lts = frontend::explore(program, explore);
  } catch (const formats::ParseError& e) {
    fuzz::require_error_inside(e, text, "fuzz.conc");
    r.kind = Run::faulted;
  } catch (const frontend::StateLimit&) {
    r.kind = Run::too_big;
  }
  return r;
}

void check_well_formed(const lts::Lts& l) {
  fuzz::require(l.num_states >= 1 && l.num_states <= max_states, "the state bound holds");
  fuzz::require(l.initial < l.num_states, "the initial state is a state");
  for (const lts::Transition& t : l.transitions) {
    fuzz::require(t.from < l.num_states && t.to < l.num_states, "transitions join states");
    fuzz::require(t.label < l.labels.size(), "transition labels are interned");
  }
}

// Per property "holds", or "fails" and the failing threads' numbers;
// "refused" for an input the checks refuse (no step, no call).
template <typename Check>
std::vector<std::string> verdicts(Check check) {
  try {
    const refine::ProgressResult r = check();
    std::vector<std::string> out;
    for (const refine::ProgressVerdict& v : r.verdicts)
      out.push_back(v.holds
                        ? "holds"
                        : "fails " + refine::thread_list(r.threads, refine::per_thread(v.property) ? v.failing : 0));
    return out;
  } catch (const refine::ProgressInputError&) {
    return {"refused"};
  }
}

// The progress verdicts on the orbit LTS with step(T) labels, beside the
// direct route's on the full LTS with them.
void check_progress_on_orbits(const Run& full, const Run& orbits) {
  const std::vector<refine::Progress> all(std::begin(refine::all_progress), std::end(refine::all_progress));
  fuzz::require(verdicts([&] { return refine::check_progress(full.lts, all); }) ==
                    verdicts([&] { return refine::check_symmetric_progress(orbits.orbits, all); }),
                "the progress verdicts on the orbit LTS are those of the full LTS");
}

// The orbit exploration of a model --symmetry accepts, beside the full one
// (both with step(T) labels when `thread_steps`).
void check_symmetry(const std::string& text, frontend::CompileOptions options, const Run& full, bool thread_steps) {
  options.symmetry = true;
  std::optional<frontend::Program> program;
  try {
    program = frontend::load_model_text("fuzz.conc", text, options);
  } catch (const formats::ParseError& e) {  // names a thread
    fuzz::require_error_inside(e, text, "fuzz.conc");
    return;
  }
  const Run orbits = explore(*program, text, thread_steps);
  if (full.kind == Run::too_big || orbits.kind == Run::too_big) return;
  fuzz::require((full.kind == Run::faulted) == (orbits.kind == Run::faulted),
                "--symmetry faults exactly when the full exploration does");
  if (full.kind == Run::faulted) return;
  if (thread_steps) return check_progress_on_orbits(full, orbits);
  const lts::Lts expected = bisim::minimise(full.lts, bisim::Equivalence::divbranching).quotient;
  const lts::Lts got = bisim::symmetry::symmetric_quotient(orbits.orbits, lts::ThreadPermutations(options.threads),
                                                           bisim::Equivalence::divbranching)
                           .quotient;
  fuzz::require(testing_support::isomorphic_minimal_lts(expected, got),
                "the quotient modulo symmetry is the divbranching quotient");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(fuzz::as_text(data, size));
  // The bounds come from the input's length, so every input has one run.
  frontend::CompileOptions options;
  options.threads = 2;
  options.ops = 1 + static_cast<long>(size % 2);
  options.spec = (size / 2) % 2 == 1;
  // Every other input is explored with step(T) labels and checked for
  // progress; two explorations per input either way.
  const bool thread_steps = (size / 4) % 2 == 1;
  options.values = std::pair<long, long>{1, 2};
  options.pool = 4;
  std::optional<frontend::Program> program;
  try {
    program = frontend::load_model_text("fuzz.conc", text, options);
  } catch (const formats::ParseError& e) {
    fuzz::require_error_inside(e, text, "fuzz.conc");
    return 0;
  } catch (const formats::FileError&) {  // no object in the file
    return 0;
  }
  const Run full = explore(*program, text, thread_steps);
  if (full.kind == Run::explored) check_well_formed(full.lts);
  check_symmetry(text, options, full, thread_steps);
  return 0;
}
