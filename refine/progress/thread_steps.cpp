#include "refine/progress/thread_steps.hpp"

#include <algorithm>
#include <charconv>
#include <map>

#include <fmt/format.h>

#include "lts/adjacency.hpp"
#include "lts/reachability.hpp"
#include "refine/text/thread_action.hpp"

namespace refine {

namespace {

// Whether `label` is "step(T)", "step(T,store)", "step(T,store,K)" (K from
// 2) or "step(T,flush)"; T goes to `thread`, the kind and stores to `c`.
bool parse_step(std::string_view label, std::uint32_t& thread, LabelClass& c) {
  if (!label.starts_with("step(") || !label.ends_with(")")) return false;
  label.remove_prefix(5);
  label.remove_suffix(1);
  const auto [rest, error] = std::from_chars(label.data(), label.data() + label.size(), thread);
  if (error != std::errc{} || thread == 0) return false;
  const std::string_view tail(rest, static_cast<std::size_t>(label.data() + label.size() - rest));
  c = {LabelKind::step, 0, 0};
  if (tail.empty()) return true;
  if (tail == ",flush") {
    c.kind = LabelKind::flush;
    return true;
  }
  if (tail == ",store") {
    c.stores = 1;
    return true;
  }
  if (!tail.starts_with(",store,")) return false;
  const std::string_view k = tail.substr(7);
  unsigned stores = 0;
  const auto [end, bad] = std::from_chars(k.data(), k.data() + k.size(), stores);
  if (bad != std::errc{} || end != k.data() + k.size() || stores < 2 || stores > 255 || k[0] == '0') return false;
  c.stores = static_cast<std::uint8_t>(stores);
  return true;
}

std::string state_name(lts::StateId s, const std::vector<lts::StateId>& original) {
  return std::to_string(original.empty() ? s : original[s]);
}

}  // namespace

LabelClass classify_label(const std::string& name, std::uint32_t& thread) {
  if (LabelClass c; parse_step(name, thread, c)) return c;
  if (const auto a = parse_thread_action(name)) {
    thread = a->thread;
    return {a->kind == ThreadAction::Kind::call ? LabelKind::call : LabelKind::ret, 0, 0};
  }
  return {LabelKind::other, 0, 0};
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
  for (const lts::Transition& tr : lts.transitions) {
    if (!t.reachable[tr.from]) continue;
    const LabelClass c = t.label[tr.label];
    if (c.kind == LabelKind::step || c.kind == LabelKind::flush) t.has_steps = true;
    if (c.kind == LabelKind::flush || c.stores != 0) t.has_buffers = true;
  }
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
      throw ProgressInputError(fmt::format("label {} (from state {}) is none of call(T,...), ret(T,...), step(T), "
                                           "step(T,store), step(T,flush)",
                                           lts.labels.name(tr.label), state_name(tr.from, original)));
    has_call = has_call || kind == LabelKind::call;
  }
  if (!has_call) throw ProgressInputError("no reachable call(T,...): not an object system with clients");
  // Propagate the pending sets breadth-first from the initial state.
  std::vector<bool> seen(lts.num_states, false);
  t.pending.assign(lts.num_states, 0);
  // With store labels: the entries in each thread's buffer, by state.
  const std::size_t width = t.has_buffers ? t.threads.size() : 0;
  std::vector<std::uint16_t> count(width * lts.num_states, 0), next(width);
  if (t.has_buffers) t.buffered.assign(lts.num_states, 0);
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
      if (width != 0) std::copy_n(count.begin() + width * s, width, next.begin());
      if (c.kind == LabelKind::flush) {
        // A step of the memory: no pending call needed, an entry needed.
        if (next[c.bit] == 0)
          throw ProgressInputError(fmt::format(
              "inconsistent store buffers: {} from state {}, where the store buffer of thread {} is empty (every "
              "store before it, step({},store), has been flushed)",
              name, state_name(s, original), t.threads[c.bit], t.threads[c.bit]));
        --next[c.bit];
      } else if (c.kind == LabelKind::call) {
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
      } else if (c.stores != 0) {
        if (next[c.bit] + c.stores > 0xffff)
          throw ProgressInputError(fmt::format("{} from state {}: more than 65535 pending stores of thread {}", name,
                                               state_name(s, original), t.threads[c.bit]));
        next[c.bit] = static_cast<std::uint16_t>(next[c.bit] + c.stores);
      }
      if (!seen[tr.to]) {
        seen[tr.to] = true;
        t.pending[tr.to] = q;
        if (width != 0) {
          std::copy(next.begin(), next.end(), count.begin() + width * tr.to);
          for (std::size_t b = 0; b < width; ++b)
            if (next[b] != 0) t.buffered[tr.to] |= ThreadMask{1} << b;
        }
        queue.push_back(tr.to);
      } else if (t.pending[tr.to] != q) {
        throw ProgressInputError(
            fmt::format("inconsistent pending calls: state {} is reached with pending threads {} and with {}",
                        state_name(tr.to, original), thread_list(t, t.pending[tr.to]), thread_list(t, q)));
      } else if (width != 0 && !std::equal(next.begin(), next.end(), count.begin() + width * tr.to)) {
        std::size_t b = 0;
        while (next[b] == count[width * tr.to + b]) ++b;
        throw ProgressInputError(fmt::format(
            "inconsistent store buffers: state {} is reached with {} and with {} pending stores of thread {}",
            state_name(tr.to, original), count[width * tr.to + b], next[b], t.threads[b]));
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
