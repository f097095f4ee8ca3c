#include "frontend/error_trace.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "frontend/interpreter.hpp"
#include "frontend/labels.hpp"
#include "frontend/state_store.hpp"
#include "lts/builder.hpp"

namespace frontend {

std::string run_to(const Program& p, std::uint32_t target) {
  struct Parent {
    std::uint32_t from;
    lts::LabelId label;
    int thread;
  };
  lts::LtsBuilder builder;
  Labels labels(p, builder);
  Interpreter interpreter(p, labels);
  StateStore store(p);
  std::vector<std::int32_t> state = p.initial;
  interpreter.initialize(state);
  store.insert(state.data());
  std::vector<Parent> parents{{0, lts::tau, -1}};
  Successors next;
  std::vector<std::pair<std::uint32_t, bool>> inserted;
  for (std::uint32_t id = 0; id < store.size() && store.size() <= target; ++id) {
    store.get(id, state.data());
    next.clear();
    std::vector<int> thread_of;
    for (int t = 0; t < p.threads; ++t) {
      interpreter.successors(state.data(), t, next);
      thread_of.resize(next.labels.size(), t);
    }
    store.insert_many(next.states.data(), next.labels.size(), p.state_size, inserted);
    for (std::size_t i = 0; i < inserted.size(); ++i)
      if (inserted[i].second) parents.push_back({id, next.labels[i], thread_of[i]});
  }
  if (target >= parents.size()) return "";
  const lts::Lts names = std::move(builder).finish();
  std::vector<std::string> steps;
  for (std::uint32_t s = target; s != 0; s = parents[s].from) {
    const Parent& pr = parents[s];
    steps.push_back(pr.label == lts::tau ? fmt::format("t{}:i", pr.thread + 1) : names.labels.name(pr.label));
  }
  std::reverse(steps.begin(), steps.end());
  return steps.empty() ? "the initial state" : fmt::format("{}", fmt::join(steps, " "));
}

}  // namespace frontend
