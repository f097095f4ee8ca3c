#pragma once
// The visible labels of the most general client (docs/language.md, "The
// object system and its labels"): call(T,METHOD,ARG...) and
// ret(T,METHOD[,VALUE]), T from 1; internal steps are tau, or step(T) when
// they are attributed to threads. Each distinct label is formatted once and
// then found in a cache.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/language/program.hpp"
#include "lts/builder.hpp"

namespace frontend {

// A value of type t, as written in labels: 2, true, empty, (1,true), [1,2], {1}, null, Node.1.
std::string format_value(const Program& p, const Type& t, const std::int32_t* v);

// A label with its thread renamed image[t] (threads from 0 in `image`, from
// 1 in the name): call(T,...), ret(T,...) and step(T) name their thread
// first; tau names none.
std::string rename_threads(const std::string& label, const std::vector<int>& image);

class Labels {
 public:
  // thread_steps: internal steps are step(T) instead of tau (gen --thread-steps).
  Labels(const Program& p, lts::LtsBuilder& builder, bool thread_steps = false)
      : p_(p), builder_(builder), thread_steps_(thread_steps) {}
  lts::LabelId call(int thread, int method, const std::int32_t* args);
  // Whether call() was ever asked for a label: some call can happen.
  bool any_call() const { return any_call_; }
  // `pc` identifies the return statement (and so the static type of its value).
  lts::LabelId ret(int thread, int pc, const std::int32_t* value);
  // The label of an internal step of `thread`: tau, or step(T) with thread steps.
  lts::LabelId internal(int thread);
  // Under --memory tso|pso with thread steps (docs/memory-models.md, "Progress
  // properties"): a step of thread's call that appends `stores` entries to its
  // store buffer is step(T,store) (step(T,store,K) for K > 1 entries), and a
  // flush of one entry of its buffer, a step of the memory and not of the
  // thread, is step(T,flush). Both read as step(...) labels, so quotient
  // --tau=step hides them with step(T). Without thread steps both are tau.
  lts::LabelId store(int thread, int stores);
  lts::LabelId flush(int thread);
  bool thread_steps() const { return thread_steps_; }

 private:
  struct Hash {
    std::size_t operator()(const std::vector<std::int32_t>& v) const;
  };
  const Program& p_;
  lts::LtsBuilder& builder_;
  bool any_call_ = false;
  bool thread_steps_;
  std::vector<lts::LabelId> steps_;  // step(T) per thread, made on first use
  std::vector<lts::LabelId> flushes_;  // step(T,flush) per thread, made on first use
  std::vector<std::int32_t> key_;
  std::unordered_map<std::vector<std::int32_t>, lts::LabelId, Hash> cache_;
};

}  // namespace frontend
