#include "refine/progress/thread_steps.hpp"

#include <charconv>
#include <map>

#include <fmt/format.h>

#include "lts/adjacency.hpp"
#include "lts/reachability.hpp"
#include "refine/text/thread_action.hpp"

namespace refine {

namespace {

// Whether `label` is "step(T)"; T goes to `thread`.
bool parse_step(std::string_view label, std::uint32_t& thread) {
  if (!label.starts_with("step(") || !label.ends_with(")")) return false;
  label.remove_prefix(5);
  label.remove_suffix(1);
  const auto [rest, error] = std::from_chars(label.data(), label.data() + label.size(), thread);
  return error == std::errc{} && rest == label.data() + label.size() && thread != 0;
}

std::string state_name(lts::StateId s, const std::vector<lts::StateId>& original) {
  return std::to_string(original.empty() ? s : original[s]);
}

}  // namespace

LabelClass classify_label(const std::string& name, std::uint32_t& thread) {
  if (parse_step(name, thread)) return {LabelKind::step, 0};
  if (const auto a = parse_thread_action(name)) {
    thread = a->thread;
    return {a->kind == ThreadAction::Kind::call ? LabelKind::call : LabelKind::ret, 0};
  }
  return {LabelKind::other, 0};
}

bool looks_like_step(std::string_view name) {
  const std::size_t start = name.find_first_not_of(" \t");
  if (start == std::string_view::npos || !name.substr(start).starts_with("step")) return false;
  const std::size_t after = name.find_first_not_of(" \t", start + 4);
  return after == std::string_view::npos || name[after] == '(';
}

ThreadedLts classify(const lts::Lts& lts) {
  ThreadedLts t;
  t.label.resize(lts.labels.size());
  std::map<std::uint32_t, std::vector<lts::LabelId>> by_thread;
  for (lts::LabelId id = 0; id < lts.labels.size(); ++id) {
    if (id == lts::tau) {
      t.label[id].kind = LabelKind::tau;
      continue;
    }
    std::uint32_t thread = 0;
    t.label[id] = classify_label(lts.labels.name(id), thread);
    if (t.label[id].kind != LabelKind::other) by_thread[thread].push_back(id);
  }
  if (by_thread.size() > 64) throw ProgressInputError("more than 64 threads: progress checks handle at most 64");
  for (const auto& [thread, ids] : by_thread) {
    for (const lts::LabelId id : ids) t.label[id].bit = static_cast<std::uint8_t>(t.threads.size());
    t.threads.push_back(thread);
  }
  t.reachable = lts::reachable_states(lts);
  for (const lts::Transition& tr : lts.transitions)
    if (t.reachable[tr.from] && t.label[tr.label].kind == LabelKind::step) t.has_steps = true;
  return t;
}

ThreadedLts attribute_threads(const lts::Lts& lts, ThreadedLts classified, const std::vector<lts::StateId>& original) {
  ThreadedLts t = std::move(classified);
  bool has_call = false;
  for (const lts::Transition& tr : lts.transitions) {
    if (!t.reachable[tr.from]) continue;
    const LabelKind kind = t.label[tr.label].kind;
    if (kind == LabelKind::tau)
      throw ProgressInputError(
          fmt::format("state {} has an untagged internal step (i) beside step(T) labels: every internal step must name "
                      "its thread (make the LTS with `gen --thread-steps`, and do not hide step in between)",
                      state_name(tr.from, original)));
    if (kind == LabelKind::other)
      throw ProgressInputError(fmt::format("label {} (from state {}) is none of call(T,...), ret(T,...), step(T)",
                                           lts.labels.name(tr.label), state_name(tr.from, original)));
    has_call = has_call || kind == LabelKind::call;
  }
  if (!has_call) throw ProgressInputError("no reachable call(T,...): not an object system with clients");
  // Propagate the pending sets breadth-first from the initial state.
  std::vector<bool> seen(lts.num_states, false);
  t.pending.assign(lts.num_states, 0);
  const lts::Adjacency out(lts, lts::Direction::forward);
  std::vector<lts::StateId> queue{lts.initial};
  seen[lts.initial] = true;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const lts::StateId s = queue[head];
    const ThreadMask p = t.pending[s];
    for (const std::uint32_t e : out.of(s)) {
      const lts::Transition& tr = lts.transitions[e];
      const LabelClass c = t.label[tr.label];
      const ThreadMask bit = ThreadMask{1} << c.bit;
      const std::string& name = lts.labels.name(tr.label);
      ThreadMask q = p;
      if (c.kind == LabelKind::call) {
        if (p & bit)
          throw ProgressInputError(
              fmt::format("inconsistent pending calls: {} from state {}, where thread {} "
                          "already has a pending call",
                          name, state_name(s, original), t.threads[c.bit]));
        q = p | bit;
      } else if (!(p & bit)) {
        throw ProgressInputError(
            fmt::format("inconsistent pending calls: {} from state {}, where thread {} has "
                        "no pending call",
                        name, state_name(s, original), t.threads[c.bit]));
      } else if (c.kind == LabelKind::ret) {
        q = p & ~bit;
      }
      if (!seen[tr.to]) {
        seen[tr.to] = true;
        t.pending[tr.to] = q;
        queue.push_back(tr.to);
      } else if (t.pending[tr.to] != q) {
        throw ProgressInputError(
            fmt::format("inconsistent pending calls: state {} is reached with pending threads {} and with {}",
                        state_name(tr.to, original), thread_list(t, t.pending[tr.to]), thread_list(t, q)));
      }
    }
  }
  return t;
}

std::string thread_list(const ThreadedLts& t, ThreadMask mask) {
  std::vector<std::uint32_t> ids;
  for (std::size_t b = 0; b < t.threads.size(); ++b)
    if (mask & (ThreadMask{1} << b)) ids.push_back(t.threads[b]);
  return fmt::format("{{{}}}", fmt::join(ids, ","));
}

}  // namespace refine
