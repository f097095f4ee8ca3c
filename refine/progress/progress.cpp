#include "refine/progress/progress.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "refine/progress/fair_cycles.hpp"

namespace refine {

std::string_view progress_name(Progress p) {
  switch (p) {
    case Progress::lock_free: return "lock-free";
    case Progress::wait_free: return "wait-free";
    case Progress::obstruction_free: return "obstruction-free";
    case Progress::deadlock_free: return "deadlock-free";
    case Progress::starvation_free: return "starvation-free";
  }
  return "";
}

std::vector<Progress> parse_progress_list(std::string_view text) {
  if (text == "all") return {std::begin(all_progress), std::end(all_progress)};
  const std::string_view whole = text;
  std::vector<Progress> list;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view word = text.substr(0, comma);
    if (word.empty() || word == "all")
      throw std::invalid_argument(fmt::format("progress properties '{}': {}", whole,
                                              word.empty() ? "a name is missing (an empty list, or a stray comma)"
                                                           : "'all' stands alone, without other names"));
    const auto* p = std::find_if(std::begin(all_progress), std::end(all_progress),
                                 [&](Progress q) { return progress_name(q) == word; });
    if (p == std::end(all_progress))
      throw std::invalid_argument(
          fmt::format("unknown progress property '{}': use lock-free, wait-free, obstruction-free, deadlock-free, "
                      "starvation-free (comma-separated) or all",
                      word));
    if (std::find(list.begin(), list.end(), *p) == list.end()) list.push_back(*p);
    if (comma == std::string_view::npos) return list;
    text.remove_prefix(comma + 1);
  }
}

bool has_thread_steps(const lts::Lts& lts) { return classify(lts).has_steps; }

bool per_thread(Progress p) {
  return p == Progress::wait_free || p == Progress::obstruction_free || p == Progress::starvation_free;
}

namespace {

// Properties of one family search the same sub-graphs.
int family(Progress p) {
  return p == Progress::lock_free || p == Progress::deadlock_free ? 0 : p == Progress::obstruction_free ? 1 : 2;
}

// The sub-graph a violating run of `p` keeps to, for thread bit `b`.
SubGraph sub_graph(Progress p, const ThreadedLts& t, std::size_t b) {
  const ThreadMask bit = ThreadMask{1} << b;
  switch (p) {
    case Progress::lock_free:
    case Progress::deadlock_free: return {t.all(), false, 0};  // steps only: no call can return
    case Progress::obstruction_free: return {bit, false, 0};   // only thread b steps
    default: return {t.all(), true, bit};                      // thread b pending throughout
  }
}

std::string searched(Progress p) {
  switch (p) {
    case Progress::lock_free: return "SCCs of the step transitions";
    case Progress::deadlock_free: return "fair SCCs of the step transitions";
    case Progress::obstruction_free: return "per thread T, SCCs of the step(T) transitions";
    case Progress::wait_free: return "per thread T, SCCs of the states where T is pending";
    case Progress::starvation_free: return "per thread T, fair SCCs of the states where T is pending";
  }
  return "";
}

}  // namespace

std::vector<Progress> by_sub_graph(std::vector<Progress> properties) {
  std::stable_sort(properties.begin(), properties.end(), [](Progress a, Progress b) { return family(a) < family(b); });
  return properties;
}

ProgressChecker::ProgressChecker(const lts::Lts& lts, const ThreadedLts& t, std::string name)
    : lts_(lts), t_(t), name_(std::move(name)), finder_(lts, t) {}

ProgressVerdict ProgressChecker::check(Progress p, ThreadMask threads, bool lasso) {
  ProgressVerdict v;
  v.property = p;
  const std::size_t rounds = per_thread(p) ? t_.threads.size() : 1;
  const bool fair = p == Progress::deadlock_free || p == Progress::starvation_free;
  std::vector<std::string> sizes;
  std::vector<ThreadMask> bad_at(lts_.num_states, 0);
  for (std::size_t b = 0; b < rounds; ++b) {
    const ThreadMask bit = ThreadMask{1} << b;
    if (per_thread(p) && !(threads & bit)) continue;
    const SubGraphSccs& s = sccs(p, b, sub_graph(p, t_, b));
    sizes.push_back(fmt::format("{}{} states, {} transitions, {} SCCs",
                                per_thread(p) ? fmt::format("thread {}: ", t_.threads[b]) : "", s.states, s.transitions,
                                s.components.count));
    std::vector<bool> bad(s.facts.size());
    for (std::size_t c = 0; c < bad.size(); ++c) {
      const ComponentFacts& f = s.facts[c];
      bad[c] = fair ? f.fair() : p == Progress::wait_free ? (f.steps & bit) != 0 : f.has_cycle;
      bad[c] = bad[c] && f.memory_fair();
      if (bad[c]) v.failing |= bit;
    }
    for (lts::StateId st = 0; st < lts_.num_states; ++st)
      if (s.components.of[st] != no_component && bad[s.components.of[st]]) bad_at[st] |= bit;
  }
  v.checked_on = fmt::format("{}: on {} ({} states, {} transitions), {}{}: {}", progress_name(p), name_,
                             lts_.num_states, lts_.num_transitions(), searched(p),
                             t_.has_buffers ? (t_.memory_fairness ? ", flushes included, memory-fair"
                                                                  : ", flushes included, memory fairness off")
                                            : "",
                             fmt::join(sizes, "; "));
  v.holds = v.failing == 0;
  if (v.holds || !lasso) return v;
  std::vector<bool> goal(lts_.num_states);
  for (lts::StateId st = 0; st < lts_.num_states; ++st) goal[st] = bad_at[st] != 0;
  std::vector<lts::Transition> stem = finder_.stem_to(goal);
  const lts::StateId entry = stem.empty() ? lts_.initial : stem.back().to;
  const std::size_t b = static_cast<std::size_t>(std::countr_zero(bad_at[entry]));
  const SubGraph g = sub_graph(p, t_, b);
  std::vector<lts::Transition> cycle =
      finder_.cycle_from(g, sccs(p, b, g), entry, fair, p == Progress::wait_free ? ThreadMask{1} << b : 0);
  v.lasso = describe(std::move(stem), std::move(cycle), per_thread(p) ? t_.threads[b] : 0);
  return v;
}

// The SCCs of `g`, shared by the properties that search the same sub-graph.
const SubGraphSccs& ProgressChecker::sccs(Progress p, std::size_t b, const SubGraph& g) {
  const int f = family(p);
  const auto key = std::pair(f, f == 0 ? std::size_t{0} : b);
  auto it = cache_.find(key);
  if (it == cache_.end()) {
    if (!cache_.empty() && cache_.begin()->first.first != f) cache_.clear();  // one family at a time
    it = cache_.emplace(key, finder_.sccs(g)).first;
  }
  return it->second;
}

ProgressLasso ProgressChecker::describe(std::vector<lts::Transition> stem, std::vector<lts::Transition> cycle,
                                        std::uint32_t thread) const {
  ProgressLasso d{std::move(stem), std::move(cycle), thread, 0, t_.all()};
  for (const lts::Transition& x : d.cycle) {
    const LabelClass c = t_.label[x.label];
    if (c.kind == LabelKind::step) d.stepping |= ThreadMask{1} << c.bit;
    d.pending_forever &= t_.pending[x.from];
  }
  return d;
}

namespace {

// See the public overload; `classified` is classify(lts).
void refuse_malformed_steps(const lts::Lts& lts, const ThreadedLts& classified,
                            const std::vector<lts::StateId>& original) {
  for (const lts::Transition& tr : lts.transitions) {
    const std::string& name = lts.labels.name(tr.label);
    if (classified.reachable[tr.from] && classified.label[tr.label].kind == LabelKind::other && looks_like_step(name))
      throw ProgressInputError(fmt::format("label {} (from state {}) is not a step label step(T), step(T,store), "
                                           "step(T,store,K) or step(T,flush), T a thread from 1",
                                           name, original.empty() ? tr.from : original[tr.from]));
  }
}

}  // namespace

void refuse_malformed_steps(const lts::Lts& lts, const std::vector<lts::StateId>& original) {
  // The label table first: on the plain route (a large LTS without step
  // labels) a reachability pass is then spent only where a slip exists.
  for (lts::LabelId id = 0; id < lts.labels.size(); ++id) {
    std::uint32_t thread = 0;
    const std::string& name = lts.labels.name(id);
    if (id != lts::tau && looks_like_step(name) && classify_label(name, thread).kind == LabelKind::other)
      return refuse_malformed_steps(lts, classify(lts), original);
  }
}

ThreadedLts attribute_progress_input(const lts::Lts& lts, const std::vector<Progress>& properties,
                                     const std::vector<lts::StateId>& original) {
  ThreadedLts classified = classify(lts);
  if (!classified.has_steps) {
    refuse_malformed_steps(lts, classified, original);
    std::vector<std::string_view> names;
    for (const Progress p : properties) names.push_back(progress_name(p));
    throw ProgressInputError(fmt::format(
        "the LTS has no step(T) labels, and {} needs{} to know which thread takes each internal step: make it "
        "with `gen --thread-steps` (and keep step visible: no --tau=step before this check)",
        fmt::join(names, ", "), names.size() == 1 ? "" : " (together)"));
  }
  return attribute_threads(lts, std::move(classified), original);
}

ProgressResult check_progress(const lts::Lts& lts, const std::vector<Progress>& properties,
                              const std::vector<lts::StateId>& original) {
  ProgressResult r{attribute_progress_input(lts, properties, original), {}};
  ProgressChecker checker(lts, r.threads);
  // Properties of one sub-graph family run one after the other, so that
  // their SCCs are computed once.
  std::map<Progress, ProgressVerdict> found;
  for (const Progress p : by_sub_graph(properties)) found.emplace(p, checker.check(p));
  for (const Progress p : properties) r.verdicts.push_back(std::move(found.at(p)));
  return r;
}

}  // namespace refine
