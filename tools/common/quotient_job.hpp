#pragma once
// A whole `quotient` run: read an .aut file, minimise it, write the quotient
// and, on request, the state map; each phase timed (tools/common/phase_timer.hpp),
// the phases of minimisation reported by bisim::minimise's callback.
// The tool's main only parses options into a QuotientJob and prints the
// report; this is also what the tool tests and benchmarks exercise.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bisim/equivalence.hpp"
#include "formats/aut_reader.hpp"
#include "formats/aut_writer.hpp"
#include "lts/lts.hpp"
#include "tools/common/phase_timer.hpp"

namespace tools {

struct QuotientJob {
  std::string input = "-";  // a file, or "-" for standard input
  formats::AutReadOptions read;
  bisim::Equivalence equivalence = bisim::Equivalence::branching;
  std::string output = "-";  // "-" is standard output
  formats::AutWriteOptions write;
  std::string map_path;  // where to write the state map; empty for none
  std::string dot_path;  // where to write a Graphviz picture of the quotient; empty for none
  bool show_progress = false;
};

struct QuotientReport {
  bisim::Equivalence equivalence = bisim::Equivalence::branching;
  std::uint64_t input_states = 0, input_transitions = 0;
  std::uint64_t output_states = 0, output_transitions = 0;
  std::vector<PhaseReport> phases;      // read, reach, scc, refine, build, write
  std::uint64_t peak_bytes = 0;         // of the whole process
  std::vector<std::string> refine_log;  // how the partition was found (bisim::Minimised::refine_log)
  std::vector<std::string> unused_tau;  // --tau names that hid no label of the input
};

// The largest quotient drawn by --dot: beyond, Graphviz takes long and the
// picture says little.
inline constexpr std::uint64_t max_dot_states = 1000;

// Runs the job. Output files appear only when the whole run succeeded.
// Throws formats::ParseError / formats::FileError on bad input or output,
// and std::runtime_error when a picture is asked of a quotient of more than
// max_dot_states states (then nothing is written).
QuotientReport run_quotient(const QuotientJob& job);

// The -v text: sizes before and after, reduction factors, a table of the
// phases with their time and peak memory, and the stages of refinement.
std::string format_report(const QuotientReport& report);

// The state map (`quotient --map`): one line per input state,
//   INPUT_STATE QUOTIENT_STATE
// in increasing order of INPUT_STATE, with '-' as QUOTIENT_STATE for a state
// unreachable from the initial state (it has no counterpart in the quotient).
// With `mapped_states` (bisim::Minimised::mapped_states), only the input states it
// lists have a line.
void write_state_map(const std::vector<lts::StateId>& state_map, std::FILE* out,
                     const std::vector<lts::StateId>& mapped_states = {});

}  // namespace tools
