#include "tests/refine/reference_traces.hpp"

namespace refine_test {

namespace {

// Outgoing transitions per state: (label name, target), tau as "".
using Successors = std::vector<std::vector<std::pair<std::string, lts::StateId>>>;

Successors successors(const lts::Lts& lts) {
  Successors out(lts.num_states);
  for (const lts::Transition& t : lts.transitions)
    out[t.from].emplace_back(t.label == lts::tau ? "" : lts.labels.name(t.label), t.to);
  return out;
}

std::set<lts::StateId> tau_closure(const Successors& out, std::set<lts::StateId> states) {
  std::vector<lts::StateId> work(states.begin(), states.end());
  while (!work.empty()) {
    const lts::StateId s = work.back();
    work.pop_back();
    for (const auto& [label, to] : out[s])
      if (label.empty() && states.insert(to).second) work.push_back(to);
  }
  return states;
}

std::set<lts::StateId> step(const Successors& out, const std::set<lts::StateId>& from, const std::string& label) {
  std::set<lts::StateId> to;
  for (const lts::StateId s : from)
    for (const auto& [l, t] : out[s])
      if (l == label) to.insert(t);
  return tau_closure(out, to);
}

}  // namespace

std::set<lts::StateId> after_trace(const lts::Lts& lts, const Trace& trace) {
  const Successors out = successors(lts);
  std::set<lts::StateId> states = tau_closure(out, {lts.initial});
  for (const std::string& label : trace) states = step(out, states, label);
  return states;
}

std::set<std::string> weakly_enabled(const lts::Lts& lts, const std::set<lts::StateId>& states) {
  std::set<std::string> labels;
  for (const lts::Transition& t : lts.transitions)
    if (t.label != lts::tau && states.count(t.from)) labels.insert(lts.labels.name(t.label));
  return labels;
}

std::optional<std::size_t> reference_shortest_counterexample(const lts::Lts& impl, const lts::Lts& spec,
                                                             std::size_t max_length) {
  std::set<std::string> alphabet;
  for (const lts::Transition& t : impl.transitions)
    if (t.label != lts::tau) alphabet.insert(impl.labels.name(t.label));
  // Every trace of length n that both can do, as (trace, impl states, spec states).
  struct Alive {
    Trace trace;
    std::set<lts::StateId> impl, spec;
  };
  const Successors impl_out = successors(impl), spec_out = successors(spec);
  std::vector<Alive> level{{{}, tau_closure(impl_out, {impl.initial}), tau_closure(spec_out, {spec.initial})}};
  for (std::size_t n = 1; n <= max_length && !level.empty(); ++n) {
    std::vector<Alive> next;
    for (const Alive& a : level)
      for (const std::string& label : alphabet) {
        Alive b{a.trace, step(impl_out, a.impl, label), step(spec_out, a.spec, label)};
        if (b.impl.empty()) continue;
        if (b.spec.empty()) return n;
        b.trace.push_back(label);
        next.push_back(std::move(b));
      }
    level = std::move(next);
  }
  return std::nullopt;
}

}  // namespace refine_test
