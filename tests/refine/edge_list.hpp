#pragma once
// An LTS written out edge by edge in a test: {from, label, to}, "i" the
// internal action; the state count is one past the largest state named.
#include <algorithm>
#include <initializer_list>
#include <string>
#include <tuple>

#include "lts/lts.hpp"

namespace refine_tests {

inline lts::Lts lts_of(std::initializer_list<std::tuple<lts::StateId, const char*, lts::StateId>> edges) {
  lts::Lts l;
  for (const auto& [from, label, to] : edges) {
    l.transitions.push_back({from, std::string(label) == "i" ? lts::tau : l.labels.intern(label), to});
    l.num_states = std::max({l.num_states, from + 1, to + 1});
  }
  return l;
}

}  // namespace refine_tests
