#include "frontend/explorer.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>

#include <fmt/format.h>

#include "frontend/error_trace.hpp"
#include "frontend/interpreter.hpp"
#include "frontend/labels.hpp"
#include "frontend/reduction.hpp"
#include "frontend/state_store.hpp"
#include "frontend/successor_pipeline.hpp"
#include "lts/builder.hpp"

namespace frontend {

namespace {

using Clock = std::chrono::steady_clock;

StateLimit state_limit(std::uint64_t max_states, std::uint32_t explored, std::uint64_t transitions) {
  return StateLimit(
      fmt::format("stopped at --max-states {}: the state space is larger (more than {} states found, {} of them "
                  "explored, {} transitions); raise the bound, or lower --threads, --ops or the values",
                  max_states, max_states, explored, transitions));
}

// Maps each worker's label ids to the LTS's. The labels each chunk met first
// are interned in chunk order: the order of a single-threaded run
// (successor_pipeline.hpp).
class LabelIds {
 public:
  LabelIds(lts::LtsBuilder& builder, unsigned workers) : builder_(builder), ids_(workers, {lts::tau}) {}
  void learn(const SuccessorChunk& c) {
    for (const std::string& name : c.new_names) ids_[c.worker].push_back(builder_.label(name));
  }
  void translate(unsigned worker, std::vector<lts::LabelId>& labels) const {
    for (lts::LabelId& l : labels) l = ids_[worker][l];
  }

 private:
  lts::LtsBuilder& builder_;
  std::vector<std::vector<lts::LabelId>> ids_;  // per worker: worker label id -> LTS label id
};

// The inserting side of the exploration: state ids, label ids and
// transitions, one state at a time in state-id order.
class Exploration {
 public:
  Exploration(const Program& p, const ExploreOptions& options)
      : p_(p), options_(options), states_(std::make_unique<StateStore>(p)), store_(*states_) {}
  ExploredStates release_states() { return {std::move(states_), std::move(merged_)}; }
  // keep_states: whether release_states() will be called.
  lts::Lts run(ExploreStats* stats, bool keep_states);

 private:
  void insert_chunk(SuccessorChunk& c, LabelIds& labels);
  void expand(std::uint32_t id, const Successors& next, std::uint32_t* rows);
  std::pair<std::uint32_t, bool> insert(std::uint32_t* row, std::uint32_t id);
  [[noreturn]] void fault(std::uint32_t id, const std::exception_ptr& error);
  void report(Clock::time_point now);
  bool report_due(Clock::time_point now);
  ExploreProgress progress(Clock::time_point now) const {
    return {store_.size(), builder_.num_transitions(), std::chrono::duration<double>(now - start_).count(),
            store_.memory() + builder_.memory()};
  }

  const Program& p_;
  const ExploreOptions& options_;
  lts::LtsBuilder builder_;
  std::unique_ptr<StateStore> states_;
  StateStore& store_;
  Clock::time_point start_ = Clock::now(), last_report_ = start_;
  std::vector<std::pair<lts::LabelId, lts::StateId>> out_;
  std::vector<std::pair<std::uint32_t, bool>> inserted_;
  lts::TauMerge merged_;  // ExploredStates::merged
};

lts::Lts Exploration::run(ExploreStats* stats, bool keep_states) {
  const std::clock_t cpu_start = std::clock();
  // The init block runs with labels of the LTS itself, as in a sequential run.
  Labels init_labels(p_, builder_, options_.thread_steps);
  std::vector<std::int32_t> initial = p_.initial;
  Interpreter(p_, init_labels).initialize(initial);
  store_.insert(initial.data());
  builder_.set_initial(0);

  bool any_call = init_labels.any_call();
  {
    SuccessorPipeline pipeline(p_, store_, std::max(options_.workers, 1u), options_.thread_steps, options_.reduce);
    LabelIds labels(builder_, pipeline.workers());
    while (SuccessorChunk* c = pipeline.next(store_.size())) {
      insert_chunk(*c, labels);
      pipeline.release(c);
      if (options_.on_progress) report(Clock::now());
    }
    any_call = any_call || pipeline.any_call();
  }
  builder_.ensure_states(store_.size());
  // A safety net behind the checks on the model and the options: an LTS
  // without a call has no visible trace, and "holds" would be vacuous.
  if (!any_call)
    throw formats::ParseError(formats::Diagnostic{
        p_.file, 0, 0,
        fmt::format("no thread of object '{}' can ever call a method, so the LTS would have no visible action "
                    "and every check on it would hold vacuously",
                    p_.object)});
  if (stats) {
    stats->explored = store_.size();
    stats->record_bytes = store_.record_bytes();
    stats->store_bytes = store_.memory();
    stats->lts_bytes = builder_.memory();
  }
  // The states are most of the memory beside the transitions; a caller
  // that does not keep them frees them before the LTS is assembled.
  if (!keep_states) states_.reset();
  lts::Lts l = std::move(builder_).finish();
  // The ample steps leave many states with one internal step and nothing
  // else; the quotient would merge each into its target, so merge them now.
  if (options_.reduce) merged_ = lts::merge_single_tau_states(l);
  if (stats) {
    stats->states = l.num_states;
    stats->transitions = l.num_transitions();
    stats->seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    stats->cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  }
  return l;
}

void Exploration::insert_chunk(SuccessorChunk& c, LabelIds& labels) {
  labels.learn(c);
  for (std::uint32_t i = 0; i < c.computed; ++i) {
    Successors& next = c.next[i];
    labels.translate(c.worker, next.labels);
    expand(c.first + i, next, c.rows[i].data());
  }
  if (c.error) fault(c.first + c.computed, c.error);
}

// Inserts the successors of `id` and adds its transitions, sorted. With the
// reduction, one ample step alone when it leads to a state numbered after
// this one: the cycle proviso (docs/reduction.md), so every cycle of the
// reduced LTS has a fully expanded state.
void Exploration::expand(std::uint32_t id, const Successors& next, std::uint32_t* rows) {
  const std::size_t row = store_.row_size();
  out_.clear();
  std::size_t first = 0, count = next.labels.size();
  // A candidate whose target is numbered no later than `id` may close a
  // cycle; the next one is tried. Looking a known target up adds no state.
  bool alone = false;
  for (int ample = options_.reduce ? next_ample_candidate(next) : -1; ample >= 0 && !alone;
       ample = next_ample_candidate(next, ample)) {
    const auto target = insert(rows + static_cast<std::size_t>(ample) * row, id);
    if (target.first > id) {
      first = static_cast<std::size_t>(ample), count = 1, alone = true;
      inserted_.assign(1, target);
    }
  }
  if (!alone) store_.insert_many_packed(rows, count, inserted_);
  for (std::size_t i = first; i < first + count; ++i) {
    const auto [to, added] = inserted_[i - first];
    if (added && options_.max_states && store_.size() > options_.max_states)
      throw state_limit(options_.max_states, id, builder_.num_transitions());
    out_.emplace_back(next.labels[i], to);
  }
  std::sort(out_.begin(), out_.end());
  out_.erase(std::unique(out_.begin(), out_.end()), out_.end());
  for (auto [label, to] : out_) builder_.add_transition(id, label, to);
}

std::pair<std::uint32_t, bool> Exploration::insert(std::uint32_t* row, std::uint32_t id) {
  const auto inserted = store_.insert_packed(row);
  if (inserted.second && options_.max_states && store_.size() > options_.max_states)
    throw state_limit(options_.max_states, id, builder_.num_transitions());
  return inserted;
}

// Computing the successors of `id` failed: a run-time fault gets a run that reaches it.
void Exploration::fault(std::uint32_t id, const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const formats::ParseError& e) {
    formats::Diagnostic d = e.diagnostic();
    std::vector<std::int32_t> state(p_.state_size);
    store_.get(id, state.data());
    const auto searched = [&](std::uint64_t states, std::size_t bytes) {
      const Clock::time_point now = Clock::now();
      if (!options_.on_progress || !report_due(now)) return;
      options_.on_progress({states, 0, std::chrono::duration<double>(now - start_).count(), bytes,
                            "searching the full LTS for a shortest run to the fault"});
    };
    d.message += fmt::format("\nnote: a run that reaches it (ti:i is an internal step of thread i): {}",
                             run_to(p_, state, searched));
    throw formats::ParseError(d);
  }
}

void Exploration::report(Clock::time_point now) {
  if (report_due(now)) options_.on_progress(progress(now));
}

// At most one progress report a second, whatever the phase.
bool Exploration::report_due(Clock::time_point now) {
  if (now - last_report_ < std::chrono::seconds(1)) return false;
  last_report_ = now;
  return true;
}

}  // namespace

lts::Lts explore(const Program& p, const ExploreOptions& options, ExploreStats* stats) {
  return Exploration(p, options).run(stats, false);
}

lts::Lts explore(const Program& p, const ExploreOptions& options, ExploreStats* stats, ExploredStates* states) {
  Exploration exploration(p, options);
  lts::Lts result = exploration.run(stats, states != nullptr);
  if (states) *states = exploration.release_states();
  return result;
}

}  // namespace frontend
