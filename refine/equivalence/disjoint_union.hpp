#pragma once
// Two LTSs side by side in one: how bisimilarity of two systems is decided
// (seed paper, after Definition 4.3: their initial states are related in the
// disjoint union).
#include "lts/lts.hpp"

namespace refine {

struct DisjointUnion {
  lts::Lts lts;               // A's states first, then B's; labels merged by name
  lts::StateId b_offset = 0;  // B's state s is b_offset + s
  lts::StateId a_initial() const { return lts.initial; }
  lts::StateId b_initial = 0;
};

DisjointUnion disjoint_union(const lts::Lts& a, const lts::Lts& b);

}  // namespace refine
