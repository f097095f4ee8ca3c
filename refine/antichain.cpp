#include "refine/antichain.hpp"

#include <algorithm>

namespace refine {

bool Antichain::insert(lts::StateId s, SubsetId subset, const DeterminisedSpec& spec) {
  if (!enabled_) return seen_.insert((std::uint64_t{s} << 32) | subset, 0);
  std::vector<SubsetId>& here = minimal_[s];
  for (const SubsetId other : here)
    if (spec.included(other, subset)) return false;
  // Displace the elements the new subset covers (they stay queued; see header).
  const auto kept_end = std::remove_if(here.begin(), here.end(),
                                       [&](SubsetId other) { return spec.included(subset, other); });
  held_ -= static_cast<std::size_t>(here.end() - kept_end);
  here.erase(kept_end, here.end());
  here.push_back(subset);
  ++held_;
  return true;
}

}  // namespace refine
