#include "tools/common/gen_options.hpp"

#include <charconv>
#include <cstdint>
#include <limits>
#include <thread>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "frontend/language/limits.hpp"
#include "frontend/language/memory_model.hpp"

namespace tools {

namespace {

// --values accepts LO..HI or N (meaning 1..N); compile() checks the range
// against the language's limits (docs/language.md, "What gen refuses").
std::pair<long, long> parse_values(const std::string& text) {
  try {
    const auto dots = text.find("..");
    std::size_t used = 0;
    if (dots == std::string::npos) {
      const long n = std::stol(text, &used);
      if (used == text.size() && n >= 1) return {1, n};
    } else {
      const long lo = std::stol(text.substr(0, dots), &used);
      std::size_t used2 = 0;
      const long hi = std::stol(text.substr(dots + 2), &used2);
      if (used == dots && used2 == text.size() - dots - 2) return {lo, hi};
    }
  } catch (const std::exception&) {}
  throw UsageError(fmt::format("--values expects LO..HI or N (for 1..N), not '{}'", text));
}

// --ops: a number or 'inf' (-1); compile() refuses 0 and says why (an LTS
// without a single call, on which every check says nothing).
long parse_ops(const std::string& text) {
  if (text == "inf") return -1;
  try {
    std::size_t used = 0;
    const long n = std::stol(text, &used);
    if (used == text.size() && n >= 0 && text[0] != '+') return n;
  } catch (const std::exception&) {}
  throw UsageError(fmt::format("--ops expects a positive number or 'inf', not '{}'", text));
}

// --max-states: a whole number from 1 (0 would read as "no bound"), no sign.
std::uint64_t parse_max_states(const std::string& text) {
  std::uint64_t n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || n == 0)
    throw UsageError(fmt::format("--max-states expects a whole number from 1 to {}, not '{}'",
                                 std::numeric_limits<std::uint64_t>::max(), text));
  return n;
}

// -j/--jobs: a whole number from 1, no sign; the default is the machine's cores.
unsigned parse_jobs(const std::string& text) {
  unsigned n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || n == 0 || n > 1024)
    throw UsageError(fmt::format("--jobs expects a whole number from 1 to 1024, not '{}'", text));
  return n;
}

unsigned default_jobs() { return std::max(std::thread::hardware_concurrency(), 1u); }

// CLI11 converts integers with base detection: '010' threads would be 8
// and '0x2' would be 2. These options read plain decimal (leading zeros
// allowed, as a script may pad them).
CLI::Validator decimal() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
          return fmt::format("expects a whole number in decimal, not '{}'", text);
        text.erase(0, std::min(text.find_first_not_of('0'), text.size() - 1));
        return {};
      },
      "", "decimal");
}

}  // namespace

void add_gen_options(CLI::App& app, GenOptions& g) {
  app.add_option("model", g.model, "Model file (.conc), or '-' for standard input")->type_name("MODEL");
  app.add_option("--object", g.object, "Object (or spec) to explore; default: the first in the file")
      ->type_name("NAME");
  app.add_option("-t,--threads", g.threads, "Number of client threads K (default 2)")
      ->type_name("K")
      ->transform(decimal())
      ->check(CLI::Range(1, 16));
  app.add_option("-n,--ops", g.ops, "Operations per thread: a number from 1, or 'inf' (default 1)")->type_name("N|inf");
  app.add_option("--values", g.values, "Domain of 'value': LO..HI or N for 1..N (default: the model's 'values')")
      ->type_name("LO..HI");
  app.add_option("--pool", g.pool,
                 "Size of every node pool, instead of the model's 'pool' (more operations need more nodes)")
      ->type_name("N")
      ->transform(decimal())
      ->check(CLI::Range(0L, frontend::limits::max_pool));
  app.add_flag("--spec", g.spec, "Make each method body one atomic step: the linearizable specification");
  app.add_flag("--thread-steps", g.thread_steps,
               "Write each internal step of thread T as the visible label step(T) instead of 'i'");
  app.add_flag("--symmetry", g.symmetry,
               "Explore one state per orbit of the thread permutations and write the divbranching quotient of "
               "the object system (docs/reduction.md, 'Thread symmetry'); for models that never name a thread")
      ->excludes("--thread-steps");
  app.add_flag("--no-reduce", g.no_reduce,
               "The full LTS: no partial-order reduction and no reset of dead "
               "locals (docs/reduction.md)");
  app.add_option("--memory", g.memory,
                 "Memory model: sc (default), tso (a FIFO store buffer per thread, x86-TSO) or pso (one per thread "
                 "and location); docs/memory-models.md")
      ->type_name("sc|tso|pso")
      ->check(CLI::IsMember({"sc", "tso", "pso"}));
  app.add_option("--buffer", g.buffer, "Store-buffer entries per thread under --memory tso|pso (default 2)")
      ->type_name("N")
      ->transform(decimal())
      ->check(CLI::Range(1, frontend::limits::max_buffer))
      ->each([&g](const std::string&) { g.buffer_given = true; });
  app.add_option("--max-states", g.max_states_text,
                 "Stop with an error beyond this many states, N >= 1 (default: no bound but --memory-limit)")
      ->type_name("N");
  app.add_option("-j,--jobs", g.jobs_text,
                 "Explore with N threads (default: the machine's cores); the output is the same for every N")
      ->type_name("N");
  app.add_flag("-v,--verbose,--stats", g.stats, "Print states, transitions, speed and memory on stderr");
  tools::add_output_options(app, g.output);
}

frontend::CompileOptions compile_options(const GenOptions& g) {
  frontend::CompileOptions options;
  options.object = g.object;
  options.threads = g.threads;
  options.spec = g.spec;
  options.reset_dead_locals = !g.no_reduce;  // strong bisimilarity: safe with --thread-steps too
  options.symmetry = g.symmetry;
  if (g.symmetry && g.threads > lts::ThreadPermutations::max_threads)
    throw UsageError(fmt::format("--symmetry works with at most {} threads, not {}",
                                 lts::ThreadPermutations::max_threads, g.threads));
  options.memory = frontend::parse_memory(g.memory);
  options.buffer = g.buffer;
  if (g.buffer_given && options.memory == frontend::Memory::sc)
    throw UsageError("--buffer sizes the store buffers of --memory tso or pso; under sc there are none");
  if (g.symmetry && options.memory != frontend::Memory::sc)
    throw UsageError(fmt::format("--symmetry is not available with --memory {}: its soundness with store buffers is "
                                 "not established (docs/memory-models.md)",
                                 g.memory));
  options.ops = parse_ops(g.ops);
  if (!g.values.empty()) options.values = parse_values(g.values);
  if (g.pool >= 0) options.pool = g.pool;
  if (g.model.empty()) throw UsageError("no model file given");
  return options;
}

frontend::ExploreOptions explore_options(const CLI::App& app, const GenOptions& g) {
  frontend::ExploreOptions explore;
  if (app.count("--max-states") != 0) explore.max_states = parse_max_states(g.max_states_text);
  explore.thread_steps = g.thread_steps;
  explore.reduce = !g.no_reduce;
  explore.workers = app.count("--jobs") != 0 ? parse_jobs(g.jobs_text) : default_jobs();
  return explore;
}

std::string memory_note(const GenOptions& g) {
  if (g.memory == "sc" || g.no_reduce) return "";
  return fmt::format(
      "gen: note: partial-order reduction is off under --memory {} (its independence does not see store buffers); "
      "dead locals are still reset and single-step states merged\n",
      g.memory);
}

std::string stats_line(const frontend::ExploreStats& st) {
  const std::uint64_t visited = std::max<std::uint64_t>(st.explored, 1);
  return fmt::format(
      "gen: {} states, {} transitions, {} states explored, {:.3f} s ({:.3f} s cpu), {:.0f} states/s of cpu, "
      "{} bytes/state packed, {:.1f} bytes/state stored, {:.1f} MiB\n",
      st.states, st.transitions, st.explored, st.seconds, st.cpu_seconds, st.explored / std::max(st.cpu_seconds, 1e-9),
      st.record_bytes, static_cast<double>(st.store_bytes) / visited, mebibytes(st.store_bytes + st.lts_bytes));
}

std::string ProgressLine::long_step(std::uint64_t step_work) {
  if (step_work == 0) return "";
  return fmt::format("; one step still runs: {:.1f} million statements run and state slots copied so far",
                     static_cast<double>(step_work) / 1e6);
}

}  // namespace tools
