#pragma once
// Random LTSs for property tests: every fast algorithm is compared with its
// small reference twin on thousands of these. Sizes, label
// counts, tau density, planted tau-cycles and unreachable states all vary.
#include <cstdint>
#include <random>
#include <vector>

#include "lts/lts.hpp"

namespace testing_support {

struct RandomLtsShape {
  std::uint32_t states = 10;
  std::uint32_t transitions = 20;
  std::uint32_t visible_labels = 2;
  double tau_fraction = 0.4;     // share of transitions labelled tau
  std::uint32_t tau_cycles = 1;  // tau-cycles planted on purpose
};

// A shape drawn at random, with at most max_states states.
RandomLtsShape random_shape(std::mt19937_64& rng, std::uint32_t max_states);

// An LTS of that shape. Labels are named a, b, c, ...; state 0 is initial.
// Some states may be unreachable; duplicates are removed.
lts::Lts random_lts(std::mt19937_64& rng, const RandomLtsShape& shape);

// An LTS with at most max_states states whose only cycles are self-loops
// (bisim/acyclic/acyclic_classes.hpp), listed by source; with `tau_groups`, also
// tau-cycles through runs of states that contraction turns into single
// states, leaving the graph acyclic but for self-loops. Few labels and
// short hops, so that many states are equivalent.
lts::Lts random_acyclic_lts(std::mt19937_64& rng, bool tau_groups, std::uint32_t max_states);

// A large LTS made of `kinds` random LTSs of at most max_states states,
// each repeated `copies` times, disjoint, listed by source: copy j of kind
// k holds the states first_state[k] + j * kinds[k].num_states onwards.
// Every copy is bisimilar to its twins while the kinds keep many classes
// apart: what the deep routes of the partitioners meet on large inputs.
struct ReplicatedLts {
  lts::Lts lts;
  std::vector<lts::StateId> first_state;  // per kind: where its first copy starts
  std::vector<lts::Lts> kinds;
};
ReplicatedLts replicated_random_lts(std::mt19937_64& rng, std::uint32_t kinds, std::uint32_t copies,
                                    std::uint32_t max_states);

}  // namespace testing_support
