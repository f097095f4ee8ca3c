// Fuzzes gen's interpreter and explorer (frontend/) on small bounds: a model
// that compiles is explored with 2 client threads, 1 or 2 operations each,
// values 1..2, pools of 4 nodes and at most 2,000 states. Exploration ends
// with a well-formed LTS, a run-time fault reported as a ParseError inside
// the text, or the state bound; never a crash, a hang or another exception.
// A model that --symmetry accepts is also explored by orbits: it faults
// exactly when the full exploration does, and otherwise its quotient modulo
// symmetry is the divbranching quotient of the full LTS (docs/reduction.md,
// "Thread symmetry").
#include <optional>
#include <string>

#include "bisim/quotient.hpp"
#include "bisim/symmetry/symmetric_quotient.hpp"
#include "formats/diagnostic.hpp"
#include "frontend/checker.hpp"
#include "frontend/explorer.hpp"
#include "tests/fuzz/harness.hpp"
#include "tests/support/lts_isomorphism.hpp"

namespace {

constexpr std::uint64_t max_states = 2000;

// What one exploration gave: an LTS (or orbit LTS), a fault, or too many states.
struct Run {
  enum { explored, faulted, too_big } kind = explored;
  lts::Lts lts;
  lts::OrbitLts orbits;
};

Run explore(const frontend::Program& program, const std::string& text) {
  frontend::ExploreOptions explore;
  explore.max_states = max_states;
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

// The orbit exploration of a model --symmetry accepts, beside the full one.
void check_symmetry(const std::string& text, frontend::CompileOptions options, const Run& full) {
  options.symmetry = true;
  std::optional<frontend::Program> program;
  try {
    program = frontend::load_model_text("fuzz.conc", text, options);
  } catch (const formats::ParseError& e) {  // names a thread
    fuzz::require_error_inside(e, text, "fuzz.conc");
    return;
  }
  const Run orbits = explore(*program, text);
  if (full.kind == Run::too_big || orbits.kind == Run::too_big) return;
  fuzz::require((full.kind == Run::faulted) == (orbits.kind == Run::faulted),
                "--symmetry faults exactly when the full exploration does");
  if (full.kind == Run::faulted) return;
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
  const Run full = explore(*program, text);
  if (full.kind == Run::explored) check_well_formed(full.lts);
  check_symmetry(text, options, full);
  return 0;
}
