#include "distributed/orbit_gather.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "distributed/gather_on_root.hpp"
#include "frontend/run/labels.hpp"

namespace distributed {

namespace {

// An arrow with its permutation, as it travels to rank 0.
struct OrbitArrow {
  std::uint32_t source, label, target, permutation;
};

auto key(const OrbitArrow& a) { return std::tie(a.source, a.label, a.target, a.permutation); }

}  // namespace

lts::OrbitLts gather_orbit_lts(MPI_Comm comm, const std::vector<std::string>& names,
                               const std::vector<LabelKey>& keys, std::vector<Arrow>&& arrows,
                               std::vector<lts::PermutationId>&& permutations, std::uint32_t num_states,
                               lts::PermutationId initial_permutation, const lts::ThreadPermutations& group) {
  if (arrows.size() != permutations.size())
    throw std::logic_error("gather_orbit_lts: one permutation per arrow is needed");
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  GlobalLabels labels = global_labels(comm, names, keys);
  std::vector<OrbitArrow> mine;
  mine.reserve(arrows.size());
  for (std::size_t i = 0; i < arrows.size(); ++i)
    mine.push_back({arrows[i].source, arrows[i].label, arrows[i].target, permutations[i]});
  arrows = {};
  permutations = {};
  std::vector<int> counts;
  std::vector<OrbitArrow> all = gather_on_root(comm, mine, counts);
  mine = {};
  if (rank != 0) return {};
  for (OrbitArrow& a : all) a.label = labels.of_rank[a.label >> 24][a.label & 0xffffff];
  // explore_orbits sorts each state's (label, target, permutation) and drops repeats.
  std::sort(all.begin(), all.end(), [](const OrbitArrow& x, const OrbitArrow& y) { return key(x) < key(y); });
  all.erase(std::unique(all.begin(), all.end(), [](const OrbitArrow& x, const OrbitArrow& y) { return key(x) == key(y); }),
            all.end());
  lts::OrbitLts orbits;
  orbits.initial = 0;
  orbits.num_states = num_states;
  orbits.initial_permutation = initial_permutation;
  orbits.labels = std::move(labels.table);
  orbits.transitions.reserve(all.size());
  for (const OrbitArrow& a : all)
    orbits.transitions.push_back({a.source, a.label, a.target, static_cast<lts::PermutationId>(a.permutation)});
  all = {};
  orbits.label_image = lts::label_images(orbits.labels, group, frontend::rename_threads);
  return orbits;
}

}  // namespace distributed
