// Fuzzes gen's interpreter and explorer (frontend/) on small bounds: a model
// that compiles is explored with 2 client threads, 1 or 2 operations each,
// values 1..2, pools of 4 nodes and at most 2,000 states. Exploration ends
// with a well-formed LTS, a run-time fault reported as a ParseError inside
// the text, or the state bound; never a crash, a hang or another exception.
#include <string>

#include "formats/diagnostic.hpp"
#include "frontend/checker.hpp"
#include "frontend/explorer.hpp"
#include "tests/fuzz/harness.hpp"

namespace {

constexpr std::uint64_t max_states = 2000;

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
  frontend::Program program;
  try {
    program = frontend::load_model_text("fuzz.conc", text, options);
  } catch (const formats::ParseError& e) {
    fuzz::require_error_inside(e, text, "fuzz.conc");
    return 0;
  } catch (const formats::FileError&) {  // no object in the file
    return 0;
  }
  frontend::ExploreOptions explore;
  explore.max_states = max_states;
  try {
    const lts::Lts l = frontend::explore(program, explore);
    fuzz::require(l.num_states >= 1 && l.num_states <= max_states, "the state bound holds");
    fuzz::require(l.initial < l.num_states, "the initial state is a state");
    for (const lts::Transition& t : l.transitions) {
      fuzz::require(t.from < l.num_states && t.to < l.num_states, "transitions join states");
      fuzz::require(t.label < l.labels.size(), "transition labels are interned");
    }
  } catch (const formats::ParseError& e) {
    fuzz::require_error_inside(e, text, "fuzz.conc");
  } catch (const frontend::StateLimit&) {}
  return 0;
}
