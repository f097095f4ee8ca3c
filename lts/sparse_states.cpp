#include "lts/sparse_states.hpp"

#include <algorithm>
#include <utility>

namespace lts {

bool is_sparse(std::uint64_t num_states, std::uint64_t num_transitions) {
  const std::uint64_t ends = 2 * num_transitions + 1;
  return num_states > (std::uint64_t{1} << 22) && num_states > 8 * ends;
}

bool is_sparse(const Lts& lts) { return is_sparse(lts.num_states, lts.transitions.size()); }

std::vector<StateId> compact_states(Lts& lts) {
  std::vector<StateId> original;
  original.reserve(2 * lts.transitions.size() + 1);
  original.push_back(lts.initial);
  for (const Transition& t : lts.transitions) {
    original.push_back(t.from);
    original.push_back(t.to);
  }
  std::sort(original.begin(), original.end());
  original.erase(std::unique(original.begin(), original.end()), original.end());
  original.shrink_to_fit();
  auto renumbered = [&](StateId s) {
    return static_cast<StateId>(std::lower_bound(original.begin(), original.end(), s) - original.begin());
  };
  lts.initial = renumbered(lts.initial);
  for (Transition& t : lts.transitions) {
    t.from = renumbered(t.from);
    t.to = renumbered(t.to);
  }
  lts.num_states = static_cast<StateId>(original.size());
  return original;
}

DenseLts make_dense(Lts&& lts) {
  DenseLts result{std::move(lts), {}};
  if (is_sparse(result.lts)) result.original = compact_states(result.lts);
  return result;
}

void restore_states(std::vector<Transition>& path, const std::vector<StateId>& original) {
  if (original.empty()) return;
  for (Transition& t : path) {
    t.from = original[t.from];
    t.to = original[t.to];
  }
}

}  // namespace lts
