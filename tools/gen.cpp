// gen: the LTS of a concurrent object under K most general clients (frontend/).
#include <unistd.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "formats/aut_writer.hpp"
#include "formats/output_file.hpp"
#include "frontend/checker.hpp"
#include "frontend/explorer.hpp"
#include "frontend/replay/render.hpp"
#include "frontend/replay/search.hpp"
#include "frontend/replay/state_view.hpp"
#include "tools/common/tool.hpp"

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
  throw tools::UsageError(fmt::format("--values expects LO..HI or N (for 1..N), not '{}'", text));
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
  throw tools::UsageError(fmt::format("--ops expects a positive number or 'inf', not '{}'", text));
}

// --max-states: a whole number from 1 (0 would read as "no bound"), no sign.
std::uint64_t parse_max_states(const std::string& text) {
  std::uint64_t n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || n == 0)
    throw tools::UsageError(fmt::format("--max-states expects a whole number from 1 to {}, not '{}'",
                                        std::numeric_limits<std::uint64_t>::max(), text));
  return n;
}

// -j/--jobs: a whole number from 1, no sign; the default is the machine's cores.
unsigned parse_jobs(const std::string& text) {
  unsigned n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || n == 0 || n > 1024)
    throw tools::UsageError(fmt::format("--jobs expects a whole number from 1 to 1024, not '{}'", text));
  return n;
}

unsigned default_jobs() { return std::max(std::thread::hardware_concurrency(), 1u); }

// The progress line on a terminal: "\rgen: ..." about once a second, ended
// by a newline when the exploration ends (or fails), so no half line stays.
class ProgressLine {
 public:
  void show(const frontend::ExploreProgress& p) {
    std::fprintf(stderr, "\rgen: %llu states, %llu transitions, %.0f states/s, %.1f MB   ",
                 static_cast<unsigned long long>(p.states), static_cast<unsigned long long>(p.transitions),
                 p.states / std::max(p.seconds, 1e-9), p.memory_bytes / 1e6);
    std::fflush(stderr);
    shown_ = true;
  }
  void end(const frontend::ExploreStats* last) {
    if (!shown_) return;
    if (last) show({last->states, last->transitions, last->seconds, last->store_bytes + last->lts_bytes});
    std::fputc('\n', stderr);
    shown_ = false;
  }

 private:
  bool shown_ = false;
};

// ---- gen --replay (docs/replay.md)

struct ReplayOptions {
  std::string cex, format = "text", dot, property, side;  // side: empty is A
  bool fault = false;
  bool wanted() const { return !cex.empty() || fault; }
};

void add_replay_options(CLI::App& app, ReplayOptions& r) {
  app.add_option("--replay", r.cex,
                 "Instead of the LTS, print a shortest run matching this counterexample of 'refines --cex'")
      ->type_name("FILE");
  app.add_option("--replay-property", r.property,
                 "With several lassos in the file (refines --progress), replay this property's (default: the first)")
      ->type_name("NAME");
  app.add_option("--replay-side", r.side,
                 "With a bisimilarity play (refines --equiv), follow this side: A, the first LTS (default), or B")
      ->type_name("A|B")
      ->check(CLI::IsMember({"A", "B"}));
  app.add_flag("--replay-fault", r.fault, "Instead of the LTS, print a shortest run to a run-time fault");
  app.add_option("--replay-format", r.format, "Form of the replayed run: text (default) or json")
      ->type_name("text|json")
      ->check(CLI::IsMember({"text", "json"}));
  app.add_option("--replay-dot", r.dot, "Also write the heap where the run ends (or its cycle starts) as Graphviz")
      ->type_name("FILE");
}

std::string file_text(const std::string& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw formats::FileError(fmt::format("{}: error: cannot open the {}", path, what));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// reduced: whether gen explores this model with the reduction (a play names its states).
int replay(const frontend::Program& program, const std::string& model, const ReplayOptions& r, bool reduced) {
  using namespace frontend::replay;
  if (!r.cex.empty() && r.fault) throw tools::UsageError("--replay and --replay-fault exclude each other");
  if (!r.dot.empty()) {
    formats::check_output_path(r.dot);
    formats::check_outputs_spare_inputs({r.dot}, {model, r.cex});
  }
  const std::vector<std::string> source =
      model == "-" ? std::vector<std::string>{} : split_lines(file_text(model, "model file"));
  std::optional<Run> run;
  if (r.fault) {
    run = find_fault_run(program);
    if (!run) {
      fmt::print(stderr, "gen: no run of {} with these options reaches a run-time fault\n", model);
      return 2;
    }
  } else {
    const std::vector<Counterexample> all = parse_counterexamples(r.cex, file_text(r.cex, "counterexample file"));
    const Counterexample* chosen = &all.front();
    if (!r.property.empty()) {
      chosen = nullptr;
      for (const Counterexample& c : all)
        if (c.property == r.property && !chosen) chosen = &c;
      if (!chosen) throw tools::UsageError(fmt::format("{} has no '# lasso {}' block", r.cex, r.property));
    }
    const Counterexample& cex = *chosen;
    if (!cex.play && !r.side.empty())
      throw tools::UsageError(fmt::format("--replay-side applies to a play of refines --equiv, and {} is none", r.cex));
    const bool side_a = r.side != "B";
    SearchResult found =
        cex.play ? find_play_run(program, side_path(r.cex, cex, side_a), cex.states[side_a ? 0 : 1], reduced)
                 : find_run(program, cex);
    if (!found.run) {
      fmt::print(stderr, "gen: {}: the counterexample does not belong to this model and these options: {}\n", r.cex,
                 found.why.detail);
      return 2;
    }
    run = std::move(found.run);
  }
  if (!r.dot.empty()) {
    formats::OutputFile dot(r.dot);
    fmt::print(dot.stream(), "{}", render_dot(program, *run));
    dot.commit();
  }
  fmt::print("{}", r.format == "json" ? render_json(program, *run, source) : render_text(program, *run, source));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app(
      "Generate the LTS (.aut) of a concurrent object from its model: K most general client threads,\n"
      "each calling every method with every argument, N times or forever.",
      "gen");
  tools::describe_tool(
      app,
      "Examples:\n"
      "  gen models/treiber_stack.conc --threads 2 --ops 2 -o impl.aut\n"
      "  gen models/treiber_stack.conc --threads 2 --ops 2 --spec -o spec.aut   linearizable specification\n"
      "  gen models/stack_spec.conc --object Stack --values 1..3 | quotient -\n"
      "Labels: call(T,METHOD,ARG...) and ret(T,METHOD[,VALUE]) with T from 1; every other step is 'i',\n"
      "or step(T) with --thread-steps (for refines --progress; quotient --tau=step hides them again).\n"
      "A thread that waits (at a lock held by another thread, or a false await) takes a step that\n"
      "changes nothing.\n"
      "The language is described in docs/language.md.\n"
      "Exit status: 0 on success, 2 on an error (in the model, the options, or a run-time fault such as\n"
      "a null dereference or an exhausted node pool).");
  std::string model, object, ops = "1", values;
  long pool = -1;
  int threads = 2;
  bool spec = false, stats = false, thread_steps = false, no_reduce = false;
  std::string max_states_text;
  tools::OutputOptions output;
  app.add_option("model", model, "Model file (.conc), or '-' for standard input")->type_name("MODEL");
  app.add_option("--object", object, "Object (or spec) to explore; default: the first in the file")->type_name("NAME");
  app.add_option("-t,--threads", threads, "Number of client threads K (default 2)")
      ->type_name("K")
      ->check(CLI::Range(1, 16));
  app.add_option("-n,--ops", ops, "Operations per thread: a number from 1, or 'inf' (default 1)")->type_name("N|inf");
  app.add_option("--values", values, "Domain of 'value': LO..HI or N for 1..N (default: the model's 'values')")
      ->type_name("LO..HI");
  app.add_option("--pool", pool,
                 "Size of every node pool, instead of the model's 'pool' (more operations need more nodes)")
      ->type_name("N")
      ->check(CLI::Range(0L, 100000L));
  app.add_flag("--spec", spec, "Make each method body one atomic step: the linearizable specification");
  app.add_flag("--thread-steps", thread_steps,
               "Write each internal step of thread T as the visible label step(T) instead of 'i'");
  app.add_flag("--no-reduce", no_reduce,
               "The full LTS: no partial-order reduction (docs/reduction.md; it is off with --thread-steps)");
  app.add_option("--max-states", max_states_text,
                 "Stop with an error beyond this many states, N >= 1 (default: no bound but --memory-limit)")
      ->type_name("N");
  std::string jobs_text;
  app.add_option("-j,--jobs", jobs_text,
                 "Explore with N threads (default: the machine's cores); the output is the same for every N")
      ->type_name("N");
  app.add_flag("-v,--verbose,--stats", stats, "Print states, transitions, speed and memory on stderr");
  tools::add_output_options(app, output);
  ReplayOptions replay_options;
  add_replay_options(app, replay_options);
  return tools::run_tool(app, argc, argv, [&] {
    frontend::CompileOptions options;
    options.object = object;
    options.threads = threads;
    options.spec = spec;
    options.ops = parse_ops(ops);
    if (!values.empty()) options.values = parse_values(values);
    if (pool >= 0) options.pool = pool;
    if (model.empty()) throw tools::UsageError("no model file given");
    frontend::ExploreOptions explore;
    if (app.count("--max-states") != 0) explore.max_states = parse_max_states(max_states_text);
    explore.thread_steps = thread_steps;
    explore.reduce = !no_reduce && !thread_steps;  // thread-labelled steps are visible
    explore.workers = app.count("--jobs") != 0 ? parse_jobs(jobs_text) : default_jobs();
    formats::check_output_path(output.path);
    formats::check_outputs_spare_inputs({output.path}, {model});
    const frontend::Program program = frontend::load_model(model, options);
    if (replay_options.wanted()) return replay(program, model, replay_options, explore.reduce);
    ProgressLine progress;
    if (::isatty(STDERR_FILENO)) explore.on_progress = [&](const frontend::ExploreProgress& p) { progress.show(p); };
    frontend::ExploreStats st;
    lts::Lts lts;
    try {
      lts = frontend::explore(program, explore, &st);
    } catch (...) {
      progress.end(nullptr);
      throw;
    }
    progress.end(&st);
    formats::OutputFile out(output.path);
    formats::write_aut(lts, out.stream(), output.aut);
    out.commit();
    if (stats)
      fmt::print(stderr,
                 "gen: {} states, {} transitions, {:.3f} s ({:.3f} s cpu), {:.0f} states/s of cpu, "
                 "{} bytes/state packed, {:.1f} bytes/state stored, {:.1f} MB\n",
                 st.states, st.transitions, st.seconds, st.cpu_seconds, st.states / std::max(st.cpu_seconds, 1e-9),
                 st.record_bytes, static_cast<double>(st.store_bytes) / std::max<std::uint64_t>(st.states, 1),
                 (st.store_bytes + st.lts_bytes) / 1e6);
    return 0;
  });
}
