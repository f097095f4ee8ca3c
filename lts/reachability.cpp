#include "lts/reachability.hpp"

#include <algorithm>
#include <numeric>

#include "lts/adjacency.hpp"
#include "lts/source_order.hpp"

namespace lts {

namespace {

// Breadth-first search from the initial state; successors(s, visit) calls
// visit(t) for every successor t of s. Breadth-first, because the tools
// that write LTSs (gen, mCRL2, CADP) number states breadth-first: the search
// then reads the transitions nearly in order instead of jumping to a new
// place per state, as a depth-first one does.
//
// Files not numbered so still make the search jump: fetch_place(s) fetches
// where the successors of the state 16 places ahead in the queue are, and
// fetch_steps(s) those of the state 8 places ahead, whose place is in cache
// by then (a third off the reach phase of a random LTS, a tenth off a file
// listed by source; fetching both for one state would wait for the
// place).
template <typename Successors, typename FetchPlace, typename FetchSteps>
std::vector<bool> search(const Lts& lts, Successors successors, FetchPlace fetch_place, FetchSteps fetch_steps) {
  constexpr std::size_t ahead = 8;
  std::vector<bool> seen(lts.num_states, false);
  std::vector<StateId> queue;
  queue.reserve(lts.num_states);  // address space: pages are touched as states are found
  queue.push_back(lts.initial);
  seen[lts.initial] = true;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    if (head + 2 * ahead < queue.size()) fetch_place(queue[head + 2 * ahead]);
    if (head + ahead < queue.size()) fetch_steps(queue[head + ahead]);
    successors(queue[head], [&](StateId t) {
      if (!seen[t]) {
        seen[t] = true;
        queue.push_back(t);
      }
    });
  }
  return seen;
}

}  // namespace

std::vector<bool> reachable_states(const Lts& lts) {
  const std::vector<Transition>& ts = lts.transitions;
  // Files written by gen, mCRL2 and CADP list transitions by source: then
  // offsets into the transitions themselves are the whole adjacency, which
  // spares building a copy of the targets (a third of the phase's time).
  if (!listed_by_source(ts)) {
    const Successors out(lts);
    return search(
        lts,
        [&](StateId s, auto visit) {
          for (const StateId t : out.of(s)) visit(t);
        },
        [&](StateId s) { out.prefetch(s); }, [&](StateId s) { __builtin_prefetch(out.of(s).data()); });
  }
  const SourceRuns runs(lts);
  return search(
      lts,
      [&](StateId s, auto visit) {
        for (std::uint32_t i = runs.first(s); i < runs.end(s); ++i) visit(ts[i].to);
      },
      [&](StateId s) { runs.prefetch(s); }, [&](StateId s) { __builtin_prefetch(ts.data() + runs.first(s)); });
}

Lts reachable_part(const Lts& lts, std::vector<StateId>* old_to_new) {
  const std::vector<bool> seen = reachable_states(lts);
  return renumber_reachable(lts, seen, old_to_new);
}

Lts reachable_part(Lts&& lts, std::vector<StateId>* old_to_new) {
  const std::vector<bool> seen = reachable_states(lts);
  if (std::find(seen.begin(), seen.end(), false) == seen.end()) {
    if (old_to_new) {
      old_to_new->resize(lts.num_states);
      std::iota(old_to_new->begin(), old_to_new->end(), StateId{0});
    }
    return std::move(lts);  // all reachable, as gen's output always is
  }
  Lts result = renumber_reachable(lts, seen, old_to_new);
  lts = Lts{};  // the input is ours: release it before the caller's next phase
  return result;
}

Lts renumber_reachable(const Lts& lts, const std::vector<bool>& seen, std::vector<StateId>* old_to_new) {
  std::vector<StateId> renumber(lts.num_states, no_state);
  StateId next = 0;
  for (StateId s = 0; s < lts.num_states; ++s)
    if (seen[s]) renumber[s] = next++;

  Lts result;
  result.labels = lts.labels;
  result.num_states = next;
  result.initial = renumber[lts.initial];
  std::size_t kept = 0;
  for (const Transition& t : lts.transitions) kept += seen[t.from];
  result.transitions.reserve(kept);
  for (const Transition& t : lts.transitions)
    if (seen[t.from]) result.transitions.push_back({renumber[t.from], t.label, renumber[t.to]});
  if (old_to_new) *old_to_new = std::move(renumber);
  return result;
}

}  // namespace lts
