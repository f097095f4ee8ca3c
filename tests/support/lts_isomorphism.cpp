#include "tests/support/lts_isomorphism.hpp"

#include <algorithm>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "bisim/bisimulation.hpp"
#include "refine/equivalence/disjoint_union.hpp"

namespace testing_support {

namespace {

bool differ(std::string* why, const std::string& what) {
  if (why) *why = what;
  return false;
}

using NamedTransition = std::tuple<lts::StateId, std::string, lts::StateId>;

// The transitions of `l` with label names, states renamed by `rename`,
// sorted and without duplicates.
std::vector<NamedTransition> named_transitions(const lts::Lts& l, const std::vector<lts::StateId>& rename) {
  std::vector<NamedTransition> out;
  out.reserve(l.transitions.size());
  for (const lts::Transition& t : l.transitions)
    out.emplace_back(rename[t.from], t.label == lts::tau ? std::string() : l.labels.name(t.label), rename[t.to]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

bool identical_lts(const lts::Lts& a, const lts::Lts& b, std::string* why) {
  if (a.num_states != b.num_states) return differ(why, fmt::format("{} states against {}", a.num_states, b.num_states));
  if (a.initial != b.initial) return differ(why, fmt::format("initial state {} against {}", a.initial, b.initial));
  if (a.labels.size() != b.labels.size())
    return differ(why, fmt::format("{} labels against {}", a.labels.size(), b.labels.size()));
  for (lts::LabelId l = 1; l < a.labels.size(); ++l)
    if (a.labels.name(l) != b.labels.name(l))
      return differ(why, fmt::format("label {} is '{}' against '{}'", l, a.labels.name(l), b.labels.name(l)));
  if (a.transitions.size() != b.transitions.size())
    return differ(why, fmt::format("{} transitions against {}", a.transitions.size(), b.transitions.size()));
  for (std::size_t i = 0; i < a.transitions.size(); ++i) {
    const lts::Transition &s = a.transitions[i], &t = b.transitions[i];
    if (s != t)
      return differ(why, fmt::format("transition {} is ({},{},{}) against ({},{},{})", i, s.from, s.label, s.to, t.from,
                                     t.label, t.to));
  }
  return true;
}

bool isomorphic_minimal_lts(const lts::Lts& a, const lts::Lts& b, std::string* why) {
  if (a.num_states != b.num_states) return differ(why, fmt::format("{} states against {}", a.num_states, b.num_states));
  const refine::DisjointUnion u = refine::disjoint_union(a, b);
  const bisim::Partition p = bisim::partition(u.lts, bisim::Equivalence::strong);
  if (p.block[u.a_initial()] != p.block[u.b_initial])
    return differ(why, "the initial states are not strongly bisimilar");
  // The bijection the classes propose: each class one state of a, one of b.
  std::vector<int> in_a(p.num_blocks, 0), in_b(p.num_blocks, 0);
  std::vector<lts::StateId> b_state(p.num_blocks, lts::no_state);
  for (lts::StateId s = 0; s < a.num_states; ++s) ++in_a[p.block[s]];
  for (lts::StateId s = 0; s < b.num_states; ++s) {
    ++in_b[p.block[u.b_offset + s]];
    b_state[p.block[u.b_offset + s]] = s;
  }
  for (lts::StateId s = 0; s < a.num_states; ++s) {
    const std::uint32_t c = p.block[s];
    if (in_a[c] != 1 || in_b[c] != 1)
      return differ(why, fmt::format("state {} of the first is strongly bisimilar to {} of its states and {} of the "
                                     "second's: the LTSs are not isomorphic, or not minimal",
                                     s, in_a[c], in_b[c]));
  }
  std::vector<lts::StateId> to_b(a.num_states), same(b.num_states);
  for (lts::StateId s = 0; s < a.num_states; ++s) to_b[s] = b_state[p.block[s]];
  for (lts::StateId s = 0; s < b.num_states; ++s) same[s] = s;
  if (named_transitions(a, to_b) != named_transitions(b, same))
    return differ(why, "the bijection of bisimilar states does not map the transitions onto each other");
  return true;
}

}  // namespace testing_support
