#include "tests/ltl/reference.hpp"

#include <functional>

#include "ltl/pattern.hpp"

namespace ltl_test {
namespace {

using ltl::Op;

// Truth of a node at every position 0..|u|+|v|-1; the successor of the
// last position is |u|. Until is the least, release the greatest fixpoint
// of its unfolding, reached after one backward pass per position.
std::vector<bool> eval(const ltl::Formula& f, int n, const std::vector<std::string>& w, std::size_t loop) {
  const auto& x = f.nodes[n];
  const std::size_t k = w.size();
  auto succ = [&](std::size_t i) { return i + 1 < k ? i + 1 : loop; };
  std::vector<bool> r(k), a, b;
  if (x.left >= 0) a = eval(f, x.left, w, loop);
  if (x.right >= 0) b = eval(f, x.right, w, loop);
  auto fix = [&](bool start, auto step) {
    std::vector<bool> v(k, start);
    for (std::size_t round = 0; round <= k; ++round)
      for (std::size_t i = k; i-- > 0;) v[i] = step(i, v[succ(i)]);
    return v;
  };
  switch (x.op) {
    case Op::tt: r.assign(k, true); break;
    case Op::ff: r.assign(k, false); break;
    case Op::atom:
    case Op::natom:
      for (std::size_t i = 0; i < k; ++i) r[i] = ltl::matches(x.pattern, w[i]) == (x.op == Op::atom);
      break;
    case Op::not_: for (std::size_t i = 0; i < k; ++i) r[i] = !a[i]; break;
    case Op::and_: for (std::size_t i = 0; i < k; ++i) r[i] = a[i] && b[i]; break;
    case Op::or_: for (std::size_t i = 0; i < k; ++i) r[i] = a[i] || b[i]; break;
    case Op::implies: for (std::size_t i = 0; i < k; ++i) r[i] = !a[i] || b[i]; break;
    case Op::iff: for (std::size_t i = 0; i < k; ++i) r[i] = a[i] == b[i]; break;
    case Op::until: r = fix(false, [&](std::size_t i, bool nx) { return b[i] || (a[i] && nx); }); break;
    case Op::release: r = fix(true, [&](std::size_t i, bool nx) { return b[i] && (a[i] || nx); }); break;
    case Op::weak_until: {
      const auto g = fix(true, [&](std::size_t i, bool nx) { return a[i] && nx; });
      const auto u = fix(false, [&](std::size_t i, bool nx) { return b[i] || (a[i] && nx); });
      for (std::size_t i = 0; i < k; ++i) r[i] = u[i] || g[i];
      break;
    }
    case Op::eventually: r = fix(false, [&](std::size_t i, bool nx) { return a[i] || nx; }); break;
    case Op::always: r = fix(true, [&](std::size_t i, bool nx) { return a[i] && nx; }); break;
  }
  return r;
}

}  // namespace

unsigned thread_of(const std::string& label) {
  const std::size_t open = label.find('(');
  if (open == std::string::npos || label.rfind("call", 0) == 0) return 0;
  unsigned t = 0;
  for (std::size_t i = open + 1; i < label.size() && label[i] >= '0' && label[i] <= '9'; ++i) t = 10 * t + (label[i] - '0');
  return t;
}

bool fair_cycle(ltl::Fairness fairness, const std::vector<std::uint64_t>& enabled,
                const std::vector<std::uint64_t>& taken, std::uint64_t threads) {
  std::uint64_t ever_enabled = 0, always_enabled = threads, took = 0;
  for (auto e : enabled) ever_enabled |= e, always_enabled &= e;
  for (auto t : taken) took |= t;
  if (fairness == ltl::Fairness::weak) return (always_enabled & ~took) == 0;
  if (fairness == ltl::Fairness::strong) return (ever_enabled & ~took) == 0;
  return true;
}

bool holds_on(const ltl::Formula& f, const std::vector<std::string>& u, const std::vector<std::string>& v) {
  std::vector<std::string> w = u;
  w.insert(w.end(), v.begin(), v.end());
  return eval(f, f.root, w, u.size())[0];
}

bool may_end(const lts::Lts& lts, lts::StateId s) {
  bool out = false;
  for (const auto& t : lts.transitions) out = out || t.from == s;
  if (!out) return true;
  std::vector<bool> seen(lts.num_states, false);
  std::vector<lts::StateId> todo{s};
  while (!todo.empty()) {
    const auto x = todo.back();
    todo.pop_back();
    for (const auto& t : lts.transitions)
      if (t.from == x && t.label == lts::tau) {
        if (t.to == s) return true;
        if (!seen[t.to]) seen[t.to] = true, todo.push_back(t.to);
      }
  }
  return false;
}

std::optional<Word> violating_lasso(const lts::Lts& lts, const ltl::Formula& f, int bound, ltl::Fairness fairness) {
  // The graph with an end state E: s --end--> E when a run may end at s, E --end--> E.
  const lts::StateId e = lts.num_states;
  struct Arc {
    lts::StateId to;
    std::string letter;  // empty: tau
  };
  std::vector<std::vector<Arc>> g(e + 1);
  for (const auto& t : lts.transitions)
    g[t.from].push_back({t.to, t.label == lts::tau ? std::string() : lts.labels.name(t.label)});
  for (lts::StateId s = 0; s < e; ++s)
    if (may_end(lts, s)) g[s].push_back({e, ltl::end_letter()});
  g[e].push_back({e, ltl::end_letter()});
  auto bit = [&](const std::string& letter) { return letter.empty() ? 0 : thread_of(letter) ? std::uint64_t{1} << thread_of(letter) : 0; };
  std::vector<std::uint64_t> enabled(e + 1, 0);
  std::uint64_t threads = 0;
  for (const auto& t : lts.transitions) {
    enabled[t.from] |= bit(lts.labels.name(t.label));
    threads |= bit(lts.labels.name(t.label));
  }
  std::vector<std::uint64_t> taken;  // by step of the path
  std::vector<lts::StateId> states{lts.initial};
  std::vector<std::string> letters;
  std::optional<Word> found;
  std::function<void()> walk = [&] {
    if (found) return;
    const std::size_t len = letters.size();
    for (std::size_t i = 0; i < len && !found; ++i) {
      if (states[i] != states[len]) continue;
      Word w;
      for (std::size_t j = 0; j < len; ++j)
        if (!letters[j].empty()) (j < i ? w.u : w.v).push_back(letters[j]);
      std::vector<std::uint64_t> en, tk;
      for (std::size_t j = i; j < len; ++j) en.push_back(enabled[states[j]]), tk.push_back(taken[j]);
      if (!w.v.empty() && fair_cycle(fairness, en, tk, threads) && !holds_on(f, w.u, w.v)) found = w;
    }
    if (static_cast<int>(len) == bound) return;
    for (const Arc& a : g[states.back()]) {
      states.push_back(a.to);
      letters.push_back(a.letter);
      taken.push_back(a.letter == ltl::end_letter() ? 0 : bit(a.letter));
      walk();
      states.pop_back();
      letters.pop_back();
      taken.pop_back();
    }
  };
  walk();
  return found;
}

}  // namespace ltl_test
