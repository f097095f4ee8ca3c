// Signature refinement for branching bisimulation: the generic rounds of
// bisim/signature_refinement.hpp over the contracted, tau-acyclic LTS, with
// tau-steps inside a class inert; contract_tau_sccs numbers the states so
// that every tau-step goes down, so increasing numbers take each state after
// its tau-successors.
#include "bisim/signature_refinement.hpp"

#include "bisim/branching/refiner.hpp"

namespace bisim::branching {

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
  // The tau-steps come first (label 0).
  template <typename F>
  void tau_steps(StateId s, F f) const {
    for (const lts::Transition& t : r.out(s)) {
      if (t.label != lts::tau) break;
      f(t.to);
    }
  }
  template <typename F>
  std::uint32_t predecessors(StateId s, F f) const {
    for (std::uint32_t i = r.in_begin_[s]; i < r.in_begin_[s + 1]; ++i)
      f((r.in_[i] & visible_tag) ? r.trans_[r.in_[i] & ~visible_tag].from : r.in_[i]);
    return r.in_begin_[s + 1] - r.in_begin_[s];
  }
};

signatures::SignatureClasses Refiner::signature_classes(std::uint64_t budget) const {
  return signatures::signature_classes(SignatureView{*this}, budget);
}

}  // namespace bisim::branching
