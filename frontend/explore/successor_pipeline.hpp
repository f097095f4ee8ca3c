#pragma once
// The successors of the explored states, computed by several threads in
// chunks of consecutive state ids and handed to the explorer in state-id
// order (docs/architecture.md, "Parallel exploration"). The explorer's thread
// inserts chunk k while the workers compute chunks k+1, k+2, ...; when the
// chunk it needs is not ready it computes the next unclaimed chunk itself, so
// one worker (gen -j 1) is the plain sequential loop. Chunks in flight are
// bounded, so the buffers stay small.
//
// Each worker has its own Interpreter and its own Labels, which intern into a
// worker-local table: the successors carry worker label ids, and each chunk
// lists the labels its worker met for the first time, in the order it met
// them. A label's first request in a sequential run is also the first request
// of the worker that computes that state (a worker's chunks come in state
// order), so interning these lists in chunk order gives the LTS the label ids
// of a sequential run.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "frontend/explore/state_store.hpp"
#include "frontend/language/program.hpp"
#include "frontend/run/interpreter.hpp"

namespace frontend {

// The successors of states first .. first + computed - 1.
struct SuccessorChunk {
  std::uint32_t first = 0;
  std::uint32_t size = 0;      // states claimed
  std::uint32_t computed = 0;  // states whose successors are in `next` (< size only after an error)
  std::vector<Successors> next;
  // Per state, its successors packed by the worker (StateStore::pack, one
  // row of row_size() values each), so the inserting thread only interns.
  std::vector<std::vector<std::uint32_t>> rows;
  unsigned worker = 0;
  std::vector<std::string> new_names;  // the worker's labels made in this chunk, in worker id order
  std::exception_ptr error;            // what computing state first + computed threw
  bool ready = false;
};

class SuccessorPipeline {
 public:
  // Reads states from `store` (ids below the `known` given to next()) while
  // the caller inserts into it. workers >= 1 counts the calling thread.
  // record_independent: mark the steps the reduction may take alone.
  // group (a symmetric program only): successors become the representatives
  // of their orbits, with their permutations (frontend/reduce/symmetry.hpp).
  SuccessorPipeline(const Program& p, const StateStore& store, unsigned workers, bool thread_steps,
                    bool record_independent, const lts::ThreadPermutations* group = nullptr);
  ~SuccessorPipeline();  // stops and joins the workers
  SuccessorPipeline(const SuccessorPipeline&) = delete;
  SuccessorPipeline& operator=(const SuccessorPipeline&) = delete;

  // The chunk that starts where the previous one ended, or nullptr when every
  // state below `known` (the store's size, never decreasing) has been handed out.
  SuccessorChunk* next(std::uint32_t known);
  void release(SuccessorChunk* chunk);
  // Each worker's Interpreter::limit_work and on_work; before the first
  // next(). The beat runs on the worker's thread.
  void limit_work(std::uint64_t units);
  void on_work(const WorkMeter::Beat& beat, std::uint64_t every);
  // Whether some worker's Labels was asked for a call label.
  bool any_call() const;
  unsigned workers() const { return static_cast<unsigned>(contexts_.size()); }

  static constexpr std::uint32_t chunk_states = 64;

 private:
  struct Context;  // one worker's interpreter, labels and scratch state
  bool can_claim() const;
  SuccessorChunk* claim();
  void compute(Context& cx, SuccessorChunk& chunk);
  void finish(SuccessorChunk* chunk);  // under the lock
  void work(Context& cx);

  const Program& p_;
  const StateStore& store_;
  bool record_independent_;
  std::vector<std::unique_ptr<Context>> contexts_;  // [0]: the calling thread
  std::size_t max_in_flight_;
  std::mutex mutex_;
  std::condition_variable work_available_, chunk_ready_;
  std::uint32_t known_ = 0, next_claim_ = 0;
  std::deque<SuccessorChunk*> in_flight_;  // claimed, in state order
  std::vector<std::unique_ptr<SuccessorChunk>> chunks_;
  std::vector<SuccessorChunk*> free_;
  bool stop_ = false, failed_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace frontend
