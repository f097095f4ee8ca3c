#include "tests/refine/random_pairs.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <string>

#include "tests/support/random_lts.hpp"

namespace refine_test {

namespace {

// A copy of `from` keeping each transition with probability `keep`, its
// states renumbered by a random permutation, labels re-interned by name.
lts::Lts sub_lts(std::mt19937_64& rng, const lts::Lts& from, double keep) {
  std::vector<lts::StateId> perm(from.num_states);
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), rng);
  lts::Lts to;
  to.num_states = from.num_states;
  to.initial = perm[from.initial];
  std::bernoulli_distribution kept(keep);
  for (const lts::Transition& t : from.transitions) {
    if (!kept(rng)) continue;
    const lts::LabelId l = t.label == lts::tau ? lts::tau : to.labels.intern(from.labels.name(t.label));
    to.transitions.push_back({perm[t.from], l, perm[t.to]});
  }
  return to;
}

// Adds a few random transitions, visible (names a..d) or tau.
void mutate(std::mt19937_64& rng, lts::Lts& l) {
  std::uniform_int_distribution<lts::StateId> state(0, l.num_states - 1);
  const int count = std::uniform_int_distribution<int>(0, 2)(rng) == 0 ? 2 : 1;
  for (int i = 0; i < count; ++i) {
    const int which = std::uniform_int_distribution<int>(0, 4)(rng);
    const lts::LabelId label = which == 4 ? lts::tau : l.labels.intern(std::string(1, static_cast<char>('a' + which)));
    l.transitions.push_back({state(rng), label, state(rng)});
  }
}

// A long thin LTS: most steps go one or two states forward, a few back, so
// that traces get long before they repeat, and mutations bite late.
lts::Lts layered_lts(std::mt19937_64& rng, std::uint32_t max_states) {
  lts::Lts l;
  l.num_states = std::uniform_int_distribution<std::uint32_t>(2, std::max<std::uint32_t>(2, max_states))(rng);
  const lts::LabelId labels[] = {lts::tau, l.labels.intern("a"), l.labels.intern("b")};
  std::uniform_int_distribution<int> label(0, 2), shape(0, 9);
  for (lts::StateId s = 0; s + 1 < l.num_states; ++s) {
    const int fanout = std::uniform_int_distribution<int>(1, 2)(rng);
    for (int k = 0; k < fanout; ++k) {
      const int kind = shape(rng);
      const lts::StateId to = kind == 0 ? std::uniform_int_distribution<lts::StateId>(0, s)(rng)
                                        : std::min<lts::StateId>(l.num_states - 1, s + 1 + (kind > 6));
      l.transitions.push_back({s, labels[label(rng)], to});
    }
  }
  return l;
}

}  // namespace

std::pair<lts::Lts, lts::Lts> random_pair(std::mt19937_64& rng, std::uint32_t max_states) {
  using testing_support::random_lts;
  using testing_support::random_shape;
  switch (std::uniform_int_distribution<int>(0, 6)(rng)) {
    case 0: return {random_lts(rng, random_shape(rng, max_states)), random_lts(rng, random_shape(rng, max_states))};
    case 1: {  // IMPL inside SPEC: holds
      lts::Lts spec = random_lts(rng, random_shape(rng, max_states));
      lts::Lts impl = sub_lts(rng, spec, 0.8);
      return {std::move(impl), std::move(spec)};
    }
    case 2: {  // IMPL inside SPEC, then mutated
      lts::Lts spec = random_lts(rng, random_shape(rng, max_states));
      lts::Lts impl = sub_lts(rng, spec, 0.9);
      mutate(rng, impl);
      return {std::move(impl), std::move(spec)};
    }
    case 3: {  // SPEC a mutated copy of IMPL with transitions dropped
      lts::Lts impl = random_lts(rng, random_shape(rng, max_states));
      lts::Lts spec = sub_lts(rng, impl, 0.95);
      mutate(rng, spec);
      return {std::move(impl), std::move(spec)};
    }
    case 5: {  // long thin SPEC, IMPL inside it and mutated: late failures
      lts::Lts spec = layered_lts(rng, 2 * max_states);
      lts::Lts impl = sub_lts(rng, spec, 0.9);
      mutate(rng, impl);
      return {std::move(impl), std::move(spec)};
    }
    default: {  // the same LTS, renumbered: holds
      lts::Lts impl = random_lts(rng, random_shape(rng, max_states));
      lts::Lts spec = sub_lts(rng, impl, 1.0);
      return {std::move(impl), std::move(spec)};
    }
  }
}

std::uint64_t random_rounds(std::uint64_t ci_default) {
  if (const char* env = std::getenv("BB_RANDOM_ROUNDS")) return std::strtoull(env, nullptr, 10);
  return ci_default;
}

}  // namespace refine_test
