#pragma once
// Random LTSs for property tests: every fast algorithm is compared with its
// small reference twin on thousands of these (DESIGN.md). Sizes, label
// counts, tau density, planted tau-cycles and unreachable states all vary.
#include <cstdint>
#include <random>

#include "lts/lts.hpp"

namespace testing_support {

struct RandomLtsShape {
  std::uint32_t states = 10;
  std::uint32_t transitions = 20;
  std::uint32_t visible_labels = 2;
  double tau_fraction = 0.4;  // share of transitions labelled tau
  std::uint32_t tau_cycles = 1;  // tau-cycles planted on purpose
};

// A shape drawn at random, with at most max_states states.
RandomLtsShape random_shape(std::mt19937_64& rng, std::uint32_t max_states);

// An LTS of that shape. Labels are named a, b, c, ...; state 0 is initial.
// Some states may be unreachable; duplicates are removed.
lts::Lts random_lts(std::mt19937_64& rng, const RandomLtsShape& shape);

// An LTS with at most max_states states whose only cycles are self-loops
// (bisim/acyclic_classes.hpp), listed by source; with `tau_groups`, also
// tau-cycles through runs of states that contraction turns into single
// states, leaving the graph acyclic but for self-loops. Few labels and
// short hops, so that many states are equivalent.
lts::Lts random_acyclic_lts(std::mt19937_64& rng, bool tau_groups, std::uint32_t max_states);

}  // namespace testing_support
