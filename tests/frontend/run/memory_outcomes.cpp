#include "frontend/compile.hpp"
#include "tests/frontend/run/memory_outcomes.hpp"

#include <map>
#include <regex>
#include <utility>

namespace frontend::test {

std::set<Outcome> outcomes(const lts::Lts& l, int threads) {
  // ret(T,METHOD,VALUE): the thread and the value, per label.
  const std::regex ret(R"(ret\((\d+),\w+,(.*)\))");
  std::vector<std::pair<int, std::string>> label_ret(l.labels.size(), {-1, ""});
  for (std::size_t i = 0; i < l.labels.size(); ++i) {
    std::smatch m;
    const std::string& name = l.labels.name(static_cast<lts::LabelId>(i));
    if (std::regex_match(name, m, ret)) label_ret[i] = {std::stoi(m[1]) - 1, m[2]};
  }
  std::vector<std::vector<std::pair<lts::LabelId, lts::StateId>>> out(l.num_states);
  for (const lts::Transition& t : l.transitions) out[t.from].emplace_back(t.label, t.to);
  std::set<std::pair<lts::StateId, Outcome>> seen;
  std::vector<std::pair<lts::StateId, Outcome>> stack{{l.initial, Outcome(threads)}};
  std::set<Outcome> result;
  while (!stack.empty()) {
    auto [s, o] = std::move(stack.back());
    stack.pop_back();
    if (!seen.insert({s, o}).second) continue;
    bool done = true;
    for (const std::string& v : o) done = done && !v.empty();
    if (done) {
      result.insert(o);
      continue;
    }
    for (auto [label, to] : out[s]) {
      Outcome next = o;
      if (const auto& [t, v] = label_ret[label]; t >= 0) next[t] = v;
      stack.emplace_back(to, std::move(next));
    }
  }
  return result;
}

lts::Lts explore_text(const std::string& text, const MemoryRun& run, int threads) {
  CompileOptions o;
  o.threads = threads;
  o.memory = run.memory;
  o.buffer = run.buffer;
  o.reset_dead_locals = run.reduce;
  const Program p = load_model_text("litmus.conc", text, o);
  ExploreOptions e;
  e.reduce = run.reduce;
  e.workers = run.workers;
  return explore(p, e);
}

}  // namespace frontend::test
