// Strong bisimulation by signature refinement to a fixpoint: a correct,
// simple first version (O(n m) in the worst case), to be replaced by an
// O(m log n) algorithm.
#include "bisim/strong_bisimulation.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace bisim {

Partition strong_partition(const lts::Lts& lts) {
  Partition p;
  p.block.assign(lts.num_states, 0);
  p.num_blocks = lts.num_states > 0 ? 1 : 0;
  using Signature = std::pair<std::uint32_t, std::vector<std::pair<lts::LabelId, std::uint32_t>>>;
  std::vector<std::vector<std::pair<lts::LabelId, std::uint32_t>>> sig(lts.num_states);
  while (true) {
    for (auto& s : sig) s.clear();
    for (const auto& t : lts.transitions) sig[t.from].push_back({t.label, p.block[t.to]});
    std::map<Signature, std::uint32_t> ids;
    std::vector<std::uint32_t> next(lts.num_states);
    for (lts::StateId s = 0; s < lts.num_states; ++s) {
      std::sort(sig[s].begin(), sig[s].end());
      sig[s].erase(std::unique(sig[s].begin(), sig[s].end()), sig[s].end());
      next[s] = ids.try_emplace(Signature{p.block[s], sig[s]}, ids.size()).first->second;
    }
    const bool stable = ids.size() == p.num_blocks;
    p.block = std::move(next);
    p.num_blocks = static_cast<std::uint32_t>(ids.size());
    if (stable) return p;
  }
}

}  // namespace bisim
