#pragma once
// Hand-written LTSs for tests, without going through the .aut reader:
// small_lts(3, {{0, "i", 1}, {1, "a", 2}}). The label "i" is tau.
#include <initializer_list>
#include <string_view>

#include "lts/lts.hpp"

namespace testing_support {

struct SmallStep {
  lts::StateId from;
  std::string_view label;
  lts::StateId to;
};

inline lts::Lts small_lts(lts::StateId states, std::initializer_list<SmallStep> steps) {
  lts::Lts l;
  l.num_states = states;
  for (const SmallStep& s : steps)
    l.transitions.push_back({s.from, s.label == "i" ? lts::tau : l.labels.intern(s.label), s.to});
  return l;
}

}  // namespace testing_support
