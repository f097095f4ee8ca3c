#pragma once
// The one way every producer (the .aut reader, gen, quotient construction)
// assembles an Lts: intern labels, append transitions, fix the state count.
#include <string_view>

#include "lts/lts.hpp"

namespace lts {

class LtsBuilder {
 public:
  // Labels named like tau are not recognised here; pass lts::tau explicitly.
  LabelId label(std::string_view name) { return lts_.labels.intern(name); }
  const LabelTable& labels() const { return lts_.labels; }
  void reserve(std::size_t transitions) { lts_.transitions.reserve(transitions); }
  void add_transition(StateId from, LabelId label, StateId to);
  void set_initial(StateId s);
  // Grows the state count to at least n (states are 0..n-1).
  void ensure_states(StateId n);
  Lts finish() &&;

 private:
  Lts lts_;
};

}  // namespace lts
