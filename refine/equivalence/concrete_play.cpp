#include "refine/equivalence/concrete_play.hpp"

#include <map>
#include <optional>
#include <stdexcept>

#include "lts/adjacency.hpp"
#include "lts/tau_scc.hpp"

namespace refine {

namespace {

class Lifter {
 public:
  Lifter(const lts::Lts& u, const bisim::Partition& p, bisim::Equivalence e)
      : u_(u), p_(p), e_(e), out_(u, lts::Direction::forward) {}

  bool inert(const lts::Transition& t) const {
    return bisim::hides_inert_tau(e_) && t.label == lts::tau && p_.block[t.from] == p_.block[t.to];
  }

  // From c, inert steps then one step labelled `label` into class `to`
  // (not inert). Breadth-first, so the path is shortest and the same for
  // the same arguments.
  std::vector<lts::Transition> lift(lts::StateId c, lts::LabelId label, lts::StateId to) const {
    return search(c, [&](const lts::Transition& t) { return t.label == label && p_.block[t.to] == to && !inert(t); });
  }

  // The states c reaches by inert steps (c first).
  std::vector<lts::StateId> inert_closure(lts::StateId c) const {
    std::vector<lts::StateId> seen{c};
    std::map<lts::StateId, bool> known{{c, true}};
    for (std::size_t i = 0; i < seen.size(); ++i)
      for (const std::uint32_t k : out_.of(seen[i])) {
        const lts::Transition& t = u_.transitions[k];
        if (inert(t) && known.emplace(t.to, true).second) seen.push_back(t.to);
      }
    return seen;
  }

  // From c, inert steps to a state on an inert tau-cycle, then the cycle;
  // `cycle_start` is where the cycle begins in the result.
  std::vector<lts::Transition> diverge(lts::StateId c, std::size_t& cycle_start) {
    if (!sccs_) {
      lts::Lts inert_only;
      inert_only.num_states = u_.num_states;
      for (const lts::Transition& t : u_.transitions)
        if (inert(t)) inert_only.transitions.push_back(t);
      sccs_ = lts::tau_sccs(inert_only);
    }
    const auto on_cycle = [&](lts::StateId s) { return sccs_->divergent[sccs_->component[s]]; };
    std::vector<lts::Transition> path;
    lts::StateId at = c;
    if (!on_cycle(c)) {
      path = search(c, [&](const lts::Transition& t) { return inert(t) && on_cycle(t.to); });
      at = path.back().to;
    }
    cycle_start = path.size();
    const std::uint32_t scc = sccs_->component[at];
    const auto loop = search(
        at, [&](const lts::Transition& t) { return inert(t) && t.to == at; },
        [&](const lts::Transition& t) { return inert(t) && sccs_->component[t.to] == scc; });
    path.insert(path.end(), loop.begin(), loop.end());
    return path;
  }

 private:
  template <class Goal, class Through>
  std::vector<lts::Transition> search(lts::StateId c, Goal goal, Through through) const {
    std::map<lts::StateId, lts::Transition> via{{c, {c, lts::tau, c}}};
    std::vector<lts::StateId> queue{c};
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (const std::uint32_t k : out_.of(queue[i])) {
        const lts::Transition& t = u_.transitions[k];
        if (goal(t)) {
          std::vector<lts::Transition> path{t};
          for (lts::StateId s = t.from; s != c; s = via[s].from) path.insert(path.begin(), via[s]);
          return path;
        }
        if (through(t) && via.emplace(t.to, t).second) queue.push_back(t.to);
      }
    throw std::logic_error("internal error: a step of the quotient without a concrete counterpart");
  }
  template <class Goal>
  std::vector<lts::Transition> search(lts::StateId c, Goal goal) const {
    return search(c, goal, [&](const lts::Transition& t) { return inert(t); });
  }

  const lts::Lts& u_;
  const bisim::Partition& p_;
  bisim::Equivalence e_;
  lts::Adjacency out_;
  std::optional<lts::TauSccs> sccs_;
};

// Lifts a path of the quotient from concrete state c.
std::vector<lts::Transition> lift_path(const Lifter& l, lts::StateId c, const std::vector<lts::Transition>& path) {
  std::vector<lts::Transition> out;
  for (const lts::Transition& q : path) {
    const auto part = l.lift(c, q.label, q.to);
    out.insert(out.end(), part.begin(), part.end());
    c = out.back().to;
  }
  return out;
}

}  // namespace

std::vector<ConcreteMove> concrete_play(const lts::Lts& u, const bisim::Partition& p, bisim::Equivalence e,
                                        lts::StateId a, lts::StateId b, const std::vector<PlayMove>& play) {
  Lifter l(u, p, e);
  std::vector<ConcreteMove> moves;
  lts::StateId x = a, y = b;  // where sides A and B are
  for (const PlayMove& m : play) {
    lts::StateId& attacker = m.attacker_is_a ? x : y;
    lts::StateId& defender = m.attacker_is_a ? y : x;
    std::vector<lts::Transition> prefix = m.attacker_path;
    if (m.diverges) prefix.pop_back();  // the self-loop of a divergent class
    std::vector<lts::Transition> steps = lift_path(l, attacker, prefix);
    const std::size_t own = m.diverges ? steps.size() : steps.size() - 1;  // steps made as moves of their own
    for (std::size_t i = 0; i < own; ++i) {
      moves.push_back({m.attacker_is_a, false, {steps[i]}, 0, PlayMove::Answer::stays, defender, {}, {}});
      attacker = steps[i].to;
    }
    ConcreteMove move{m.attacker_is_a, m.diverges, {}, 0, m.answer, defender, {}, {}};
    if (m.diverges || m.answer == PlayMove::Answer::cannot) move.defender_options = l.inert_closure(defender);
    if (m.diverges) {
      move.attack = l.diverge(attacker, move.cycle_start);
    } else {
      move.attack = {steps.back()};
      attacker = steps.back().to;
      if (m.answer == PlayMove::Answer::same) {
        move.answer_path = lift_path(l, defender, m.defender_path);
        defender = move.answer_path.back().to;
      }
    }
    moves.push_back(std::move(move));
  }
  return moves;
}

}  // namespace refine
