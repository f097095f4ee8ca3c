#include "refine/equivalence/disjoint_union.hpp"

#include <limits>
#include <stdexcept>

#include "lts/builder.hpp"

namespace refine {

DisjointUnion disjoint_union(const lts::Lts& a, const lts::Lts& b) {
  if (std::uint64_t{a.num_states} + b.num_states > std::numeric_limits<lts::StateId>::max())
    throw std::length_error("the two LTSs together have too many states");
  lts::LtsBuilder builder;
  builder.reserve(a.transitions.size() + b.transitions.size());
  const auto copy = [&](const lts::Lts& part, lts::StateId offset) {
    std::vector<lts::LabelId> label(part.labels.size(), lts::tau);
    for (lts::LabelId l = 1; l < part.labels.size(); ++l) label[l] = builder.label(part.labels.name(l));
    for (const lts::Transition& t : part.transitions)
      builder.add_transition(t.from + offset, label[t.label], t.to + offset);
  };
  copy(a, 0);
  copy(b, a.num_states);
  builder.ensure_states(a.num_states + b.num_states);
  builder.set_initial(a.initial);
  DisjointUnion u{std::move(builder).finish(), a.num_states};
  u.b_initial = a.num_states + b.initial;
  return u;
}

}  // namespace refine
