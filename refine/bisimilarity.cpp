#include "refine/bisimilarity.hpp"

#include "bisim/bisimulation.hpp"
#include "refine/block_graph.hpp"
#include "refine/disjoint_union.hpp"
#include "refine/trace_inclusion.hpp"
#include "refine/trace_report.hpp"

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
  for (const PlayMove& m : distinguishing_play(g, qa, qb, e))
    result.play.push_back({m.attacker_is_a, m.diverges, m.label == lts::tau ? "" : g.labels.name(m.label), m.answer});
  return result;
}

}  // namespace refine
