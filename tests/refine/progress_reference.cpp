#include "tests/refine/progress_reference.hpp"

#include <map>
#include <string>

namespace refine_test {

namespace {

struct Parsed {
  char kind;  // 'c' call, 'r' ret, 's' step (also step(T,store..)), 'f' step(T,flush)
  unsigned thread;
};

Parsed parse(const std::string& name) {
  const std::size_t open = name.find('(');
  const char kind = name.ends_with(",flush)") ? 'f' : name[0];
  return {kind, static_cast<unsigned>(std::stoul(name.substr(open + 1)))};
}

std::uint32_t buffered_at(const ThreadLts& t, lts::StateId s) { return t.buffered.empty() ? 0 : t.buffered[s]; }

constexpr unsigned mixed = 1000;

// The facts after one more transition; `alone` starts at 0 meaning "no
// transition yet" while searching and becomes `mixed` on a second thread.
CycleFacts extend(const ThreadLts& t, CycleFacts f, const lts::Transition& x) {
  const Parsed p = parse(t.lts.labels.name(x.label));
  const std::uint32_t bit = 1u << (p.thread - 1);
  if (p.kind == 'r') f.returns |= bit;
  if (p.kind == 's') f.steps |= bit;
  if (p.kind == 'f') f.flushes |= bit;
  f.always_pending &= t.pending[x.to];
  f.buffered |= buffered_at(t, x.to);
  // A flush is the memory's: a thread runs alone beside it.
  if (p.kind != 'f') f.alone = p.kind == 's' && (f.alone == 0 || f.alone == p.thread) ? p.thread : mixed;
  return f;
}

}  // namespace

ThreadLts random_thread_lts(std::mt19937_64& rng) {
  ThreadLts t;
  t.threads = 1 + rng() % 3;
  const unsigned nodes = 1 + rng() % 5;
  const unsigned fan = 1 + rng() % 3;
  std::map<std::pair<unsigned, std::uint32_t>, lts::StateId> id;
  std::vector<std::pair<unsigned, std::uint32_t>> states;
  const auto state = [&](unsigned node, std::uint32_t mask) {
    const auto [it, added] = id.emplace(std::pair(node, mask), static_cast<lts::StateId>(states.size()));
    if (added) {
      states.emplace_back(node, mask);
      t.pending.push_back(mask);
    }
    return it->second;
  };
  const auto add = [&](lts::StateId from, const std::string& label, lts::StateId to) {
    t.lts.transitions.push_back({from, t.lts.labels.intern(label), to});
  };
  state(0, 0);
  add(0, "call(1,m)", state(rng() % nodes, 1));
  for (lts::StateId s = 0; s < states.size() && s < 40; ++s) {
    const auto [node, mask] = states[s];
    const unsigned out = rng() % (fan + 1);
    for (unsigned k = 0; k < out; ++k) {
      const unsigned thread = 1 + rng() % t.threads;
      const std::uint32_t bit = 1u << (thread - 1);
      const unsigned to = rng() % nodes;
      if (!(mask & bit)) add(s, "call(" + std::to_string(thread) + ",m)", state(to, mask | bit));
      else if (rng() % 3 == 0) add(s, "ret(" + std::to_string(thread) + ",m,0)", state(to, mask & ~bit));
      else add(s, "step(" + std::to_string(thread) + ")", state(to, mask));
    }
    for (unsigned thread = 1; thread <= t.threads; ++thread)
      if ((mask >> (thread - 1) & 1) && rng() % 4 == 0) add(s, "step(" + std::to_string(thread) + ")", s);
  }
  t.lts.num_states = static_cast<lts::StateId>(states.size());
  return t;
}

ThreadLts random_buffered_thread_lts(std::mt19937_64& rng) {
  ThreadLts t;
  t.threads = 1 + rng() % 3;
  const unsigned nodes = 1 + rng() % 4;
  const unsigned fan = 1 + rng() % 3;
  struct Key {
    unsigned node;
    std::uint32_t mask;
    std::vector<unsigned> count;
    auto operator<=>(const Key&) const = default;
  };
  std::map<Key, lts::StateId> id;
  std::vector<Key> states;
  const auto state = [&](Key k) {
    const auto [it, added] = id.emplace(k, static_cast<lts::StateId>(states.size()));
    if (added) {
      states.push_back(k);
      t.pending.push_back(k.mask);
      std::uint32_t b = 0;
      for (unsigned u = 0; u < t.threads; ++u)
        if (k.count[u] != 0) b |= 1u << u;
      t.buffered.push_back(b);
    }
    return it->second;
  };
  const auto add = [&](lts::StateId from, const std::string& label, lts::StateId to) {
    t.lts.transitions.push_back({from, t.lts.labels.intern(label), to});
  };
  state({0, 0, std::vector<unsigned>(t.threads, 0)});
  add(0, "call(1,m)", state({static_cast<unsigned>(rng() % nodes), 1, std::vector<unsigned>(t.threads, 0)}));
  for (lts::StateId s = 0; s < states.size() && s < 40; ++s) {
    const Key k = states[s];
    const unsigned out = rng() % (fan + 2);
    for (unsigned e = 0; e < out; ++e) {
      const unsigned thread = 1 + rng() % t.threads;
      const unsigned u = thread - 1;
      const std::uint32_t bit = 1u << u;
      Key to = k;
      to.node = rng() % nodes;
      const std::string n = std::to_string(thread);
      const unsigned kind = rng() % 8;
      if (k.count[u] != 0 && kind < 3) {
        --to.count[u];
        add(s, "step(" + n + ",flush)", state(to));
      } else if (!(k.mask & bit)) {
        to.mask |= bit;
        add(s, "call(" + n + ",m)", state(to));
      } else if (kind == 3) {
        to.mask &= ~bit;
        add(s, "ret(" + n + ",m,0)", state(to));
      } else if (kind < 6 && k.count[u] < 2) {
        const unsigned stores = k.count[u] == 0 && rng() % 4 == 0 ? 2 : 1;
        to.count[u] += stores;
        add(s, stores == 1 ? "step(" + n + ",store)" : "step(" + n + ",store,2)", state(to));
      } else {
        add(s, "step(" + n + ")", state(to));
      }
    }
    for (unsigned thread = 1; thread <= t.threads; ++thread)
      if ((k.mask >> (thread - 1) & 1) && rng() % 4 == 0) add(s, "step(" + std::to_string(thread) + ")", s);
  }
  t.lts.num_states = static_cast<lts::StateId>(states.size());
  return t;
}

CycleFacts facts_of(const ThreadLts& t, const std::vector<lts::Transition>& cycle) {
  CycleFacts f{0, 0, t.pending[cycle.front().from], 0, 0, buffered_at(t, cycle.front().from), t.memory_fairness};
  for (const lts::Transition& x : cycle) f = extend(t, f, x);
  if (f.alone == mixed) f.alone = 0;
  return f;
}

bool violates(int property, const CycleFacts& f, unsigned threads, unsigned thread) {
  // Every buffered store reaches memory: a buffer non-empty on the cycle is flushed on it.
  if (f.memory_fairness && (f.buffered & ~f.flushes) != 0) return false;
  const bool fair = (f.always_pending & ~f.steps) == 0;  // every thread pending throughout steps
  for (unsigned u = 1; u <= threads; ++u) {
    if (thread != 0 && u != thread) continue;
    const std::uint32_t bit = 1u << (u - 1);
    const bool stuck = (f.always_pending & bit) && !(f.returns & bit);
    switch (property) {
      case 1:
        if (stuck && (f.steps & bit)) return true;
        break;  // wait-free
      case 2:
        if (f.alone == u) return true;
        break;  // obstruction-free
      case 4:
        if (stuck && fair) return true;
        break;  // starvation-free
      default: break;
    }
  }
  if (property == 0) return f.returns == 0;          // lock-free
  if (property == 3) return f.returns == 0 && fair;  // deadlock-free
  return false;
}

std::vector<std::vector<bool>> violating_states(const ThreadLts& t) {
  const lts::Lts& l = t.lts;
  std::vector<bool> reachable(l.num_states, false);
  reachable[l.initial] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (const lts::Transition& x : l.transitions)
      if (reachable[x.from] && !reachable[x.to]) reachable[x.to] = changed = true;
  }
  std::vector<std::vector<bool>> violating(5, std::vector<bool>(l.num_states, false));
  for (lts::StateId s = 0; s < l.num_states; ++s) {
    if (!reachable[s]) continue;
    // Every (state, facts so far) reachable from s by one or more transitions.
    std::set<std::pair<lts::StateId, CycleFacts>> seen;
    std::vector<std::pair<lts::StateId, CycleFacts>> todo{
        {s, CycleFacts{0, 0, t.pending[s], 0, 0, buffered_at(t, s), t.memory_fairness}}};
    while (!todo.empty()) {
      const auto [at, f] = todo.back();
      todo.pop_back();
      for (const lts::Transition& x : l.transitions) {
        if (x.from != at) continue;
        const auto next = std::pair(x.to, extend(t, f, x));
        if (!seen.insert(next).second) continue;
        todo.push_back(next);
        if (x.to != s) continue;
        CycleFacts cycle = next.second;
        if (cycle.alone == mixed) cycle.alone = 0;
        for (int p = 0; p < 5; ++p)
          if (violates(p, cycle, t.threads)) violating[p][s] = true;
      }
    }
  }
  return violating;
}

std::vector<bool> reference_verdicts(const ThreadLts& t) {
  std::vector<bool> holds(5, true);
  const std::vector<std::vector<bool>> violating = violating_states(t);
  for (int p = 0; p < 5; ++p)
    for (const bool v : violating[p])
      if (v) holds[p] = false;
  return holds;
}

int fewest_visible(const ThreadLts& t, const std::vector<bool>& goal) {
  std::vector<int> d(t.lts.num_states, -1);
  d[t.lts.initial] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (const lts::Transition& x : t.lts.transitions) {
      if (d[x.from] < 0) continue;
      const char kind = parse(t.lts.labels.name(x.label)).kind;
      const int via = d[x.from] + (kind == 's' || kind == 'f' ? 0 : 1);
      if (d[x.to] < 0 || via < d[x.to]) d[x.to] = via, changed = true;
    }
  }
  int best = -1;
  for (lts::StateId s = 0; s < t.lts.num_states; ++s)
    if (goal[s] && d[s] >= 0 && (best < 0 || d[s] < best)) best = d[s];
  return best;
}

}  // namespace refine_test
