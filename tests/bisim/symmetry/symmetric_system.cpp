#include "tests/bisim/symmetry/symmetric_system.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace testing_support {

namespace {

using State = std::vector<int>;  // the locals, then the shared value

std::string label_name(const SymmetricSystem& s, int label, int thread) {
  if (label < 0) return "";
  if (label < s.actions) return "a" + std::to_string(label) + "(" + std::to_string(thread + 1) + ")";
  return "g" + std::to_string(label - s.actions);
}

lts::LabelId intern(lts::LabelTable& labels, const std::string& name) {
  return name.empty() ? lts::tau : labels.intern(name);
}

// Every step of `from`: (label name, thread, successor).
template <typename Visit>
void for_each_step(const SymmetricSystem& s, const State& from, Visit visit) {
  const int shared = from.back();
  for (int t = 0; t < s.threads; ++t)
    for (const SymmetricMove& m : s.moves[static_cast<std::size_t>(from[t] * s.shareds + shared)]) {
      State to = from;
      to[t] = m.local;
      to.back() = m.shared;
      visit(label_name(s, m.label, t), to);
    }
}

// Numbers states breadth-first as they are met.
struct Numbering {
  std::map<State, lts::StateId> ids;
  std::vector<State> queue;
  lts::StateId id(const State& s) {
    auto [at, fresh] = ids.emplace(s, static_cast<lts::StateId>(queue.size()));
    if (fresh) queue.push_back(s);
    return at->second;
  }
};

State initial_state(const SymmetricSystem& s) {
  State st = s.initial_locals;
  st.push_back(s.initial_shared);
  return st;
}

}  // namespace

SymmetricSystem random_symmetric_system(std::mt19937_64& rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  SymmetricSystem s;
  s.threads = pick(2, 3);
  s.locals = pick(2, 4);
  s.shareds = pick(1, 3);
  s.actions = pick(1, 2);
  const int globals = pick(0, 1);
  const int tau_percent = pick(30, 70);
  s.moves.resize(static_cast<std::size_t>(s.locals * s.shareds));
  for (auto& moves : s.moves) {
    const int count = pick(0, 2);
    for (int k = 0; k < count; ++k) {
      const int label = pick(1, 100) <= tau_percent ? -1 : pick(0, s.actions + globals - 1);
      moves.push_back({label, pick(0, s.locals - 1), pick(0, s.shareds - 1)});
    }
  }
  for (int t = 0; t < s.threads; ++t) s.initial_locals.push_back(pick(0, s.locals - 1));
  if (pick(0, 1) == 0) std::sort(s.initial_locals.begin(), s.initial_locals.end());
  s.initial_shared = pick(0, s.shareds - 1);
  return s;
}

lts::Lts expanded_system(const SymmetricSystem& s) {
  lts::Lts m;
  Numbering states;
  states.id(initial_state(s));
  for (std::size_t next = 0; next < states.queue.size(); ++next) {
    const State from = states.queue[next];
    for_each_step(s, from, [&](const std::string& label, const State& to) {
      m.transitions.push_back({static_cast<lts::StateId>(next), intern(m.labels, label), states.id(to)});
    });
  }
  m.num_states = static_cast<lts::StateId>(states.queue.size());
  return m;
}

lts::OrbitLts orbit_system(const SymmetricSystem& s, const lts::ThreadPermutations& group) {
  lts::OrbitLts orbits;
  Numbering states;
  std::vector<int> order(static_cast<std::size_t>(s.threads));
  // The representative of `to` puts at position i the thread order[i] of
  // `to`, locals ascending; the permutation i -> order[i] takes it back.
  auto representative = [&](const State& to) {
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return to[a] < to[b]; });
    State rep = to;
    for (int i = 0; i < s.threads; ++i) rep[i] = to[order[i]];
    return rep;
  };
  states.id(representative(initial_state(s)));
  orbits.initial_permutation = group.find(order);
  for (std::size_t next = 0; next < states.queue.size(); ++next) {
    const State from = states.queue[next];
    for_each_step(s, from, [&](const std::string& label, const State& to) {
      const State rep = representative(to);
      orbits.transitions.push_back(
          {static_cast<lts::StateId>(next), intern(orbits.labels, label), states.id(rep), group.find(order)});
    });
  }
  orbits.num_states = static_cast<lts::StateId>(states.queue.size());
  orbits.label_image = lts::label_images(orbits.labels, group, rename_threads);
  return orbits;
}

std::string rename_threads(const std::string& name, const std::vector<int>& image) {
  const auto open = name.find('(');
  if (open == std::string::npos) return name;
  const int thread = std::stoi(name.substr(open + 1)) - 1;
  return name.substr(0, open + 1) + std::to_string(image[static_cast<std::size_t>(thread)] + 1) + ")";
}

}  // namespace testing_support
