// Signature refinement for branching bisimulation: the generic rounds of
// bisim/signatures/signature_refinement.hpp over the contracted, tau-acyclic LTS, with
// tau-steps inside a class inert; contract_tau_sccs numbers the states so
// that every tau-step goes down, so increasing numbers take each state after
// its tau-successors.
#include "bisim/signatures/signature_refinement_impl.hpp"

#include <algorithm>

#include "bisim/branching/refiner.hpp"
#include "bisim/signatures/worklist_signatures.hpp"

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

// When no tau-step lies inside a class (below), worklist rounds take over
// from the hashed rounds on a deep answer, instead of the Bloom rounds
// that would spend their budget on a chain of splits, and of partition
// refinement after them (tau-ring with loops: a third of the time and of
// the memory); and from the other rounds when those did not finish.
signatures::SignatureClasses Refiner::signature_classes(std::uint64_t budget) const {
  const SignatureView view{*this};
  if (budget == 0 || worklist_budget_ == 0 || start_constellations_ == Constellations::one_per_class)
    return signatures::signature_classes(view, budget);
  std::vector<std::uint32_t> before;  // the class hashes before the last hashed round
  signatures::SignatureClasses classes = signatures::hashed_rounds(view, &before);
  const bool worklist_first = signatures::is_deep(classes, n_) && nothing_inert(classes.class_of);
  if (worklist_first) {
    // When nothing was inert before the last hashed round either, that
    // round hashed strong signatures, and the first worklist round lists
    // only the predecessors of what it split off the largest parts, as
    // the strong partitioner's does (a tenth off tau-ring with loops).
    const bool listed = !before.empty() && nothing_inert(before);
    std::vector<lts::StateId> first_list;
    if (listed) first_list = signatures::first_list_after(view, classes, signatures::last_split(classes, before));
    std::vector<std::uint32_t>().swap(before);
    signatures::worklist_rounds(view, classes, worklist_budget_, worklist_max_listed_, ~std::uint64_t{0},
                                listed ? &first_list : nullptr);
    // Cut short (the splits came many at a time), the rounds below go on
    // from the classes reached, as they would have from the hashed ones.
    if (classes.fixpoint) return classes;
  }
  std::vector<std::uint32_t>().swap(before);
  classes = signatures::rounds_after_hashed(view, std::move(classes), budget);
  if (!worklist_first && !classes.final() && nothing_inert(classes.class_of))
    signatures::worklist_rounds(view, classes, worklist_budget_, worklist_max_listed_);
  return classes;
}

// With nothing inert, a branching signature is the strong one (every step,
// tau-steps included, with the class of its target), and stays so in every
// finer partition: strong signature refinement from these classes reaches
// branching bisimilarity.
bool Refiner::nothing_inert(const std::vector<std::uint32_t>& cls) const {
  return std::none_of(trans_.begin(), trans_.end(),
                      [&](const lts::Transition& t) { return t.label == lts::tau && cls[t.from] == cls[t.to]; });
}

}  // namespace bisim::branching
