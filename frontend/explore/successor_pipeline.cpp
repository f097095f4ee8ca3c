#include "frontend/explore/successor_pipeline.hpp"

#include <algorithm>

#include "frontend/reduce/symmetry.hpp"
#include "frontend/run/labels.hpp"
#include "lts/builder.hpp"

namespace frontend {

struct SuccessorPipeline::Context {
  Context(const Program& p, unsigned worker, bool thread_steps, const lts::ThreadPermutations* group)
      : index(worker), labels(p, builder, thread_steps), interpreter(p, labels), state(p.state_size) {
    if (group) symmetry = std::make_unique<SymmetryCanonicalizer>(p, *group);
  }
  unsigned index;
  lts::LtsBuilder builder;  // this worker's label table (ids differ from the LTS's)
  Labels labels;
  Interpreter interpreter;
  std::vector<std::int32_t> state;
  std::unique_ptr<SymmetryCanonicalizer> symmetry;  // for a symmetric program
  std::size_t names_sent = 1;                       // label 0 is tau in every table
};

SuccessorPipeline::SuccessorPipeline(const Program& p, const StateStore& store, unsigned workers, bool thread_steps,
                                     bool record_independent, const lts::ThreadPermutations* group)
    : p_(p), store_(store), record_independent_(record_independent), max_in_flight_(4 * std::max(workers, 1u)) {
  for (unsigned w = 0; w < std::max(workers, 1u); ++w)
    contexts_.push_back(std::make_unique<Context>(p, w, thread_steps, group));
  for (unsigned w = 1; w < contexts_.size(); ++w) threads_.emplace_back([this, w] { work(*contexts_[w]); });
}

SuccessorPipeline::~SuccessorPipeline() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  work_available_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void SuccessorPipeline::limit_work(std::uint64_t units) {
  for (auto& cx : contexts_) cx->interpreter.limit_work(units);
}

void SuccessorPipeline::on_work(const WorkMeter::Beat& beat, std::uint64_t every) {
  for (auto& cx : contexts_) cx->interpreter.on_work(beat, every);
}

bool SuccessorPipeline::any_call() const {
  return std::any_of(contexts_.begin(), contexts_.end(), [](const auto& cx) { return cx->labels.any_call(); });
}

bool SuccessorPipeline::can_claim() const {
  return !stop_ && !failed_ && next_claim_ < known_ && in_flight_.size() < max_in_flight_;
}

SuccessorChunk* SuccessorPipeline::claim() {
  if (free_.empty()) {
    chunks_.push_back(std::make_unique<SuccessorChunk>());
    free_.push_back(chunks_.back().get());
  }
  SuccessorChunk* c = free_.back();
  free_.pop_back();
  c->first = next_claim_;
  c->size = std::min(chunk_states, known_ - next_claim_);
  c->ready = false;
  next_claim_ += c->size;
  in_flight_.push_back(c);
  return c;
}

void SuccessorPipeline::compute(Context& cx, SuccessorChunk& c) {
  c.worker = cx.index;
  c.computed = 0;
  c.error = nullptr;
  c.new_names.clear();
  if (c.next.size() < c.size) c.next.resize(c.size), c.rows.resize(c.size);
  const std::size_t row = store_.row_size(), size = static_cast<std::size_t>(p_.state_size);
  try {
    for (; c.computed < c.size; ++c.computed) {
      store_.get(c.first + c.computed, cx.state.data());
      Successors& next = c.next[c.computed];
      next.clear();
      next.record_independent = record_independent_;
      for (int t = 0; t < p_.threads; ++t) cx.interpreter.successors(cx.state.data(), t, next);
      if (cx.symmetry)
        for (std::size_t i = 0; i < next.labels.size(); ++i)
          next.permutations.push_back(cx.symmetry->run(next.states.data() + i * size));
      std::vector<std::uint32_t>& rows = c.rows[c.computed];
      rows.resize(next.labels.size() * row);
      for (std::size_t i = 0; i < next.labels.size(); ++i) store_.pack(next.states.data() + i * size, &rows[i * row]);
    }
  } catch (...) {
    c.error = std::current_exception();
  }
  const lts::LabelTable& names = cx.builder.labels();
  for (; cx.names_sent < names.size(); ++cx.names_sent) c.new_names.push_back(names.name(cx.names_sent));
}

void SuccessorPipeline::finish(SuccessorChunk* c) {
  c->ready = true;
  if (c->error) failed_ = true;  // later chunks would never be used
}

void SuccessorPipeline::work(Context& cx) {
  std::unique_lock lock(mutex_);
  for (;;) {
    work_available_.wait(lock, [&] { return stop_ || can_claim(); });
    if (stop_) return;
    SuccessorChunk* c = claim();
    lock.unlock();
    compute(cx, *c);
    lock.lock();
    finish(c);
    chunk_ready_.notify_one();
  }
}

SuccessorChunk* SuccessorPipeline::next(std::uint32_t known) {
  std::unique_lock lock(mutex_);
  if (known > known_) {
    known_ = known;
    work_available_.notify_all();
  }
  for (;;) {
    if (!in_flight_.empty() && in_flight_.front()->ready) {
      SuccessorChunk* c = in_flight_.front();
      in_flight_.pop_front();
      work_available_.notify_one();  // room for one more chunk in flight
      return c;
    }
    if (in_flight_.empty() && !can_claim()) return nullptr;  // nothing claimed, nothing left
    if (can_claim()) {                                       // rather than wait, compute the next unclaimed chunk here
      SuccessorChunk* c = claim();
      lock.unlock();
      compute(*contexts_[0], *c);
      lock.lock();
      finish(c);
      continue;
    }
    chunk_ready_.wait(lock);
  }
}

void SuccessorPipeline::release(SuccessorChunk* chunk) {
  std::lock_guard lock(mutex_);
  free_.push_back(chunk);
}

}  // namespace frontend
