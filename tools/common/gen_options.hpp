#pragma once
// gen's options (docs/language.md, "The command line") turned into the
// front end's CompileOptions and ExploreOptions, and its lines on stderr.
#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "frontend/checker.hpp"
#include "frontend/explorer.hpp"
#include "tools/common/tool.hpp"

namespace tools {

struct GenOptions {
  std::string model, object, ops = "1", values;
  long pool = -1;
  int threads = 2;
  bool spec = false, stats = false, thread_steps = false, no_reduce = false;
  std::string max_states_text, jobs_text;  // checked when read (numeric_options)
  OutputOptions output;
};

void add_gen_options(CLI::App& app, GenOptions& g);
frontend::CompileOptions compile_options(const GenOptions& g);
// app: which options were given (--max-states, --jobs have defaults of their own).
frontend::ExploreOptions explore_options(const CLI::App& app, const GenOptions& g);
// The -v line: states, transitions, time, speed and bytes per state.
std::string stats_line(const frontend::ExploreStats& st);

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

}  // namespace tools
