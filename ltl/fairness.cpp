#include "ltl/fairness.hpp"

#include <map>

#include "lts/reachability.hpp"
#include "refine/progress/thread_steps.hpp"

namespace ltl {

std::optional<Fairness> parse_fairness(const std::string& name) {
  if (name == "none") return Fairness::none;
  if (name == "weak") return Fairness::weak;
  if (name == "strong") return Fairness::strong;
  return std::nullopt;
}

std::optional<ThreadLabels> thread_labels(const lts::Lts& lts) {
  ThreadLabels t;
  t.by_label.assign(lts.labels.size(), 0);
  t.threaded.assign(lts.labels.size(), false);
  std::map<std::uint32_t, std::vector<lts::LabelId>> by_thread;
  for (lts::LabelId id = 1; id < lts.labels.size(); ++id) {
    std::uint32_t thread = 0;
    const refine::LabelKind kind = refine::classify_label(lts.labels.name(id), thread).kind;
    if (kind == refine::LabelKind::other) continue;
    t.threaded[id] = true;
    if (kind != refine::LabelKind::call) by_thread[thread].push_back(id);
  }
  if (by_thread.size() > 64) return std::nullopt;
  for (const auto& [thread, ids] : by_thread) {
    for (lts::LabelId id : ids) t.by_label[id] = ThreadMask{1} << t.threads.size();
    t.threads.push_back(thread);
  }
  return t;
}

std::optional<lts::Transition> unthreaded_transition(const lts::Lts& lts, const ThreadLabels& t) {
  const std::vector<bool> reachable = lts::reachable_states(lts);
  for (const lts::Transition& tr : lts.transitions)
    if (reachable[tr.from] && !t.threaded[tr.label]) return tr;
  return std::nullopt;
}

std::optional<lts::Transition> buffer_transition(const lts::Lts& lts) {
  std::vector<bool> buffer(lts.labels.size(), false);
  bool any = false;
  for (lts::LabelId id = 1; id < lts.labels.size(); ++id) {
    std::uint32_t thread = 0;
    const refine::LabelClass c = refine::classify_label(lts.labels.name(id), thread);
    buffer[id] = c.kind == refine::LabelKind::flush || (c.kind == refine::LabelKind::step && c.stores > 0);
    any = any || buffer[id];
  }
  if (!any) return std::nullopt;
  const std::vector<bool> reachable = lts::reachable_states(lts);
  for (const lts::Transition& tr : lts.transitions)
    if (reachable[tr.from] && buffer[tr.label]) return tr;
  return std::nullopt;
}

std::vector<ThreadMask> enabled_threads(const lts::Lts& lts, const ThreadLabels& t) {
  std::vector<ThreadMask> out(lts.num_states, 0);
  for (const lts::Transition& tr : lts.transitions) out[tr.from] |= t.by_label[tr.label];
  return out;
}

}  // namespace ltl
