#include "refine/equivalence/bisimilarity.hpp"

#include "bisim/bisimulation.hpp"
#include "refine/equivalence/block_graph.hpp"
#include "refine/equivalence/concrete_play.hpp"
#include "refine/equivalence/disjoint_union.hpp"
#include "refine/inclusion/trace_inclusion.hpp"
#include "refine/text/trace_report.hpp"

namespace refine {

namespace {

// A shortest weak trace on which the quotient's states a and b differ, if any.
void find_trace_witness(const lts::Lts& g, lts::StateId a, lts::StateId b, BisimilarityResult& result) {
  lts::Lts from_a = g, from_b = g;
  from_a.initial = a;
  from_b.initial = b;
  const InclusionResult ab = check_trace_inclusion(from_a, from_b);
  const InclusionResult ba = check_trace_inclusion(from_b, from_a);
  if (ab.holds && ba.holds) return;
  const bool use_ab = !ab.holds && (ba.holds || visible_labels(g, ab.path).size() <= visible_labels(g, ba.path).size());
  const InclusionResult& r = use_ab ? ab : ba;
  result.traces_differ = true;
  result.trace_of_a = use_ab;
  result.trace = visible_labels(g, r.path);
  result.other_enabled = r.spec_enabled;
}

// The concrete play in the inputs' own numbering.
std::vector<WitnessMove> witness_moves(const DisjointUnion& u, const std::vector<ConcreteMove>& play) {
  const auto side = [&](const std::vector<lts::Transition>& path) {
    std::vector<SideStep> out;
    for (const lts::Transition& t : path) {
      const lts::StateId base = t.from >= u.b_offset ? u.b_offset : 0;
      out.push_back({t.from - base, t.label == lts::tau ? "i" : u.lts.labels.name(t.label), t.to - base});
    }
    return out;
  };
  std::vector<WitnessMove> moves;
  for (const ConcreteMove& m : play) {
    const lts::StateId base = m.attacker_is_a ? u.b_offset : 0;
    std::vector<lts::StateId> options;
    for (const lts::StateId s : m.defender_options) options.push_back(s - base);
    moves.push_back({m.attacker_is_a, m.diverges, side(m.attack), m.cycle_start, m.answer, m.defender_at - base,
                     side(m.answer_path), options});
  }
  return moves;
}

}  // namespace

BisimilarityResult check_bisimilarity(const lts::Lts& a, const lts::Lts& b, bisim::Equivalence e) {
  const DisjointUnion u = disjoint_union(a, b);
  const bisim::Partition p = bisim::partition(u.lts, e);
  BisimilarityResult result;
  result.blocks = p.num_blocks;
  const lts::StateId qa = p.block[u.a_initial()], qb = p.block[u.b_initial];
  result.holds = qa == qb;
  if (result.holds) return result;
  const lts::Lts g = block_graph(u.lts, p, e);
  if (bisim::hides_inert_tau(e)) find_trace_witness(g, qa, qb, result);
  if (result.traces_differ) return result;  // the trace says it plainly; a play costs more
  const std::vector<PlayMove> play = distinguishing_play(g, qa, qb, e);
  for (const PlayMove& m : play)
    result.play.push_back({m.attacker_is_a, m.diverges, m.label == lts::tau ? "" : g.labels.name(m.label), m.answer});
  result.witness = witness_moves(u, concrete_play(u.lts, p, e, u.a_initial(), u.b_initial, play));
  result.a_states = a.num_states;
  result.b_states = b.num_states;
  return result;
}

}  // namespace refine

namespace refine {

void restore_witness_states(BisimilarityResult& r, const std::vector<lts::StateId>& a_original,
                            const std::vector<lts::StateId>& b_original) {
  const auto rename = [](lts::StateId& s, const std::vector<lts::StateId>& original) {
    if (!original.empty()) s = original[s];
  };
  for (WitnessMove& m : r.witness) {
    const auto& attacker = m.attacker_is_a ? a_original : b_original;
    const auto& defender = m.attacker_is_a ? b_original : a_original;
    for (SideStep& s : m.attack) rename(s.from, attacker), rename(s.to, attacker);
    for (SideStep& s : m.answer_path) rename(s.from, defender), rename(s.to, defender);
    rename(m.defender_at, defender);
    for (lts::StateId& s : m.defender_options) rename(s, defender);
  }
}

}  // namespace refine
