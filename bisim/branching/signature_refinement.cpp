// Signature refinement for branching bisimulation: the generic rounds of
// bisim/signature_refinement.hpp over the contracted, tau-acyclic LTS, with
// tau-steps inside a class inert and the states taken over the tau-DAG from
// its sinks.
#include "bisim/signature_refinement.hpp"

#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

// The states, each after all its tau-successors. Kahn's algorithm over the
// tau-DAG from its sinks, driven by a sweep from the last state down: in
// LTSs numbered breadth-first most tau-steps go to higher numbers, so the
// order stays close to descending and the rounds read memory almost in
// sequence (a stack-driven Kahn order scattered them and cost 3x more on a
// 9*10^6-transition LTS of gen).
std::vector<Refiner::StateId> Refiner::tau_successors_first() const {
  std::vector<std::uint32_t> tau_out(n_, 0);
  for (const lts::Transition& t : trans_)
    if (t.label == lts::tau) ++tau_out[t.from];
  std::vector<StateId> order, ready;
  order.reserve(n_);
  for (StateId sweep = n_; sweep-- > 0;) {
    if (tau_out[sweep] != 0) continue;
    ready.push_back(sweep);
    while (!ready.empty()) {
      const StateId s = ready.back();
      ready.pop_back();
      order.push_back(s);
      // A source below the sweep is reached by the sweep itself.
      for (const StateId w : tau_sources(s))
        if (--tau_out[w] == 0 && w > sweep) ready.push_back(w);
    }
  }
  return order;
}

// The view of this LTS that signature refinement needs.
struct Refiner::SignatureView {
  static constexpr bool tau_can_be_inert = true;
  const Refiner& r;
  StateId num_states() const { return r.n_; }
  std::size_t num_transitions() const { return r.trans_.size(); }
  std::size_t out_degree(StateId s) const { return r.out_begin_[s + 1] - r.out_begin_[s]; }
  template <typename F>
  void steps(StateId s, F f) const {
    for (const lts::Transition& t : r.out(s)) f(t.label, t.to);
  }
  template <typename F>
  std::uint32_t predecessors(StateId s, F f) const {
    for (std::uint32_t i = r.in_begin_[s]; i < r.in_begin_[s + 1]; ++i)
      f((r.in_[i] & visible_tag) ? r.trans_[r.in_[i] & ~visible_tag].from : r.in_[i]);
    return r.in_begin_[s + 1] - r.in_begin_[s];
  }
};

signatures::SignatureClasses Refiner::signature_classes(std::uint64_t budget) const {
  if (budget == 0) return signatures::signature_classes(SignatureView{*this}, {}, 0);
  return signatures::signature_classes(SignatureView{*this}, tau_successors_first(), budget);
}

}  // namespace bisim::branching
