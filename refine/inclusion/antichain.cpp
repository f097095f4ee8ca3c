#include "refine/inclusion/antichain.hpp"

namespace refine {

bool Antichain::insert(lts::StateId s, SubsetId subset, const DeterminisedSpec& spec) {
  if (!enabled_) return seen_.insert((std::uint64_t{s} << 32) | subset, 0);
  for (std::uint32_t e = first_[s]; e != none; e = entries_[e].next)
    if (spec.included(entries_[e].subset, subset)) return false;
  // Displace the elements the new subset covers (they stay queued; see header).
  for (std::uint32_t* link = &first_[s]; *link != none;) {
    const std::uint32_t e = *link;
    if (spec.included(subset, entries_[e].subset)) {
      *link = entries_[e].next;
      entries_[e].next = free_;
      free_ = e;
      --held_;
    } else {
      link = &entries_[e].next;
    }
  }
  std::uint32_t e = free_;
  if (e != none) {
    free_ = entries_[e].next;
    entries_[e] = {subset, first_[s]};
  } else {
    e = static_cast<std::uint32_t>(entries_.size());
    entries_.push_back({subset, first_[s]});
  }
  first_[s] = e;
  ++held_;
  return true;
}

}  // namespace refine
