#include "tests/refine/reference_traces.hpp"

namespace refine_test {

namespace {

std::set<lts::StateId> tau_closure(const lts::Lts& lts, std::set<lts::StateId> states) {
  bool grew = true;
  while (grew) {
    grew = false;
    for (const lts::Transition& t : lts.transitions)
      if (t.label == lts::tau && states.count(t.from) && states.insert(t.to).second) grew = true;
  }
  return states;
}

std::set<lts::StateId> step(const lts::Lts& lts, const std::set<lts::StateId>& from, const std::string& label) {
  std::set<lts::StateId> to;
  for (const lts::Transition& t : lts.transitions)
    if (t.label != lts::tau && lts.labels.name(t.label) == label && from.count(t.from)) to.insert(t.to);
  return tau_closure(lts, to);
}

}  // namespace

std::set<lts::StateId> after_trace(const lts::Lts& lts, const Trace& trace) {
  std::set<lts::StateId> states = tau_closure(lts, {lts.initial});
  for (const std::string& label : trace) states = step(lts, states, label);
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
  std::vector<Alive> level{{{}, tau_closure(impl, {impl.initial}), tau_closure(spec, {spec.initial})}};
  for (std::size_t n = 1; n <= max_length && !level.empty(); ++n) {
    std::vector<Alive> next;
    for (const Alive& a : level)
      for (const std::string& label : alphabet) {
        Alive b{a.trace, step(impl, a.impl, label), step(spec, a.spec, label)};
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
