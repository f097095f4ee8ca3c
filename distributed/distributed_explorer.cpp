#include "distributed/distributed_explorer.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "distributed/all_to_all.hpp"
#include "distributed/ample_queries.hpp"
#include "distributed/level_numbering.hpp"
#include "distributed/lts_gather.hpp"
#include "distributed/orbit_gather.hpp"
#include "distributed/owner_hash.hpp"
#include "distributed/record_exchange.hpp"
#include "distributed/tau_merge.hpp"
#include "formats/diagnostic.hpp"
#include "frontend/explore/error_trace.hpp"
#include "frontend/explore/state_store.hpp"
#include "frontend/language/limits.hpp"
#include "frontend/reduce/reduction.hpp"
#include "frontend/run/interpreter.hpp"
#include "frontend/run/labels.hpp"
#include "lts/builder.hpp"
#include "lts/single_tau_merge.hpp"

namespace distributed {

namespace {

constexpr std::uint32_t unnumbered = std::numeric_limits<std::uint32_t>::max();

// One rank's side of the search.
class Search {
 public:
  Search(const frontend::Program& p, MPI_Comm comm, const ExploreOptions& options)
      : p_(p), comm_(comm), options_(options), store_(p), labels_(p, label_table_, options.thread_steps),
        interpreter_(p, labels_), state_(static_cast<std::size_t>(p.state_size)) {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &ranks_);
    if (ranks_ > 256) throw std::invalid_argument("gen-mpi runs on at most 256 ranks");
    if (p.symmetric) symmetry_.emplace(p);
    find_leaves();
    record_.resize(leaves_.size() + (symmetry_ ? 4 : 3));  // leaves, source, label, index[, permutation]
    row_.resize(store_.row_size());
    exchange_.emplace(comm_, record_.size(), [this](const std::uint32_t* r, int from) { accept(r, from); });
    interpreter_.limit_work(options.max_work);
    next_.record_independent = options.reduce;
    if (options.reduce) queries_.emplace(comm_, leaves_.size());
  }
  // The whole search; then finish(label names, label keys, arrows, states)
  // makes the result (lts_gather.hpp).
  template <typename Finish>
  auto run(ExploreStats* stats, Finish finish);
  OrbitSteps& symmetry() { return *symmetry_; }  // a symmetric program's

 private:
  void find_leaves();
  void learn_labels(std::int64_t state);
  void expand_level(const std::vector<std::uint32_t>& frontier);
  void expand_reduced(const std::vector<std::uint32_t>& frontier);
  void compute(std::uint32_t local);
  void pack_target(std::size_t i);
  void send(std::uint32_t source, std::size_t i);
  bool numbered_by(const std::uint32_t* target, std::uint32_t source);
  void accept(const std::uint32_t* record, int from);
  void number(std::uint32_t a, std::uint32_t b, std::uint64_t* total);

  const frontend::Program& p_;
  MPI_Comm comm_;
  const ExploreOptions& options_;
  int rank_ = 0, ranks_ = 1;
  frontend::StateStore store_;
  lts::LtsBuilder label_table_;  // this rank's labels
  frontend::Labels labels_;
  frontend::Interpreter interpreter_;
  std::vector<LabelKey> label_keys_{LabelKey{}};  // tau
  std::vector<std::int32_t> state_;
  frontend::Successors next_;
  std::vector<std::uint32_t> leaves_;  // the positions of a packed row that pack() writes
  std::vector<std::uint32_t> record_, row_;
  std::optional<RecordExchange> exchange_;
  std::optional<AmpleQueries> queries_;  // with the reduction
  std::vector<std::uint32_t> gid_;   // per local state: its global id
  std::vector<std::uint64_t> key_;   // per local state new in this level: its first discovery
  std::uint32_t level_first_ = 0;    // local id of the first state of the next level
  std::vector<Arrow> arrows_;
  std::optional<OrbitSteps> symmetry_;  // a symmetric program: successors are orbit representatives
};

// pack() writes the leaf values of a row and leaves the inner nodes'
// places to the insert: packing into two rows filled differently shows
// which places are leaves. Only those travel.
void Search::find_leaves() {
  std::vector<std::uint32_t> zero(store_.row_size(), 0), ones(store_.row_size(), ~0u);
  store_.pack(p_.initial.data(), zero.data());
  store_.pack(p_.initial.data(), ones.data());
  for (std::uint32_t i = 0; i < zero.size(); ++i)
    if (zero[i] == ones[i]) leaves_.push_back(i);
}

// The labels this rank interned since the last call, first requested at `state`.
void Search::learn_labels(std::int64_t state) {
  const std::size_t known = label_keys_.size();
  for (std::size_t l = known; l < label_table_.labels().size(); ++l)
    label_keys_.push_back({state, static_cast<std::uint32_t>(l - known)});
}

void Search::accept(const std::uint32_t* record, int from) {
  const std::size_t n = leaves_.size();
  for (std::size_t i = 0; i < n; ++i) row_[leaves_[i]] = record[i];
  const auto [local, added] = store_.insert_packed(row_.data());
  const std::uint64_t key = static_cast<std::uint64_t>(record[n]) << 32 | record[n + 2];
  if (added) {
    gid_.push_back(unnumbered);
    key_.push_back(key);
  } else if (local >= level_first_) {
    key_[local - level_first_] = std::min(key_[local - level_first_], key);
  }
  arrows_.push_back({record[n], static_cast<std::uint32_t>(from) << 24 | record[n + 1], local});
  if (symmetry_) symmetry_->keep(record[n + 3]);
}

// The successors of `local` into next_, its new labels learnt.
void Search::compute(std::uint32_t local) {
  const std::uint32_t source = gid_[local];
  store_.get(local, state_.data());
  next_.clear();
  try {
    for (int t = 0; t < p_.threads; ++t) interpreter_.successors(state_.data(), t, next_);
  } catch (const formats::ParseError& e) {
    formats::Diagnostic d = e.diagnostic();
    const std::string run = frontend::run_to(p_, state_, {}, options_.max_work);
    d.message += run.empty()
                     ? std::string("\nnote: no run to it was found in the full LTS")
                     : fmt::format("\nnote: a run that reaches it (ti:i is an internal step of thread i): {}", run);
    throw formats::ParseError(d);
  }
  learn_labels(source);
  if (label_keys_.size() > (1u << 24)) throw std::length_error("gen-mpi handles at most 2^24 labels per rank");
}

// The packed leaves of successor i into record_[0, leaves).
void Search::pack_target(std::size_t i) {
  std::fill(row_.begin(), row_.end(), 0);
  store_.pack(next_.states.data() + i * state_.size(), row_.data());
  for (std::size_t j = 0; j < leaves_.size(); ++j) record_[j] = row_[leaves_[j]];
}

// Successor i of `source` to its owner. The successor index is i's among
// all successors, kept or not, as gen's first-discovery order counts them.
void Search::send(std::uint32_t source, std::size_t i) {
  const std::size_t n = leaves_.size();
  // Under symmetry the successor becomes its orbit's representative, and
  // the record carries the permutation (orbit_gather.hpp).
  if (symmetry_) record_[n + 3] = symmetry_->canonicalise(next_.states.data() + i * state_.size());
  pack_target(i);
  record_[n] = source;
  record_[n + 1] = next_.labels[i];
  record_[n + 2] = static_cast<std::uint32_t>(i);
  const int owner = owner_of(record_.data(), n, ranks_);
  if (owner == rank_) accept(record_.data(), rank_);
  else exchange_->add(owner, record_.data());
}

void Search::expand_level(const std::vector<std::uint32_t>& frontier) {
  if (queries_) return expand_reduced(frontier);
  for (std::size_t i = 0; i < frontier.size(); ++i) {
    compute(frontier[i]);
    for (std::size_t k = 0; k < next_.labels.size(); ++k) send(gid_[frontier[i]], k);
    if (i % 64 == 63) exchange_->poll();
  }
}

// Whether this rank stores `target` with a global id <= source. Called
// before any successor of the level is numbered: a state stored without an
// id yet is new in this level and gets one after every source.
bool Search::numbered_by(const std::uint32_t* target, std::uint32_t source) {
  std::fill(row_.begin(), row_.end(), 0);
  for (std::size_t j = 0; j < leaves_.size(); ++j) row_[leaves_[j]] = target[j];
  const std::uint32_t local = store_.find_packed(row_.data());
  return local != frontend::PairTable::absent && gid_[local] <= source;
}

// With the reduction: the states without a candidate are expanded at once;
// the others ask the owners of their candidates' targets (ample_queries.hpp),
// then are computed again (the interpreter is deterministic) and send their
// first candidate whose target is not numbered by them, or all successors.
void Search::expand_reduced(const std::vector<std::uint32_t>& frontier) {
  std::vector<std::uint32_t> asking;  // places in frontier
  for (std::size_t i = 0; i < frontier.size(); ++i) {
    const std::uint32_t source = gid_[frontier[i]];
    compute(frontier[i]);
    int ample = frontend::next_ample_candidate(next_);
    if (ample < 0) {
      for (std::size_t k = 0; k < next_.labels.size(); ++k) send(source, k);
    } else {
      const auto state = static_cast<std::uint32_t>(asking.size());
      asking.push_back(static_cast<std::uint32_t>(i));
      for (; ample >= 0; ample = frontend::next_ample_candidate(next_, ample)) {
        // Under symmetry the proviso compares the representatives' ids, as
        // gen's orbit exploration does (docs/reduction.md, "With the
        // partial-order reduction"); send() canonicalises the recomputed
        // successors again.
        if (symmetry_) symmetry_->canonicalise(next_.states.data() + static_cast<std::size_t>(ample) * state_.size());
        pack_target(static_cast<std::size_t>(ample));
        queries_->ask(state, static_cast<std::uint32_t>(ample), source, record_.data(),
                      owner_of(record_.data(), leaves_.size(), ranks_));
      }
    }
    if (i % 64 == 63) exchange_->poll();
  }
  const std::vector<std::int32_t> chosen = queries_->answer(
      asking.size(), [this](const std::uint32_t* target, std::uint32_t source) { return numbered_by(target, source); });
  for (std::size_t a = 0; a < asking.size(); ++a) {
    const std::uint32_t local = frontier[asking[a]];
    compute(local);
    if (chosen[a] >= 0) {
      send(gid_[local], static_cast<std::size_t>(chosen[a]));
    } else {
      for (std::size_t k = 0; k < next_.labels.size(); ++k) send(gid_[local], k);
    }
    if (a % 64 == 63) exchange_->poll();
  }
}

// Gives the states new in this level their global ids, from b on.
void Search::number(std::uint32_t a, std::uint32_t b, std::uint64_t* total) {
  const std::vector<std::uint32_t> ids = number_level(comm_, key_, a, b, total);
  for (std::size_t i = 0; i < ids.size(); ++i) gid_[level_first_ + i] = ids[i];
  key_.clear();
}

template <typename Finish>
auto Search::run(ExploreStats* stats, Finish finish) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::int32_t> initial = p_.initial;
  interpreter_.initialize(initial);
  learn_labels(-1);
  if (symmetry_) symmetry_->initial_permutation = symmetry_->canonicalise(initial.data());
  store_.pack(initial.data(), row_.data());
  for (std::size_t j = 0; j < leaves_.size(); ++j) record_[j] = row_[leaves_[j]];
  if (owner_of(record_.data(), leaves_.size(), ranks_) == rank_) {
    store_.insert_packed(row_.data());
    gid_.push_back(0);
  }
  std::uint32_t a = 0, b = 1;  // the global ids of the current level
  std::uint32_t frontier_first = 0, level = 0;
  std::vector<std::uint32_t> frontier;
  for (;;) {
    // In global id order: a label's first request on this rank is then at
    // its smallest state here (lts_gather.hpp).
    frontier.resize(store_.size() - frontier_first);
    for (std::uint32_t i = 0; i < frontier.size(); ++i) frontier[i] = frontier_first + i;
    std::sort(frontier.begin(), frontier.end(), [&](std::uint32_t x, std::uint32_t y) { return gid_[x] < gid_[y]; });
    level_first_ = store_.size();
    expand_level(frontier);
    exchange_->finish_level();
    std::uint64_t total = 0;
    number(a, b, &total);
    ++level;
    frontier_first = level_first_;
    a = b;
    b = static_cast<std::uint32_t>(b + total);
    if (options_.max_states && b > options_.max_states)
      throw frontend::StateLimit(fmt::format(
          "stopped at --max-states {}: the state space is larger (more than {} states found in {} levels); raise "
          "the bound, or lower --threads, --ops or the values",
          options_.max_states, b, level));
    if (rank_ == 0 && options_.on_level)
      options_.on_level({level, b, total, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
    if (total == 0) break;
  }
  for (Arrow& arrow : arrows_) arrow.target = gid_[arrow.target];
  int any = labels_.any_call() ? 1 : 0, any_all = 0;
  MPI_Allreduce(&any, &any_all, 1, MPI_INT, MPI_MAX, comm_);
  unsigned long long arrows = arrows_.size(), all_arrows = 0;
  MPI_Allreduce(&arrows, &all_arrows, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm_);
  if (stats) {
    stats->levels = level;
    stats->own_states = store_.size();
    stats->bytes_sent = exchange_->bytes_sent();
    stats->records_sent = exchange_->records_sent();
    stats->questions_sent = queries_ ? queries_->questions_sent() : 0;
    stats->store_bytes = store_.memory();
    stats->any_call = any_all != 0;
  }
  std::vector<std::string> names;
  for (std::size_t l = 0; l < label_table_.labels().size(); ++l)
    names.emplace_back(label_table_.labels().name(static_cast<lts::LabelId>(l)));
  auto result = finish(names, label_keys_, std::move(arrows_), b);
  if (stats) {
    stats->states = b;
    stats->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  (void)all_arrows;
  return result;
}

}  // namespace

lts::Lts explore(const frontend::Program& p, MPI_Comm comm, const ExploreOptions& options, ExploreStats* stats) {
  if (p.symmetric) throw std::invalid_argument("gen-mpi explores without symmetry");
  Search search(p, comm, options);
  lts::Lts result = search.run(stats, [comm](const auto& names, const auto& keys, auto&& arrows, std::uint32_t n) {
    return gather_lts(comm, names, keys, std::move(arrows), n);
  });
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  // As gen: the ample steps leave states whose only step is internal, merged
  // into their targets (lts/single_tau_merge.hpp).
  if (options.reduce && rank == 0) lts::merge_single_tau_states(result);
  if (stats) {
    stats->transitions = result.num_transitions();  // rank 0; the others' is 0
    if (rank == 0) stats->states = result.num_states;
  }
  return result;
}

lts::OrbitLts explore_orbits(const frontend::Program& p, MPI_Comm comm, const ExploreOptions& options,
                             ExploreStats* stats) {
  if (!p.symmetric) throw std::invalid_argument("gen-mpi explores orbits of a program compiled with symmetry");
  Search search(p, comm, options);
  OrbitSteps& orbit = search.symmetry();
  lts::OrbitLts result = search.run(stats, [&](const auto& names, const auto& keys, auto&& arrows, std::uint32_t n) {
    return gather_orbit_lts(comm, names, keys, std::move(arrows), std::move(orbit.permutations()), n,
                            orbit.initial_permutation, orbit.group());
  });
  if (stats) stats->transitions = result.transitions.size();  // rank 0; the others' is 0
  return result;
}

SharedLts explore_shared(const frontend::Program& p, MPI_Comm comm, const ExploreOptions& options,
                         ExploreStats* stats) {
  if (p.symmetric) throw std::invalid_argument("gen-mpi explores without symmetry");
  Search search(p, comm, options);
  SharedLts result = search.run(stats, [comm](const auto& names, const auto& keys, auto&& arrows, std::uint32_t n) {
    return share_lts(comm, names, keys, std::move(arrows), n);
  });
  // As explore(), with the merge done across the ranks (tau_merge.hpp).
  if (options.reduce) result.part = merge_single_tau_states(comm, std::move(result.part));
  if (stats) {
    stats->transitions = sum_over_ranks(comm, result.part.target.size());
    stats->states = result.part.num_states;
  }
  return result;
}

}  // namespace distributed
