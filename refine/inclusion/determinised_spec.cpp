#include "refine/inclusion/determinised_spec.hpp"

#include <algorithm>
#include <stdexcept>

namespace refine {

namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

DeterminisedSpec::DeterminisedSpec(const lts::Lts& spec) : mark_(spec.num_states, 0) {
  const lts::StateId n = spec.num_states;
  visible_offsets_.assign(n + 1, 0);
  tau_offsets_.assign(n + 1, 0);
  for (const lts::Transition& t : spec.transitions)
    ++(t.label == lts::tau ? tau_offsets_ : visible_offsets_)[t.from + 1];
  for (lts::StateId s = 0; s < n; ++s) {
    visible_offsets_[s + 1] += visible_offsets_[s];
    tau_offsets_[s + 1] += tau_offsets_[s];
  }
  visible_.resize(visible_offsets_[n]);
  tau_targets_.resize(tau_offsets_[n]);
  std::vector<std::uint32_t> vfill(visible_offsets_.begin(), visible_offsets_.end() - 1);
  std::vector<std::uint32_t> tfill(tau_offsets_.begin(), tau_offsets_.end() - 1);
  for (const lts::Transition& t : spec.transitions) {
    if (t.label == lts::tau) tau_targets_[tfill[t.from]++] = t.to;
    else visible_[vfill[t.from]++] = t;
  }
  for (lts::StateId s = 0; s < n; ++s)
    std::sort(visible_.begin() + visible_offsets_[s], visible_.begin() + visible_offsets_[s + 1]);
  std::vector<lts::StateId> seeds{spec.initial};
  initial_ = close_and_intern(seeds);
}

SubsetId DeterminisedSpec::close_and_intern(std::vector<lts::StateId>& work) {
  if (++generation_ == 0) {  // wrapped: reset the marks once every 2^32 closures
    std::fill(mark_.begin(), mark_.end(), 0);
    generation_ = 1;
  }
  std::vector<lts::StateId> kept;
  for (const lts::StateId s : work) mark_[s] = generation_;
  for (std::size_t i = 0; i < work.size(); ++i) {
    const lts::StateId s = work[i];
    if (visible_offsets_[s] != visible_offsets_[s + 1]) kept.push_back(s);
    for (std::uint32_t e = tau_offsets_[s]; e < tau_offsets_[s + 1]; ++e) {
      const lts::StateId t = tau_targets_[e];
      if (mark_[t] == generation_) continue;
      mark_[t] = generation_;
      work.push_back(t);
    }
  }
  std::sort(kept.begin(), kept.end());
  return intern(kept);
}

SubsetId DeterminisedSpec::intern(const std::vector<lts::StateId>& sorted) {
  std::uint64_t hash = mix(sorted.size()), signature = 0;
  for (const lts::StateId s : sorted) {
    hash = mix(hash ^ s);
    signature |= std::uint64_t{1} << (mix(s) & 63);
  }
  const auto [first, last] = by_hash_.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    const auto existing = states(it->second);
    if (std::equal(existing.begin(), existing.end(), sorted.begin(), sorted.end())) return it->second;
  }
  if (signatures_.size() == refused) throw std::length_error("more than 2^32 - 1 SPEC subsets");
  const auto id = static_cast<SubsetId>(signatures_.size());
  pool_.insert(pool_.end(), sorted.begin(), sorted.end());
  offsets_.push_back(pool_.size());
  signatures_.push_back(signature);
  by_hash_.emplace(hash, id);
  return id;
}

SubsetId DeterminisedSpec::after(SubsetId subset, lts::LabelId label) {
  const std::uint64_t key = (std::uint64_t{subset} << 32) | label;
  if (const std::uint32_t* hit = after_cache_.find(key)) return *hit;
  std::vector<lts::StateId> targets;
  for (const lts::StateId s : states(subset)) {
    const auto begin = visible_.begin() + visible_offsets_[s], end = visible_.begin() + visible_offsets_[s + 1];
    auto it = std::lower_bound(begin, end, label, [](const lts::Transition& t, lts::LabelId l) { return t.label < l; });
    for (; it != end && it->label == label; ++it) targets.push_back(it->to);
  }
  SubsetId result = refused;
  if (!targets.empty()) {
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    result = close_and_intern(targets);
  }
  after_cache_.insert(key, result);
  return result;
}

bool DeterminisedSpec::included(SubsetId a, SubsetId b) const {
  if (a == b) return true;
  if ((signatures_[a] & ~signatures_[b]) != 0) return false;
  const auto sa = states(a), sb = states(b);
  return sa.size() <= sb.size() && std::includes(sb.begin(), sb.end(), sa.begin(), sa.end());
}

std::vector<lts::LabelId> DeterminisedSpec::enabled(SubsetId subset) const {
  std::vector<lts::LabelId> labels;
  for (const lts::StateId s : states(subset))
    for (std::uint32_t e = visible_offsets_[s]; e < visible_offsets_[s + 1]; ++e) labels.push_back(visible_[e].label);
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  return labels;
}

}  // namespace refine
