#include "tests/support/random_lts.hpp"

#include <algorithm>
#include <string>

namespace testing_support {

RandomLtsShape random_shape(std::mt19937_64& rng, std::uint32_t max_states) {
  auto pick = [&](std::uint32_t lo, std::uint32_t hi) {
    return std::uniform_int_distribution<std::uint32_t>(lo, hi)(rng);
  };
  RandomLtsShape s;
  s.states = pick(1, std::max<std::uint32_t>(1, max_states));
  s.transitions = pick(0, s.states * pick(1, 4));
  s.visible_labels = pick(1, 4);
  static constexpr double densities[] = {0.0, 0.2, 0.5, 0.8, 1.0};
  s.tau_fraction = densities[pick(0, 4)];
  s.tau_cycles = pick(0, 2);
  return s;
}

lts::Lts random_lts(std::mt19937_64& rng, const RandomLtsShape& shape) {
  lts::Lts l;
  l.num_states = std::max<std::uint32_t>(1, shape.states);
  l.initial = 0;
  std::vector<lts::LabelId> visible;
  for (std::uint32_t i = 0; i < shape.visible_labels; ++i)
    visible.push_back(l.labels.intern(std::string(1, static_cast<char>('a' + i % 26)) +
                                      (i >= 26 ? std::to_string(i) : "")));
  std::uniform_int_distribution<lts::StateId> state(0, l.num_states - 1);
  std::bernoulli_distribution is_tau(shape.tau_fraction);
  std::uniform_int_distribution<std::size_t> label(0, visible.size() - 1);
  for (std::uint32_t i = 0; i < shape.transitions; ++i) {
    const lts::LabelId a = is_tau(rng) ? lts::tau : visible[label(rng)];
    l.transitions.push_back({state(rng), a, state(rng)});
  }
  // Planted tau-cycles: s0 -> s1 -> ... -> s0, of length 1 (a self-loop) up to 4.
  for (std::uint32_t c = 0; c < shape.tau_cycles; ++c) {
    const std::uint32_t len = std::uniform_int_distribution<std::uint32_t>(1, 4)(rng);
    const lts::StateId first = state(rng);
    lts::StateId prev = first;
    for (std::uint32_t k = 1; k < len; ++k) {
      const lts::StateId next = state(rng);
      l.transitions.push_back({prev, lts::tau, next});
      prev = next;
    }
    l.transitions.push_back({prev, lts::tau, first});
  }
  std::sort(l.transitions.begin(), l.transitions.end());
  l.transitions.erase(std::unique(l.transitions.begin(), l.transitions.end()), l.transitions.end());
  return l;
}

}  // namespace testing_support
