#include "frontend/explore/error_trace.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "frontend/explore/state_store.hpp"
#include "frontend/reduce/symmetry.hpp"
#include "frontend/run/interpreter.hpp"
#include "frontend/run/labels.hpp"
#include "frontend/run/work_meter.hpp"
#include "lts/builder.hpp"

namespace frontend {

namespace {

constexpr std::size_t max_block = 64;  // longest repeated block looked for

// Repetitions of ids[i, i + len) that follow one another from i, up to `end`.
std::size_t repeats(const std::vector<int>& ids, std::size_t i, std::size_t len, std::size_t end) {
  std::size_t k = 1;
  while (i + (k + 1) * len <= end && std::equal(ids.begin() + i, ids.begin() + i + len, ids.begin() + i + k * len)) ++k;
  return k;
}

// Worth writing as a repetition: a step 4 times or more, a block 3 times or more.
bool worth(std::size_t len, std::size_t k) { return k >= 3 && len * k >= 4; }

// Greedy from the left: at each step, the block (shortest first) whose
// repetitions cover the most steps.
void compress(const std::vector<int>& ids, const std::vector<const std::string*>& names, std::size_t from,
              std::size_t to, std::vector<std::string>& out) {
  for (std::size_t i = from; i < to;) {
    std::size_t best_len = 0, best_k = 0;
    for (std::size_t len = 1; len <= max_block && i + 2 * len <= to; ++len) {
      const std::size_t k = repeats(ids, i, len, to);
      if (worth(len, k) && len * k > best_len * best_k) best_len = len, best_k = k;
    }
    if (best_len == 0) {
      out.push_back(*names[ids[i++]]);
      continue;
    }
    if (best_len == 1) {
      out.push_back(fmt::format("{} x {}", *names[ids[i]], best_k));
    } else {
      std::vector<std::string> block;
      compress(ids, names, i, i + best_len, block);
      out.push_back(fmt::format("[{}] x {}", fmt::join(block, " "), best_k));
    }
    i += best_len * best_k;
  }
}

}  // namespace

std::string compress_run(const std::vector<std::string>& steps) {
  std::map<std::string, int> id_of;
  std::vector<const std::string*> names;
  std::vector<int> ids;
  ids.reserve(steps.size());
  for (const std::string& s : steps) {
    const auto [it, added] = id_of.emplace(s, static_cast<int>(names.size()));
    if (added) names.push_back(&it->first);
    ids.push_back(it->second);
  }
  std::vector<std::string> out;
  compress(ids, names, 0, ids.size(), out);
  return fmt::format("{}", fmt::join(out, " "));
}

std::string run_to(const Program& p, const std::vector<std::int32_t>& goal, const SearchProgress& on_progress,
                   std::uint64_t max_work) {
  struct Parent {
    std::uint32_t from;
    lts::LabelId label;
    int thread;
  };
  lts::LtsBuilder builder;
  Labels labels(p, builder);
  Interpreter interpreter(p, labels);
  interpreter.limit_work(max_work);
  std::uint64_t reported_states = 0;
  std::size_t reported_bytes = 0;
  if (on_progress)
    interpreter.on_work(
        [&](std::uint64_t work) {
          if (work >= WorkMeter::long_step) on_progress(reported_states, reported_bytes, work);
        },
        WorkMeter::long_step);
  StateStore store(p);
  std::vector<std::int32_t> state = p.initial;
  interpreter.initialize(state);
  store.insert(state.data());
  std::vector<Parent> parents{{0, lts::tau, -1}};
  Successors next;
  std::vector<std::pair<std::uint32_t, bool>> inserted;
  // The goal is a state of the full LTS: the reduced one is part of it. For
  // a symmetric program it is the representative of its orbit, which the
  // full LTS may only reach permuted: any state of the orbit is a goal.
  std::optional<lts::ThreadPermutations> group;
  std::unique_ptr<SymmetryCanonicalizer> symmetry;
  if (p.symmetric) {
    group.emplace(p.threads);
    symmetry = std::make_unique<SymmetryCanonicalizer>(p, *group);
  }
  std::vector<std::int32_t> representative;
  auto is_goal = [&](const std::int32_t* s) {
    if (!symmetry) return std::equal(goal.begin(), goal.end(), s);
    representative.assign(s, s + p.state_size);
    symmetry->run(representative.data());
    return representative == goal;
  };
  std::uint32_t target = is_goal(state.data()) ? 0 : UINT32_MAX;
  for (std::uint32_t id = 0; id < store.size() && target == UINT32_MAX; ++id) {
    if (on_progress && (id & 0xFFFF) == 0xFFFF) {
      reported_states = store.size();
      reported_bytes = store.memory() + parents.size() * sizeof(Parent);
      on_progress(reported_states, reported_bytes, 0);
    }
    store.get(id, state.data());
    next.clear();
    std::vector<int> thread_of;
    try {
      for (int t = 0; t < p.threads; ++t) {
        interpreter.successors(state.data(), t, next);
        thread_of.resize(next.labels.size(), t);
      }
    } catch (const formats::ParseError&) {
      continue;  // another fault: the reduced exploration reached the goal without passing here
    }
    store.insert_many(next.states.data(), next.labels.size(), p.state_size, inserted);
    for (std::size_t i = 0; i < inserted.size(); ++i) {
      if (!inserted[i].second) continue;
      parents.push_back({id, next.labels[i], thread_of[i]});
      if (target == UINT32_MAX && is_goal(next.states.data() + i * p.state_size)) target = inserted[i].first;
    }
  }
  if (target >= parents.size()) return "";
  const lts::Lts names = std::move(builder).finish();
  std::vector<std::string> steps;
  for (std::uint32_t s = target; s != 0; s = parents[s].from) {
    const Parent& pr = parents[s];
    steps.push_back(pr.label == lts::tau ? fmt::format("t{}:i", pr.thread + 1) : names.labels.name(pr.label));
  }
  std::reverse(steps.begin(), steps.end());
  return steps.empty() ? "the initial state" : compress_run(steps);
}

}  // namespace frontend
