#include "lts/builder.hpp"

#include <algorithm>

namespace lts {

void LtsBuilder::reserve(std::size_t transitions) {
  if (count_ == 0) {
    in_order_ = false;
    transitions_.reserve(transitions);
  }
}

void LtsBuilder::add_transition(StateId from, LabelId label, StateId to) {
  if (in_order_ && !arcs_of_.empty() && from + 1 < arcs_of_.size()) switch_to_transitions();
  if (in_order_) {
    arcs_.push_back(Arc{label, to});
    count_source(from);
  } else {
    transitions_.push_back(Transition{from, label, to});
  }
  ++count_;
  ensure_states(std::max(from, to) + 1);
}

// arcs_of_ ends at the last source so far.
void LtsBuilder::count_source(StateId from) {
  if (from >= arcs_of_.size()) arcs_of_.resize(std::size_t{from} + 1, 0);
  if (arcs_of_[from] < 255) {
    ++arcs_of_[from];
    return;
  }
  if (more_arcs_.empty() || more_arcs_.back().first != from) more_arcs_.emplace_back(from, 0);
  ++more_arcs_.back().second;
}

// Calls emit(Transition) for every arc in order, freeing each chunk once
// read, and leaves the arcs empty.
template <typename Emit>
void LtsBuilder::drain_arcs(Emit emit) {
  StateId next = 0, from = 0;
  std::size_t left = 0, more = 0;  // arcs of `from` still to come; next entry of more_arcs_
  arcs_.drain([&](const Arc& a) {
    while (left == 0) {
      from = next++;
      left = arcs_of_[from];
      if (more < more_arcs_.size() && more_arcs_[more].first == from) left += more_arcs_[more++].second;
    }
    --left;
    emit(Transition{from, a.label, a.to});
  });
  std::vector<std::uint8_t>().swap(arcs_of_);
  more_arcs_.clear();
}

void LtsBuilder::switch_to_transitions() {
  drain_arcs([&](const Transition& t) { transitions_.push_back(t); });
  in_order_ = false;
}

void LtsBuilder::set_initial(StateId s) {
  lts_.initial = s;
  ensure_states(s + 1);
}

void LtsBuilder::ensure_states(StateId n) { lts_.num_states = std::max(lts_.num_states, n); }

std::size_t LtsBuilder::memory() const {
  return arcs_.bytes() + arcs_of_.size() + more_arcs_.size() * sizeof(more_arcs_[0]) + transitions_.bytes();
}

Lts LtsBuilder::finish() && {
  if (in_order_) {
    // reserve() only claims address space: pages become resident as the
    // arcs are copied in and their chunks freed, so the peak is one copy
    // and a chunk.
    lts_.transitions.reserve(count_);
    drain_arcs([&](const Transition& t) { lts_.transitions.push_back(t); });
  } else {
    lts_.transitions = transitions_.take();
  }
  count_ = 0;
  return std::move(lts_);
}

}  // namespace lts
