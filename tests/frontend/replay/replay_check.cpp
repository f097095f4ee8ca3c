#include "tests/frontend/replay/replay_check.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "frontend/run/interpreter.hpp"
#include "frontend/run/labels.hpp"
#include "lts/builder.hpp"

namespace frontend::replay {

std::vector<std::string> reexecute(const Program& p, const Run& run) {
  lts::LtsBuilder builder;
  Labels labels(p, builder);
  Interpreter interpreter(p, labels, false);
  std::vector<std::int32_t> state = p.initial;
  interpreter.initialize(state);
  EXPECT_EQ(state, run.initial);
  std::vector<std::string> visible;
  for (const RunStep& step : run.steps) {
    EXPECT_EQ(step.before, state);
    Successors next;
    interpreter.successors(state.data(), step.thread, next);
    bool found = false;
    for (std::size_t i = 0; i < next.labels.size() && !found; ++i) {
      const std::string name = next.labels[i] == lts::tau ? "" : std::string(builder.labels().name(next.labels[i]));
      found = name == step.action &&
              std::equal(step.after.begin(), step.after.end(), next.states.begin() + i * p.state_size);
    }
    EXPECT_TRUE(found) << "a step that its thread cannot take";
    if (!step.action.empty()) visible.push_back(step.action);
    state = step.after;
  }
  return visible;
}

std::vector<std::string> visible_of(const std::vector<CexItem>& items) {
  std::vector<std::string> v;
  for (const CexItem& i : items)
    if (i.visible) v.push_back(i.label);
  return v;
}

}  // namespace frontend::replay
