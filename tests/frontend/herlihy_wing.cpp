#include "tests/frontend/herlihy_wing.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

namespace frontend::test {

using States = std::vector<lts::StateId>;  // sorted, closed under tau

// Successors by label, built once per LTS.
class Graph {
 public:
  explicit Graph(const lts::Lts& l) : l_(l), out_(l.num_states) {
    for (const lts::Transition& t : l.transitions) out_[t.from].emplace_back(t.label, t.to);
  }
  States closure(States s) const {
    std::set<lts::StateId> seen(s.begin(), s.end());
    for (std::size_t i = 0; i < s.size(); ++i)
      for (auto [label, to] : out_[s[i]])
        if (label == lts::tau && seen.insert(to).second) s.push_back(to);
    return States(seen.begin(), seen.end());
  }
  States after(const States& s, lts::LabelId label) const {
    States next;
    for (lts::StateId x : s)
      for (auto [l, to] : out_[x])
        if (l == label) next.push_back(to);
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    return closure(std::move(next));
  }
  // The visible labels leaving `s`, by name.
  std::set<std::string> visible(const States& s) const {
    std::set<std::string> names;
    for (lts::StateId x : s)
      for (auto [l, to] : out_[x])
        if (l != lts::tau) names.insert(l_.labels.name(l));
    return names;
  }
  const lts::Lts& lts() const { return l_; }

 private:
  const lts::Lts& l_;
  std::vector<std::vector<std::pair<lts::LabelId, lts::StateId>>> out_;
};

namespace {

class HistoryWalk {
 public:
  HistoryWalk(const lts::Lts& impl, std::size_t limit) : g_(impl), limit_(limit) {}
  bool run() { return walk(g_.closure({g_.lts().initial})); }
  std::vector<std::vector<std::string>> histories;

 private:
  // Depth first over the subset construction; the stack of subsets detects a visible cycle.
  bool walk(const States& s) {
    if (!on_stack_.insert(s).second) throw std::logic_error("a visible cycle: the operations are unbounded");
    const std::set<std::string> names = g_.visible(s);
    bool within = true;
    if (names.empty()) {
      histories.push_back(trace_);
      within = histories.size() <= limit_;
    }
    for (auto it = names.begin(); it != names.end() && within; ++it) {
      lts::LabelId id = 0;
      g_.lts().labels.find(*it, id);
      trace_.push_back(*it);
      within = walk(g_.after(s, id));
      trace_.pop_back();
    }
    on_stack_.erase(s);
    return within;
  }

  Graph g_;
  std::size_t limit_;
  std::vector<std::string> trace_;
  std::set<States> on_stack_;
};

struct Operation {
  std::string call, ret;  // ret empty: pending
  std::size_t called = 0, returned = SIZE_MAX;
};

int thread_of(const std::string& label, std::size_t prefix) {
  std::size_t end = label.find_first_of(",)", prefix);
  if (end == std::string::npos) throw std::invalid_argument("not a call or return label: " + label);
  return std::stoi(label.substr(prefix, end - prefix));
}

std::vector<Operation> operations(const std::vector<std::string>& history) {
  std::vector<Operation> ops;
  std::map<int, std::size_t> open;  // thread -> its pending operation
  for (std::size_t i = 0; i < history.size(); ++i) {
    const std::string& e = history[i];
    if (e.rfind("call(", 0) == 0) {
      const int t = thread_of(e, 5);
      if (open.count(t)) throw std::invalid_argument("two calls of one thread without a return");
      open[t] = ops.size();
      ops.push_back({e, "", i, SIZE_MAX});
    } else if (e.rfind("ret(", 0) == 0) {
      const auto it = open.find(thread_of(e, 4));
      if (it == open.end()) throw std::invalid_argument("a return without a call: " + e);
      ops[it->second].ret = e;
      ops[it->second].returned = i;
      open.erase(it);
    } else {
      throw std::invalid_argument("not a call or return label: " + e);
    }
  }
  return ops;
}

// Wing and Gong's search: linearize, one at a time, an operation that no
// operation still left had to precede; failures are remembered by the set
// of operations done and the spec states reached.
class Linearization {
 public:
  Linearization(const std::vector<Operation>& ops, const Graph& spec) : ops_(ops), g_(spec) {
    for (std::size_t i = 0; i < ops.size(); ++i)
      if (!ops[i].ret.empty()) complete_ |= std::uint64_t{1} << i;
  }
  bool run() { return search(0, g_.closure({g_.lts().initial})); }

 private:
  bool search(std::uint64_t done, const States& s) {
    if ((done & complete_) == complete_) return true;
    if (!failed_.emplace(done, s).second) return false;
    for (std::size_t o = 0; o < ops_.size(); ++o) {
      if (done >> o & 1 || !minimal(done, o)) continue;
      States next = step(s, ops_[o].call);
      if (!ops_[o].ret.empty()) next = step(next, ops_[o].ret);  // a pending operation may have taken effect or not
      if (!next.empty() && search(done | std::uint64_t{1} << o, next)) return true;
    }
    return false;
  }
  bool minimal(std::uint64_t done, std::size_t o) const {
    for (std::size_t p = 0; p < ops_.size(); ++p)
      if (!(done >> p & 1) && ops_[p].returned < ops_[o].called) return false;
    return true;
  }
  States step(const States& s, const std::string& label) const {
    lts::LabelId id = 0;
    if (s.empty() || !g_.lts().labels.find(label, id)) return {};
    return g_.after(s, id);
  }

  const std::vector<Operation>& ops_;
  const Graph& g_;
  std::uint64_t complete_ = 0;
  std::set<std::pair<std::uint64_t, States>> failed_;
};

}  // namespace

std::optional<std::vector<std::vector<std::string>>> maximal_histories(const lts::Lts& impl, std::size_t limit) {
  HistoryWalk walk(impl, limit);
  if (!walk.run()) return std::nullopt;
  return std::move(walk.histories);
}

SequentialSpec::SequentialSpec(const lts::Lts& spec) : graph_(std::make_unique<Graph>(spec)) {}
SequentialSpec::~SequentialSpec() = default;

bool SequentialSpec::linearizable(const std::vector<std::string>& history) const {
  const std::vector<Operation> ops = operations(history);
  if (ops.size() > 64) throw std::invalid_argument("more than 64 operations");
  return Linearization(ops, *graph_).run();
}

}  // namespace frontend::test
