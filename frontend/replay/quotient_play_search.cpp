// find_quotient_play_run (frontend/replay/search.hpp): a play found on
// quotients, replayed through the classes of quotient --map's state map.
#include <algorithm>

#include "frontend/replay/lts_numbering.hpp"
#include "frontend/replay/product_search.hpp"
#include "frontend/replay/state_map.hpp"

namespace frontend::replay {

using namespace detail;

namespace {

// The quotient class of the model's states: gen's LTS number, then the state
// map; nullopt for a state the LTS lacks (one the reduction left out).
class Classes {
 public:
  Classes(Space& space, LtsNumbering& numbering, const StateMap& map)
      : space_(space), numbering_(numbering), map_(map) {}
  std::optional<std::uint32_t> of(std::uint32_t id) {
    auto it = cache_.find(id);
    if (it != cache_.end()) return it->second;
    std::optional<std::uint32_t> c;
    if (const auto n = numbering_.number(space_.state(id))) c = map_.class_of[*n];
    return cache_.emplace(id, c).first->second;
  }

 private:
  Space& space_;
  LtsNumbering& numbering_;
  const StateMap& map_;
  std::unordered_map<std::uint32_t, std::optional<std::uint32_t>> cache_;
};

// A play's steps on quotient states. At position k < steps.size(), the state
// is in class FROM of step k: an internal step that stays in FROM (an inert
// step; none when internal steps are visible step(T) labels) keeps k, and a
// step with the step's label into class TO moves to k + 1, up to `last`.
// A branching quotient's step C -a-> D is inert steps inside C and then an
// a-step into D (van Glabbeek and Weijland, JACM 43(3), 1996, the stuttering
// lemma; Yang et al., Definition 3.3, for the quotient).
struct ClassStep {
  const std::vector<PlayStep>& steps;
  const std::vector<lts::LabelId>& labels;
  const std::vector<StepLetter>& letters;
  Classes& classes;
  bool inert;
  std::uint32_t last;
  void operator()(std::uint32_t pos, const Edge& e, std::vector<std::uint32_t>& out) const {
    if (pos >= steps.size()) return;
    const std::optional<std::uint32_t> c = classes.of(e.to);
    if (!c) return;
    if (inert && e.label == lts::tau && *c == steps[pos].from) out.push_back(pos);
    if (pos < last && play_step_matches(labels, letters, pos, e) && *c == steps[pos].to)
      out.push_back(pos + 1);
  }
};

// The checks of find_quotient_play_run that need no search: the map covers
// gen's LTS, has the play's number of classes, and the play starts this
// side in the initial state's class. An empty string when they pass.
std::string quotient_mismatch(const SidePath& side, std::uint64_t states, const StateMap& map, std::uint32_t lts_states,
                              std::optional<std::uint32_t> initial_class) {
  if (map.class_of.size() != lts_states)
    return fmt::format(
        "the state map is of an LTS of {} states, and this model with these options has {}: give the map that "
        "quotient --map wrote for the LTS gen writes with these options",
        map.class_of.size(), lts_states);
  if (map.classes != states)
    return fmt::format(
        "the state map has {} classes, and the play names a quotient of {} states on this side: give the map of "
        "the quotient that refines compared",
        map.classes, states);
  if (!side.steps.empty() && initial_class != side.steps.front().from)
    return fmt::format("the play starts this side at quotient state {}, and the model's initial state is in class {}",
                       side.steps.front().from, initial_class ? std::to_string(*initial_class) : "none");
  return "";
}

// The run of a search, with the play's notes on the steps that complete a
// play step and each step's class.
Run quotient_run(Space& space, Classes& classes, const SidePath& side,
                 const std::vector<std::pair<std::uint32_t, Edge>>& path, const std::vector<std::uint32_t>& positions) {
  Run run = space.run(path);
  std::uint32_t before = 0;
  for (std::size_t i = 0; i < path.size(); ++i) {
    run.notes.push_back(positions[i] != before ? side.notes[positions[i] - 1] : "");
    run.classes.push_back(*classes.of(path[i].second.to));
    before = positions[i];
  }
  run.end_note = side.end_note;
  return run;
}

}  // namespace

SearchResult find_quotient_play_run(const Program& p, const SidePath& side, std::uint64_t states, const StateMap& map,
                                    const ExploreOptions& gen, const SearchLimits& limits) {
  SearchResult result;
  LtsNumbering numbering(p, gen);
  Space space(p);
  Classes classes(space, numbering, map);
  const std::optional<std::uint32_t> initial = numbering.states() == map.class_of.size() ? classes.of(0) : std::nullopt;
  result.why.detail = quotient_mismatch(side, states, map, numbering.states(), initial);
  if (!result.why.detail.empty()) return result;
  std::vector<lts::LabelId> labels;
  std::vector<StepLetter> letters;
  play_labels(space, side, labels, letters);
  const auto goal = static_cast<std::uint32_t>(side.steps.size());
  const bool lasso = side.cycle_start != SidePath::none;
  const auto stem_end = lasso ? static_cast<std::uint32_t>(side.cycle_start) : goal;
  Product stem(space, goal + 1, limits);
  std::uint32_t best = 0;
  std::vector<std::uint32_t> candidates;  // lasso: breadth-first, at the cycle's first position
  const auto found =
      stem.search(0, 0, unbounded, ClassStep{side.steps, labels, letters, classes, !gen.thread_steps, stem_end},
                  [&](std::uint32_t id) {
                    best = std::max(best, stem.node(id).pos);
                    if (stem.node(id).pos != stem_end) return false;
                    candidates.push_back(id);
                    return !lasso;
                  });
  if (!lasso && found) {
    result.run = quotient_run(space, classes, side, stem.path(*found), stem.positions(*found));
    return result;
  }
  const std::optional<Lasso> cycle =
      candidates.empty()
          ? std::nullopt
          : shortest_lasso(space, stem, candidates, goal + 1, stem_end, goal,
                           ClassStep{side.steps, labels, letters, classes, !gen.thread_steps, goal}, limits);
  if (cycle) {
    result.run = quotient_run(space, classes, side, cycle->path, cycle->positions);
    result.run->cycle_start = cycle->stem;
    return result;
  }
  const PlayStep& s = side.steps[std::min(best, goal - 1)];
  result.why = {best, best < stem_end
                          ? fmt::format("no run of the model goes from quotient state {} by {} to state {} "
                                        "(after internal steps inside {})",
                                        s.from, s.label, s.to, s.from)
                          : fmt::format("no run of the model cycles by internal steps inside quotient state {}",
                                        side.steps[stem_end].from)};
  return result;
}

}  // namespace frontend::replay
