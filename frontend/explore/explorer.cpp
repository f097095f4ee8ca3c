#include "frontend/explore/explorer.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <mutex>
#include <optional>
#include <tuple>

#include <fmt/format.h>

#include "frontend/explore/error_trace.hpp"
#include "frontend/explore/state_store.hpp"
#include "frontend/explore/successor_pipeline.hpp"
#include "frontend/reduce/reduction.hpp"
#include "frontend/reduce/symmetry.hpp"
#include "frontend/run/interpreter.hpp"
#include "frontend/run/labels.hpp"
#include "lts/builder.hpp"
#include "lts/chunked_vector.hpp"

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
  // For a symmetric program, after run: the orbit LTS, with run's labels.
  lts::OrbitLts orbits(lts::Lts&& run_result);

 private:
  void insert_chunk(SuccessorChunk& c, LabelIds& labels);
  void expand(std::uint32_t id, const Successors& next, std::uint32_t* rows);
  std::pair<std::uint32_t, bool> insert(std::uint32_t* row, std::uint32_t id);
  [[noreturn]] void fault(std::uint32_t id, const std::exception_ptr& error);
  void report(Clock::time_point now);
  void long_step(std::uint64_t work);
  bool report_due(Clock::time_point now);  // under report_mutex_
  ExploreProgress progress(Clock::time_point now) const {
    return {store_.size(), transitions(), std::chrono::duration<double>(now - start_).count(),
            store_.memory() + builder_.memory() + orbit_steps_.bytes()};
  }
  std::uint64_t transitions() const { return group_ ? orbit_steps_.size() : builder_.num_transitions(); }

  const Program& p_;
  const ExploreOptions& options_;
  lts::LtsBuilder builder_;
  std::unique_ptr<StateStore> states_;
  StateStore& store_;
  Clock::time_point start_ = Clock::now(), last_report_ = start_;
  std::mutex report_mutex_;        // workers report long steps
  ExploreProgress last_progress_;  // what report() last showed
  std::vector<std::tuple<lts::LabelId, lts::StateId, lts::PermutationId>> out_;
  std::vector<std::pair<std::uint32_t, bool>> inserted_;
  lts::TauMerge merged_;  // ExploredStates::merged
  // A symmetric program: the permutations, the initial state's, and the
  // transitions, which carry one each (lts/orbit_lts.hpp).
  std::optional<lts::ThreadPermutations> group_;
  lts::PermutationId initial_permutation_ = lts::ThreadPermutations::identity;
  lts::ChunkedVector<lts::OrbitTransition> orbit_steps_;  // the largest structure: never moved
};

lts::Lts Exploration::run(ExploreStats* stats, bool keep_states) {
  const std::clock_t cpu_start = std::clock();
  // The init block runs with labels of the LTS itself, as in a sequential run.
  Labels init_labels(p_, builder_, options_.thread_steps);
  std::vector<std::int32_t> initial = p_.initial;
  Interpreter init(p_, init_labels);
  init.limit_work(options_.max_work);
  const auto beat = [this](std::uint64_t work) { long_step(work); };
  if (options_.on_progress) init.on_work(beat, WorkMeter::long_step);
  init.initialize(initial);
  if (p_.symmetric) {
    group_.emplace(p_.threads);
    initial_permutation_ = SymmetryCanonicalizer(p_, *group_).run(initial.data());
  }
  store_.insert(initial.data());
  builder_.set_initial(0);

  bool any_call = init_labels.any_call();
  {
    SuccessorPipeline pipeline(p_, store_, std::max(options_.workers, 1u), options_.thread_steps, options_.reduce,
                               group_ ? &*group_ : nullptr);
    pipeline.limit_work(options_.max_work);
    if (options_.on_progress) pipeline.on_work(beat, WorkMeter::long_step);
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
    stats->lts_bytes = builder_.memory() + orbit_steps_.bytes();
  }
  // The states are most of the memory beside the transitions; a caller
  // that does not keep them frees them before the LTS is assembled.
  if (!keep_states) states_.reset();
  lts::Lts l = std::move(builder_).finish();
  // The ample steps leave many states with one internal step and nothing
  // else; the quotient would merge each into its target, so merge them now
  // (not in an orbit LTS, where the step carries a permutation).
  if (options_.reduce && !group_) merged_ = lts::merge_single_tau_states(l);
  if (stats) {
    stats->states = l.num_states;
    stats->transitions = group_ ? orbit_steps_.size() : l.num_transitions();
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
      throw state_limit(options_.max_states, id, transitions());
    out_.emplace_back(next.labels[i], to, group_ ? next.permutations[i] : lts::ThreadPermutations::identity);
  }
  std::sort(out_.begin(), out_.end());
  out_.erase(std::unique(out_.begin(), out_.end()), out_.end());
  if (group_)
    for (auto [label, to, g] : out_) orbit_steps_.push_back({id, label, to, g});
  else
    for (auto [label, to, g] : out_) builder_.add_transition(id, label, to);
}

std::pair<std::uint32_t, bool> Exploration::insert(std::uint32_t* row, std::uint32_t id) {
  const auto inserted = store_.insert_packed(row);
  if (inserted.second && options_.max_states && store_.size() > options_.max_states)
    throw state_limit(options_.max_states, id, transitions());
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
    const auto searched = [&](std::uint64_t states, std::size_t bytes, std::uint64_t step_work) {
      const Clock::time_point now = Clock::now();
      if (!options_.on_progress) return;
      const std::lock_guard<std::mutex> lock(report_mutex_);
      if (!report_due(now)) return;
      options_.on_progress({states, 0, std::chrono::duration<double>(now - start_).count(), bytes,
                            "searching the full LTS for a shortest run to the fault", step_work});
    };
    const std::string run = run_to(p_, state, searched, options_.max_work);
    d.message += run.empty()
                     ? std::string("\nnote: no run to it was found in the full LTS")
                     : fmt::format("\nnote: a run that reaches it (ti:i is an internal step of thread i): {}", run);
    throw formats::ParseError(d);
  }
}

void Exploration::report(Clock::time_point now) {
  const std::lock_guard<std::mutex> lock(report_mutex_);
  if (!report_due(now)) return;
  last_progress_ = progress(now);
  options_.on_progress(last_progress_);
}

// A worker's step has run `work` units so far: between reports of the
// exploring thread, which a long step holds up, a report that it runs.
void Exploration::long_step(std::uint64_t work) {
  if (work < WorkMeter::long_step) return;
  const Clock::time_point now = Clock::now();
  const std::lock_guard<std::mutex> lock(report_mutex_);
  if (!report_due(now)) return;
  ExploreProgress p = last_progress_;
  p.seconds = std::chrono::duration<double>(now - start_).count();
  p.step_work = work;
  options_.on_progress(p);
}

// At most one progress report every progress_seconds, whatever the phase.
bool Exploration::report_due(Clock::time_point now) {
  if (now - last_report_ < std::chrono::duration<double>(options_.progress_seconds)) return false;
  last_report_ = now;
  return true;
}

lts::OrbitLts Exploration::orbits(lts::Lts&& run_result) {
  lts::OrbitLts o;
  o.initial = run_result.initial;
  o.initial_permutation = initial_permutation_;
  o.num_states = run_result.num_states;
  o.labels = std::move(run_result.labels);
  o.transitions = orbit_steps_.take();
  o.label_image = lts::label_images(o.labels, *group_, rename_threads);
  return o;
}

}  // namespace

lts::Lts explore(const Program& p, const ExploreOptions& options, ExploreStats* stats) {
  if (p.symmetric) throw std::invalid_argument("a symmetric program is explored by explore_orbits");
  return Exploration(p, options).run(stats, false);
}

lts::OrbitLts explore_orbits(const Program& p, const ExploreOptions& options, ExploreStats* stats) {
  if (!p.symmetric) throw std::invalid_argument("explore_orbits needs a program compiled with symmetry");
  Exploration exploration(p, options);
  lts::Lts labels_only = exploration.run(stats, false);
  return exploration.orbits(std::move(labels_only));
}

lts::Lts explore(const Program& p, const ExploreOptions& options, ExploreStats* stats, ExploredStates* states) {
  if (p.symmetric) throw std::invalid_argument("a symmetric program is explored by explore_orbits");
  Exploration exploration(p, options);
  lts::Lts result = exploration.run(stats, states != nullptr);
  if (states) *states = exploration.release_states();
  return result;
}

}  // namespace frontend
