#include "frontend/explorer.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

#include <fmt/format.h>

#include "frontend/error_trace.hpp"
#include "frontend/interpreter.hpp"
#include "frontend/labels.hpp"
#include "frontend/reduction.hpp"
#include "frontend/state_store.hpp"
#include "lts/builder.hpp"

namespace frontend {

namespace {

using Clock = std::chrono::steady_clock;

void progress_line(const StateStore& store, std::uint64_t transitions, double seconds) {
  std::fprintf(stderr, "\rgen: %u states, %llu transitions, %.0f states/s, %.1f MB   ", store.size(),
               static_cast<unsigned long long>(transitions), store.size() / std::max(seconds, 1e-9),
               (store.memory() + transitions * sizeof(lts::Transition)) / 1e6);
  std::fflush(stderr);
}

StateLimit state_limit(std::uint64_t max_states, std::uint32_t explored, std::uint64_t transitions) {
  return StateLimit(fmt::format(
      "stopped at --max-states {}: the state space is larger ({} states explored, {} transitions); "
      "raise the bound, or lower --threads, --ops or the values",
      max_states, explored, transitions));
}

}  // namespace

lts::Lts explore(const Program& p, const ExploreOptions& options, ExploreStats* stats) {
  const auto start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  lts::LtsBuilder builder;
  Labels labels(p, builder, options.thread_steps);
  Interpreter interpreter(p, labels);
  StateStore store(p);
  std::vector<std::int32_t> initial = p.initial;
  interpreter.initialize(initial);
  store.insert(initial.data());
  builder.set_initial(0);

  std::vector<std::int32_t> state(p.state_size);
  Successors next;
  next.record_independent = options.reduce;
  std::vector<std::pair<lts::LabelId, lts::StateId>> out;
  std::vector<std::pair<std::uint32_t, bool>> inserted;
  std::uint64_t transitions = 0;
  auto last_report = start;
  bool reported = false;
  for (std::uint32_t id = 0; id < store.size(); ++id) {
    store.get(id, state.data());
    next.clear();
    try {
      for (int t = 0; t < p.threads; ++t) interpreter.successors(state.data(), t, next);
    } catch (const formats::ParseError& e) {  // a run-time fault: say how to get there
      if (reported) std::fputc('\n', stderr);
      formats::Diagnostic d = e.diagnostic();
      d.message += fmt::format("\nnote: a run that reaches it (ti:i is an internal step of thread i): {}", run_to(p, state));
      throw formats::ParseError(d);
    }
    out.clear();
    // The reduction's cycle proviso (docs/reduction.md): the ample step alone
    // only when it leads to a state numbered after this one, so every cycle
    // of the reduced LTS has a fully expanded state.
    const int ample = options.reduce ? ample_step(next, p) : -1;
    std::size_t first = 0, count = next.labels.size();
    if (ample >= 0) {
      const auto [to, added] = store.insert(next.states.data() + static_cast<std::size_t>(ample) * p.state_size);
      if (added && options.max_states && store.size() > options.max_states) {
        if (reported) std::fputc('\n', stderr);
        throw state_limit(options.max_states, id, transitions);
      }
      if (to > id) first = static_cast<std::size_t>(ample), count = 1;
    }
    store.insert_many(next.states.data() + first * p.state_size, count, p.state_size, inserted);
    for (std::size_t i = first; i < first + count; ++i) {
      const auto [to, added] = inserted[i - first];
      if (added && options.max_states && store.size() > options.max_states) {
        if (reported) std::fputc('\n', stderr);
        throw state_limit(options.max_states, id, transitions);
      }
      out.emplace_back(next.labels[i], to);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    for (auto [label, to] : out) builder.add_transition(id, label, to);
    transitions += out.size();
    if (options.progress && (id & 0x3FFF) == 0) {
      const auto now = Clock::now();
      if (now - last_report > std::chrono::seconds(1)) {
        progress_line(store, transitions, std::chrono::duration<double>(now - start).count());
        last_report = now;
        reported = true;
      }
    }
  }
  builder.ensure_states(store.size());
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (reported) {
    progress_line(store, transitions, seconds);
    std::fputc('\n', stderr);
  }
  // A safety net behind the checks on the model and the options: an LTS
  // without a call has no visible trace, and "holds" would be vacuous.
  if (!labels.any_call())
    throw formats::ParseError(formats::Diagnostic{
        p.file, 0, 0,
        fmt::format("no thread of object '{}' can ever call a method, so the LTS would have no visible action "
                    "and every check on it would hold vacuously",
                    p.object)});
  if (stats) {
    stats->states = store.size();
    stats->transitions = transitions;
    stats->seconds = seconds;
    stats->cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    stats->record_bytes = store.record_bytes();
    stats->store_bytes = store.memory();
    stats->lts_bytes = transitions * sizeof(lts::Transition);
  }
  return std::move(builder).finish();
}

}  // namespace frontend
