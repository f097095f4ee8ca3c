#include "frontend/replay/search.hpp"

#include <algorithm>

#include "frontend/replay/lasso_search.hpp"
#include "frontend/replay/lts_numbering.hpp"
#include "frontend/replay/product_search.hpp"

namespace frontend::replay {

using namespace detail;

namespace {

SearchResult find_trace(Space& space, const std::vector<CexItem>& stem, const SearchLimits& limits) {
  const std::vector<lts::LabelId> want = visible_ids(space, stem);
  const std::uint32_t goal = static_cast<std::uint32_t>(want.size());
  Product product(space, goal + 1, limits);
  std::uint32_t best = 0;
  const auto found = product.search(0, 0, unbounded, weak_step(want), [&](std::uint32_t id) {
    best = std::max(best, product.node(id).pos);
    return product.node(id).pos == goal;
  });
  SearchResult result;
  if (found) {
    result.run = space.run(product.path(*found));
    result.run->refused = goal > 0;
    return result;
  }
  std::vector<const CexItem*> visible;
  for (const CexItem& i : stem)
    if (i.visible) visible.push_back(&i);
  result.why = {best,
                fmt::format("no run performs {} after the {} action(s) before it", item_text(*visible[best]), best)};
  return result;
}

// The run of a play's search, with the play's notes on the steps that are
// its moves, and a note on each internal step out of a state gen merged.
Run play_run(Space& space, const SidePath& side, const std::vector<std::pair<std::uint32_t, Edge>>& path,
             const std::vector<std::uint32_t>& positions, std::uint32_t goal) {
  Run run = space.run(path);
  for (std::size_t i = 0; i < path.size(); ++i) {
    const bool move = i == 0 || positions[i - 1] <= goal;  // not a step out of a merged state
    const std::uint32_t k = positions[i] > goal ? positions[i] - goal : positions[i];
    run.notes.push_back(move ? side.notes[k - 1] : fmt::format("{} {}", merged_step_note, side.steps[k - 1].to));
    // The cycle starts with the move out of position cycle_start.
    if (side.cycle_start != SidePath::none && move && k == side.cycle_start + 1 && run.cycle_start == Run::none)
      run.cycle_start = i;
  }
  if (side.cycle_start != SidePath::none && run.cycle_start == Run::none) run.cycle_start = path.size();
  run.end_note = side.end_note;
  return run;
}

}  // namespace

SearchResult find_run(const Program& p, const Counterexample& cex, const SearchLimits& limits) {
  Space space(p);
  return cex.lasso ? find_lasso(space, cex, limits) : find_trace(space, cex.stem, limits);
}

SearchResult find_play_run(const Program& p, const SidePath& side, std::uint64_t states, const ExploreOptions& gen,
                           const SearchLimits& limits) {
  SearchResult result;
  LtsNumbering numbering(p, gen);
  if (numbering.states() != states) {
    result.why.detail = fmt::format(
        "the play was found on an LTS of {} states, and this model with these options has {}: give refines --equiv "
        "the LTS gen writes for it and the same options here, or, for a play found on quotients, the state map "
        "quotient --map wrote for this side (--replay-map)",
        states, numbering.states());
    return result;
  }
  Space space(p);
  std::unordered_map<std::uint32_t, std::optional<LtsNumbering::Numbered>> numbers;  // space id -> LTS state
  const auto number = [&](std::uint32_t id) {
    auto it = numbers.find(id);
    if (it == numbers.end()) it = numbers.emplace(id, numbering.lookup(space.state(id))).first;
    return it->second;
  };
  std::vector<lts::LabelId> labels;
  std::vector<StepLetter> letters;
  play_labels(space, side, labels, letters);
  const auto goal = static_cast<std::uint32_t>(side.steps.size());
  // Position k <= goal: at the LTS state the play is in after k steps, the
  // state itself. Position goal + k: at a state that gen merged into that
  // LTS state (a state whose only step is internal, lts/single_tau_merge.hpp);
  // internal steps lead from it to the state itself. The play's steps are
  // the LTS's transitions, which leave from the state itself.
  const auto merged_position = [goal](std::uint32_t k) { return goal + k; };
  const auto at_state = [&](std::uint32_t k) { return side.steps[k - 1].to; };
  const auto arrive = [&](std::uint32_t k, std::uint32_t to, std::vector<std::uint32_t>& out) {
    const auto n = number(to);
    if (n && n->number == at_state(k)) out.push_back(n->merged ? merged_position(k) : k);
  };
  const auto follow = [&](std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) {
    if (pos > goal) {
      if (e.label == lts::tau) arrive(pos - goal, e.to, out);
      return;
    }
    if (pos < goal && play_step_matches(labels, letters, pos, e)) arrive(pos + 1, e.to, out);
  };
  const bool starts = side.steps.empty() || (number(0) && number(0)->number == side.steps.front().from);
  Product product(space, 2 * goal + 1, limits);
  std::uint32_t best = 0;
  const auto found = !starts ? std::nullopt : product.search(0, 0, unbounded, follow, [&](std::uint32_t id) {
    const std::uint32_t pos = product.node(id).pos;
    best = std::max(best, pos > goal ? pos - goal : pos);
    return pos == goal;
  });
  if (!found) {
    result.why = {best, best < goal ? fmt::format("no step of the model goes from LTS state {} by {} to state {}",
                                                  side.steps[best].from, side.steps[best].label, side.steps[best].to)
                                    : "the play does not start at the initial state"};
    return result;
  }
  result.run = play_run(space, side, product.path(*found), product.positions(*found), goal);
  return result;
}

std::optional<Run> find_fault_run(const Program& p, const SearchLimits& limits) {
  Space space(p);
  Product product(space, 1, limits);
  std::optional<std::pair<std::uint32_t, int>> fault;  // (node, thread)
  std::optional<formats::Diagnostic> diagnostic;
  const auto any = [](std::uint32_t, const Edge&, std::vector<std::uint32_t>& out) { out.push_back(0); };
  product.search(0, 0, unbounded, any, [&](std::uint32_t id) {
    std::vector<Edge> ignored;
    for (int t = 0; t < p.threads; ++t) {
      try {
        space.add_thread_edges(product.node(id).state, t, ignored);
      } catch (const formats::ParseError& e) {
        fault.emplace(id, t);
        diagnostic = e.diagnostic();
        return true;
      }
    }
    return false;
  });
  if (!fault) return std::nullopt;
  Run run = space.run(product.path(fault->first));
  const std::vector<std::int32_t> last = space.state(product.node(fault->first).state);
  run.steps.push_back({fault->second, "", -1, last, last});
  run.fault = diagnostic;
  return run;
}

}  // namespace frontend::replay
