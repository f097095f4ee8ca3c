#include "tools/common/quotient_job.hpp"

#include <malloc.h>

#include <optional>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "bisim/quotient.hpp"
#include "formats/dot_writer.hpp"
#include "formats/output_file.hpp"
#include "lts/reachability.hpp"
#include "tools/common/memory_budget.hpp"

namespace tools {

namespace {

// The quotient, and the state map and picture when asked, each written whole
// before any moves into place.
void write_outputs(const QuotientJob& job, const bisim::Minimised& m) {
  formats::OutputFile out(job.output);
  formats::write_aut(m.quotient, out.stream(), job.write);
  if (job.map_path.empty() && job.dot_path.empty()) {
    out.commit();
    return;
  }
  std::optional<formats::OutputFile> map, dot;
  if (!job.map_path.empty()) {
    map.emplace(job.map_path);
    write_state_map(m.state_map, map->stream(), m.mapped_states);
  }
  if (!job.dot_path.empty()) {
    dot.emplace(job.dot_path);
    formats::write_dot(m.quotient, dot->stream());
  }
  out.finish();
  if (map) map->finish();
  if (dot) dot->finish();
  out.commit();
  if (map) map->commit();
  if (dot) dot->commit();
}

}  // namespace

QuotientReport run_quotient(const QuotientJob& job) {
  // Arrays of 256 KiB and more get pages of their own, given back when
  // freed. glibc's default threshold grows to 32 MiB after the first large
  // free, so the arrays of one phase would stay in the heap and add to the
  // next phase's peak (by a tenth on the MS queue 2x3).
  mallopt(M_MMAP_THRESHOLD, 256 * 1024);
  // Refuse unusable output names now, not after a long run.
  formats::check_output_path(job.output);
  std::vector<std::string> outputs = {job.output};
  for (const std::string& extra : {job.map_path, job.dot_path}) {
    if (extra.empty()) continue;
    formats::check_output_path(extra);
    for (const std::string& earlier : outputs) formats::check_distinct_outputs(earlier, extra);
    outputs.push_back(extra);
  }
  formats::check_outputs_spare_inputs(outputs, {job.input});
  QuotientReport report;
  report.equivalence = job.equivalence;
  {
    PhaseTimer timer(job.show_progress);
    timer.start("read");
    formats::AutReadReport read;
    lts::Lts input = formats::read_aut_file(job.input, job.read, &read);
    report.unused_tau = formats::unused_hidden_names(job.read, {read});
    report.input_states = input.num_states;
    report.input_transitions = input.num_transitions();
    const bisim::Minimised m = bisim::minimise(
        std::move(input), job.equivalence,
        [&timer](std::string_view phase) {
          if (phase.empty()) timer.stop();
          else timer.start(std::string(phase));
        },
        !job.map_path.empty());
    report.output_states = m.quotient.num_states;
    report.output_transitions = m.quotient.num_transitions();
    report.refine_log = m.refine_log;

    if (!job.dot_path.empty() && m.quotient.num_states > max_dot_states)
      throw std::runtime_error(fmt::format("the quotient has {} states; --dot draws at most {} (nothing written)",
                                           m.quotient.num_states, max_dot_states));
    timer.start("write");
    write_outputs(job, m);
    timer.stop();
    report.phases = timer.phases();
  }
  report.peak_bytes = PhaseTimer::process_peak_bytes();
  return report;
}

void write_state_map(const std::vector<lts::StateId>& state_map, std::FILE* out,
                     const std::vector<lts::StateId>& mapped_states) {
  fmt::memory_buffer buffer;
  for (lts::StateId i = 0; i < state_map.size(); ++i) {
    const lts::StateId s = mapped_states.empty() ? i : mapped_states[i];
    if (state_map[i] == lts::no_state) fmt::format_to(std::back_inserter(buffer), "{} -\n", s);
    else fmt::format_to(std::back_inserter(buffer), "{} {}\n", s, state_map[i]);
    if (buffer.size() > (1u << 16)) {
      std::fwrite(buffer.data(), 1, buffer.size(), out);
      buffer.clear();
    }
  }
  std::fwrite(buffer.data(), 1, buffer.size(), out);
}

namespace {

std::string ratio(std::uint64_t before, std::uint64_t after) {
  if (after == 0) return "-";
  return fmt::format("{:.1f}x", static_cast<double>(before) / static_cast<double>(after));
}

}  // namespace

std::string format_report(const QuotientReport& r) {
  std::string text = fmt::format(
      "quotient: input   {} states, {} transitions\n"
      "quotient: output  {} states, {} transitions ({} quotient)\n"
      "quotient: reduction {} states, {} transitions\n"
      "quotient: phase     time (s)  peak so far (MiB)  resident after (MiB)\n",
      r.input_states, r.input_transitions, r.output_states, r.output_transitions, bisim::name(r.equivalence),
      ratio(r.input_states, r.output_states), ratio(r.input_transitions, r.output_transitions));
  double total = 0;
  for (const PhaseReport& p : r.phases) {
    text += fmt::format("quotient: {:<8} {:>9.3f}  {:>17.1f}  {:>20.1f}\n", p.name, p.seconds, mebibytes(p.peak_bytes),
                        mebibytes(p.resident_bytes));
    total += p.seconds;
  }
  text += fmt::format("quotient: {:<8} {:>9.3f}  {:>17.1f}  ({:.1f} bytes per input transition)\n", "total", total,
                      mebibytes(r.peak_bytes),
                      r.input_transitions ? static_cast<double>(r.peak_bytes) / r.input_transitions : 0.0);
  if (!r.refine_log.empty()) {
    text += "quotient: refinement, stage by stage:\n";
    for (const std::string& stage : r.refine_log) text += fmt::format("quotient:   {}\n", stage);
  }
  return text;
}

}  // namespace tools
