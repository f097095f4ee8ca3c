#include "tests/support/random_lts.hpp"

#include "lts/source_order.hpp"

#include <algorithm>
#include <numeric>
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
    visible.push_back(
        l.labels.intern(std::string(1, static_cast<char>('a' + i % 26)) + (i >= 26 ? std::to_string(i) : "")));
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

// A random LTS whose steps go from lower to higher rank (ranks are a random
// permutation of the states, so the numbering tells nothing), with some
// self-loops, few labels and small fan-out so that many states merge. When
// `tau_groups`, some runs of consecutive ranks also get a tau-cycle through
// them: after contraction each run is one state, and the graph stays
// acyclic but for self-loops.
lts::Lts random_acyclic_lts(std::mt19937_64& rng, bool tau_groups, std::uint32_t max_states) {
  lts::Lts l;
  const lts::StateId n = 1 + static_cast<lts::StateId>(rng() % max_states);
  l.num_states = n;
  const std::uint32_t labels = 1 + rng() % 3;
  for (std::uint32_t a = 0; a < labels; ++a) l.labels.intern(std::string(1, static_cast<char>('a' + a)));
  std::vector<lts::StateId> state_of_rank(n);
  std::iota(state_of_rank.begin(), state_of_rank.end(), 0);
  std::shuffle(state_of_rank.begin(), state_of_rank.end(), rng);
  const double tau_share = (rng() % 5) / 5.0;
  std::bernoulli_distribution is_tau(tau_share);
  const std::uint32_t max_reach = 1 + rng() % 6;  // short hops: deep chains, much sharing
  for (lts::StateId r = 0; r + 1 < n; ++r) {
    const std::uint32_t out = rng() % 4;
    for (std::uint32_t k = 0; k < out; ++k) {
      const lts::StateId target = std::min<lts::StateId>(n - 1, r + 1 + rng() % max_reach);
      const lts::LabelId a = is_tau(rng) ? lts::tau : static_cast<lts::LabelId>(1 + rng() % labels);
      l.transitions.push_back({state_of_rank[r], a, state_of_rank[target]});
    }
  }
  const std::uint32_t loops = rng() % 4;
  for (std::uint32_t k = 0; k < loops; ++k) {
    const lts::StateId s = static_cast<lts::StateId>(rng() % n);
    const lts::LabelId a = rng() % 3 == 0 ? lts::tau : static_cast<lts::LabelId>(1 + rng() % labels);
    l.transitions.push_back({s, a, s});
  }
  if (tau_groups) {
    for (lts::StateId r = 0; r + 1 < n; r += 2 + rng() % 6) {
      if (rng() % 2) continue;
      const lts::StateId last = std::min<lts::StateId>(n - 1, r + 1 + rng() % 3);
      for (lts::StateId q = r; q < last; ++q)
        l.transitions.push_back({state_of_rank[q], lts::tau, state_of_rank[q + 1]});
      l.transitions.push_back({state_of_rank[last], lts::tau, state_of_rank[r]});
    }
  }
  std::sort(l.transitions.begin(), l.transitions.end());
  l.transitions.erase(std::unique(l.transitions.begin(), l.transitions.end()), l.transitions.end());
  std::shuffle(l.transitions.begin(), l.transitions.end(), rng);
  lts::list_by_source(l);
  return l;
}

ReplicatedLts replicated_random_lts(std::mt19937_64& rng, std::uint32_t kinds, std::uint32_t copies,
                                    std::uint32_t max_states) {
  ReplicatedLts r;
  lts::StateId next = 0;
  for (std::uint32_t k = 0; k < kinds; ++k) {
    r.kinds.push_back(random_lts(rng, random_shape(rng, max_states)));
    const lts::Lts& kind = r.kinds.back();
    r.first_state.push_back(next);
    std::vector<lts::LabelId> label(kind.labels.size());
    for (lts::LabelId a = 0; a < kind.labels.size(); ++a)
      label[a] = a == lts::tau ? lts::tau : r.lts.labels.intern(kind.labels.name(a));
    for (std::uint32_t j = 0; j < copies; ++j, next += kind.num_states)
      for (const lts::Transition& t : kind.transitions)
        r.lts.transitions.push_back({next + t.from, label[t.label], next + t.to});
  }
  r.lts.num_states = next;
  r.lts.initial = 0;
  lts::list_by_source(r.lts);
  return r;
}

}  // namespace testing_support
