#include "refine/equivalence/distinguishing_play.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "lts/adjacency.hpp"

namespace refine {

namespace {

using Element = std::uint64_t;  // (label << 32) | block, or `divergence`
using Signature = std::vector<Element>;
constexpr Element divergence = std::numeric_limits<Element>::max();

Element element(lts::LabelId label, std::uint32_t block) { return (Element{label} << 32) | block; }

// The rounds of naive signature refinement, computed as far as needed.
class Rounds {
 public:
  Rounds(const lts::Lts& g, bisim::Equivalence e)
      : g_(g), e_(e), out_(g, lts::Direction::forward), rounds_{std::vector<std::uint32_t>(g.num_states, 0)} {}

  // The first round that separates x and y, computing rounds until it does.
  std::size_t level(lts::StateId x, lts::StateId y) {
    for (std::size_t k = 0;; ++k) {
      if (k == rounds_.size() && !refine_once())
        throw std::logic_error("internal error: naive refinement does not separate the two systems");
      if (rounds_[k][x] != rounds_[k][y]) return k;
    }
  }

  // States x can reach by steps that are inert under round k (itself first).
  std::vector<lts::StateId> inert_closure(lts::StateId x, std::size_t k) const {
    std::vector<lts::StateId> seen{x};
    if (!bisim::hides_inert_tau(e_)) return seen;
    ++generation_;
    mark_[x] = generation_;
    for (std::size_t i = 0; i < seen.size(); ++i)
      for (const std::uint32_t t : out_.of(seen[i])) {
        const lts::Transition& tr = g_.transitions[t];
        if (tr.label == lts::tau && rounds_[k][tr.to] == rounds_[k][x] && mark_[tr.to] != generation_) {
          mark_[tr.to] = generation_;
          seen.push_back(tr.to);
        }
      }
    return seen;
  }

  // The inert steps from x to `target`, which inert_closure(x, k) holds.
  std::vector<lts::Transition> inert_path(lts::StateId x, lts::StateId target, std::size_t k) const {
    std::map<lts::StateId, lts::Transition> via;  // how each state was first reached
    std::vector<lts::StateId> queue{x};
    via[x] = {x, lts::tau, x};
    for (std::size_t i = 0; i < queue.size() && !via.count(target); ++i)
      for (const std::uint32_t t : out_.of(queue[i])) {
        const lts::Transition& tr = g_.transitions[t];
        if (inert(tr, k) && via.emplace(tr.to, tr).second) queue.push_back(tr.to);
      }
    if (!via.count(target)) throw std::logic_error("internal error: no inert path in a play");
    std::vector<lts::Transition> path;
    for (lts::StateId s = target; s != x; s = via[s].from) path.push_back(via[s]);
    return {path.rbegin(), path.rend()};
  }

  bool inert(const lts::Transition& t, std::size_t k) const {
    return bisim::hides_inert_tau(e_) && t.label == lts::tau && rounds_[k][t.to] == rounds_[k][t.from];
  }

  // The signature of x under round k: its non-inert steps after inert ones,
  // and (divbranching) whether it can diverge inertly.
  Signature signature(lts::StateId x, std::size_t k) const {
    Signature sig;
    const auto reach = inert_closure(x, k);
    for (const lts::StateId s : reach)
      for (const std::uint32_t t : out_.of(s)) {
        const lts::Transition& tr = g_.transitions[t];
        if (!inert(tr, k)) sig.push_back(element(tr.label, rounds_[k][tr.to]));
      }
    if (bisim::divergence_sensitive(e_) && has_inert_cycle(reach, k)) sig.push_back(divergence);
    std::sort(sig.begin(), sig.end());
    sig.erase(std::unique(sig.begin(), sig.end()), sig.end());
    return sig;
  }

  std::uint32_t block(lts::StateId x, std::size_t k) const { return rounds_[k][x]; }
  const lts::Adjacency& out() const { return out_; }
  const lts::Lts& graph() const { return g_; }
  bisim::Equivalence equivalence() const { return e_; }

 private:
  // Whether the inert steps among `states` contain a cycle (Kahn's algorithm).
  bool has_inert_cycle(const std::vector<lts::StateId>& states, std::size_t k) const {
    std::map<lts::StateId, std::size_t> indegree;
    for (const lts::StateId s : states) indegree[s];
    for (const lts::StateId s : states)
      for (const std::uint32_t t : out_.of(s))
        if (inert(g_.transitions[t], k) && indegree.count(g_.transitions[t].to)) ++indegree[g_.transitions[t].to];
    std::vector<lts::StateId> ready;
    for (const auto& [s, d] : indegree)
      if (d == 0) ready.push_back(s);
    std::size_t removed = 0;
    while (!ready.empty()) {
      const lts::StateId s = ready.back();
      ready.pop_back();
      ++removed;
      for (const std::uint32_t t : out_.of(s)) {
        const lts::Transition& tr = g_.transitions[t];
        if (inert(tr, k) && indegree.count(tr.to) && --indegree[tr.to] == 0) ready.push_back(tr.to);
      }
    }
    return removed < states.size();
  }

  // Adds round k+1; false when round k was already the fixpoint.
  bool refine_once() {
    const std::size_t k = rounds_.size() - 1;
    std::map<std::pair<std::uint32_t, Signature>, std::uint32_t> ids;
    std::vector<std::uint32_t> next(g_.num_states);
    for (lts::StateId x = 0; x < g_.num_states; ++x)
      next[x] = ids.try_emplace({rounds_[k][x], signature(x, k)}, static_cast<std::uint32_t>(ids.size())).first->second;
    const auto blocks = [](const std::vector<std::uint32_t>& p) {
      return p.empty() ? 0 : *std::max_element(p.begin(), p.end()) + 1;
    };
    if (blocks(next) == blocks(rounds_[k])) return false;
    rounds_.push_back(std::move(next));
    return true;
  }

  const lts::Lts& g_;
  bisim::Equivalence e_;
  lts::Adjacency out_;
  std::vector<std::vector<std::uint32_t>> rounds_;
  // Visit marks of inert_closure, by generation (64-bit: never wraps).
  mutable std::vector<std::uint64_t> mark_ = std::vector<std::uint64_t>(g_.num_states, 0);
  mutable std::uint64_t generation_ = 0;
};

// The inert steps from x to a state with an inert tau self-loop (on the
// quotient the only inert cycles: a tau-cycle through several classes would
// make them one class, by the stuttering property of branching
// bisimilarity), then that loop.
std::vector<lts::Transition> divergent_path(const Rounds& r, lts::StateId x, std::size_t k) {
  for (const lts::StateId s : r.inert_closure(x, k))
    for (const std::uint32_t t : r.out().of(s)) {
      const lts::Transition& tr = r.graph().transitions[t];
      if (tr.to == s && r.inert(tr, k)) {
        std::vector<lts::Transition> path = r.inert_path(x, s, k);
        path.push_back(tr);
        return path;
      }
    }
  throw std::logic_error("internal error: a divergence without an inert self-loop on the quotient");
}

// One candidate move and where it leads under the defender's best answer.
struct Candidate {
  PlayMove move;
  lts::StateId attacker_to = 0, defender_to = 0;
  std::size_t score = 0;  // level of the resulting pair; 0 when the defender cannot answer
};

// The attacker at x takes step `e` of its round-k signature; the defender at
// y answers with the same label, or (tau only, branching) by idling.
Candidate evaluate(Rounds& r, lts::StateId x, lts::StateId y, Element e, std::size_t k, bool attacker_is_a) {
  Candidate c;
  c.move.attacker_is_a = attacker_is_a;
  if (e == divergence) {
    c.move.diverges = true;
    c.move.attacker_path = divergent_path(r, x, k);
    return c;
  }
  c.move.label = static_cast<lts::LabelId>(e >> 32);
  const auto target = static_cast<std::uint32_t>(e & 0xffffffffu);
  const auto steps = [&](lts::StateId from, auto&& visit) {
    for (const lts::StateId s : r.inert_closure(from, k))
      for (const std::uint32_t t : r.out().of(s)) {
        const lts::Transition& tr = r.graph().transitions[t];
        if (tr.label == c.move.label && !r.inert(tr, k)) visit(tr);
      }
  };
  bool found = false;
  steps(x, [&](const lts::Transition& tr) {
    if (found || r.block(tr.to, k) != target) return;
    c.attacker_to = tr.to, found = true;
    c.move.attacker_path = r.inert_path(x, tr.from, k);
    c.move.attacker_path.push_back(tr);
  });
  const lts::Transition* answer_step = nullptr;
  const auto consider = [&](lts::StateId answer, PlayMove::Answer kind, const lts::Transition* via) {
    const std::size_t level = r.level(c.attacker_to, answer);
    if (c.move.answer == PlayMove::Answer::cannot || level > c.score) {
      c.score = level;
      c.defender_to = answer;
      c.move.answer = kind;
      answer_step = via;
    }
  };
  steps(y, [&](const lts::Transition& tr) { consider(tr.to, PlayMove::Answer::same, &tr); });
  if (c.move.label == lts::tau && bisim::hides_inert_tau(r.equivalence()))
    consider(y, PlayMove::Answer::stays, nullptr);
  if (answer_step) {
    c.move.defender_path = r.inert_path(y, answer_step->from, k);
    c.move.defender_path.push_back(*answer_step);
  }
  return c;
}

// Better: the defender's best answer is separated earlier; then visible
// actions before internal steps, then side A before side B.
bool better(const Candidate& a, const Candidate& b) {
  const auto key = [](const Candidate& c) {
    return std::make_tuple(c.score, c.move.label == lts::tau && !c.move.diverges, !c.move.attacker_is_a);
  };
  return key(a) < key(b);
}

}  // namespace

std::vector<PlayMove> distinguishing_play(const lts::Lts& g, lts::StateId a, lts::StateId b, bisim::Equivalence e) {
  Rounds r(g, e);
  std::vector<PlayMove> play;
  lts::StateId x = a, y = b;  // where sides A and B are
  for (;;) {
    const std::size_t k = r.level(x, y) - 1;
    const Signature sx = r.signature(x, k), sy = r.signature(y, k);
    std::optional<Candidate> best;
    const auto offer = [&](const Signature& mine, const Signature& theirs, lts::StateId at, lts::StateId other,
                           bool attacker_is_a) {
      for (const Element el : mine) {
        if (std::binary_search(theirs.begin(), theirs.end(), el)) continue;
        Candidate c = evaluate(r, at, other, el, k, attacker_is_a);
        if (!best || better(c, *best)) best = c;
      }
    };
    offer(sx, sy, x, y, true);
    offer(sy, sx, y, x, false);
    if (!best) throw std::logic_error("internal error: separated states with equal signatures");
    PlayMove& move = play.emplace_back(best->move);
    if (move.diverges || move.answer == PlayMove::Answer::cannot) return play;
    x = move.a_to = move.attacker_is_a ? best->attacker_to : best->defender_to;
    y = move.b_to = move.attacker_is_a ? best->defender_to : best->attacker_to;
  }
}

}  // namespace refine
