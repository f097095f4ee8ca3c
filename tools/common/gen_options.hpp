#pragma once
// gen's options (docs/language.md, "The command line") turned into the
// front end's CompileOptions and ExploreOptions, and its lines on stderr.
#include <cstdio>
#include <string>

#include "tools/common/cli_fwd.hpp"

#include "frontend/explore/explorer.hpp"
#include "frontend/language/checker.hpp"
#include "tools/common/memory_budget.hpp"
#include "tools/common/tool.hpp"

namespace tools {

struct GenOptions {
  std::string model, object, ops = "1", values;
  long pool = -1;
  int threads = 2;
  bool spec = false, stats = false, thread_steps = false, no_reduce = false, symmetry = false;
  std::string memory = "sc";  // docs/memory-models.md
  int buffer = 2;
  bool buffer_given = false;
  std::string max_states_text, jobs_text;  // checked when read (numeric_options)
  OutputOptions output;
};

void add_gen_options(CLI::App& app, GenOptions& g);
frontend::CompileOptions compile_options(const GenOptions& g);
// app: which options were given (--max-states, --jobs have defaults of their own).
frontend::ExploreOptions explore_options(const CLI::App& app, const GenOptions& g);
// The note gen prints under --memory tso|pso when the default reduction
// loses its partial-order part, or "".
std::string memory_note(const GenOptions& g);
// The -v line: states, transitions, time, speed and bytes per state.
std::string stats_line(const frontend::ExploreStats& st);

// Progress on stderr while gen explores. On a terminal one line, rewritten
// ("\rgen: ...") about once a second and ended by a newline when the
// exploration ends (or fails), so no half line stays. Elsewhere (a log
// file), with -v, a whole line every `log_every` seconds, so that a long run
// written to a log still shows it is alive.
class ProgressLine {
 public:
  // "; one step still runs: N million statements run and state slots copied
  // so far" (ExploreProgress::step_work), or "" for 0.
  static std::string long_step(std::uint64_t step_work);
  explicit ProgressLine(bool terminal, std::FILE* out = stderr, double log_every = 10)
      : terminal_(terminal), out_(out), log_every_(log_every), next_log_(log_every) {}
  void show(const frontend::ExploreProgress& p) {
    if (!terminal_) {
      if (p.seconds < next_log_) return;
      next_log_ = p.seconds + log_every_;
    }
    std::fprintf(out_, "%sgen: %llu states, %llu transitions, %.0f states/s, %.1f MiB (%s%s)%s", terminal_ ? "\r" : "",
                 static_cast<unsigned long long>(p.states), static_cast<unsigned long long>(p.transitions),
                 p.states / std::max(p.seconds, 1e-9), mebibytes(p.memory_bytes), p.phase,
                 long_step(p.step_work).c_str(), terminal_ ? "   " : "\n");
    std::fflush(out_);
    shown_ = terminal_;
  }
  void end(const frontend::ExploreStats* last) {
    if (!shown_) return;
    if (last) show({last->states, last->transitions, last->seconds, last->store_bytes + last->lts_bytes});
    std::fputc('\n', out_);
    shown_ = false;
  }

 private:
  bool terminal_;
  std::FILE* out_;
  double log_every_, next_log_;
  bool shown_ = false;
};

}  // namespace tools
