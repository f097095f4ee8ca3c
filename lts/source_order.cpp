#include "lts/source_order.hpp"

#include <algorithm>
#include <numeric>

namespace lts {

bool listed_by_source(const std::vector<Transition>& transitions) {
  return std::is_sorted(transitions.begin(), transitions.end(),
                        [](const Transition& a, const Transition& b) { return a.from < b.from; });
}

void list_by_source(Lts& lts) { list_by_source(lts, 16); }

// A two-pass radix sort (least work per transition that still writes in
// sequence): first by the high bits of the source into buckets of
// 2^bucket_bits states, appending to one stream per bucket; then each
// bucket by the low bits, where its counters and its part of the output
// stay in cache. One scatter straight to every transition's final place
// writes at random into the whole array, which costs a fifth more time
// (the reach phase, which this dominates, on random LTSs).
void list_by_source(Lts& lts, unsigned bucket_bits) {
  if (listed_by_source(lts.transitions)) return;
  std::vector<Transition>& ts = lts.transitions;
  const std::size_t buckets = (std::size_t{lts.num_states} >> bucket_bits) + 1;
  const std::size_t bucket_states = std::size_t{1} << bucket_bits;
  const std::uint32_t low = static_cast<std::uint32_t>(bucket_states - 1);
  // Pass 1: by bucket, into a copy.
  std::vector<std::size_t> bucket_start(buckets + 1, 0);
  for (const Transition& t : ts) ++bucket_start[(t.from >> bucket_bits) + 1];
  std::partial_sum(bucket_start.begin(), bucket_start.end(), bucket_start.begin());
  std::vector<Transition> by_bucket(ts.size());
  {
    std::vector<std::size_t> next(bucket_start.begin(), bucket_start.end() - 1);
    for (const Transition& t : ts) by_bucket[next[t.from >> bucket_bits]++] = t;
  }
  // Pass 2: each bucket by source, back into the transitions.
  std::vector<std::uint32_t> next(std::min(bucket_states, std::size_t{lts.num_states}) + 1);
  for (std::size_t b = 0; b < buckets; ++b) {
    const std::size_t begin = bucket_start[b], end = bucket_start[b + 1];
    if (begin == end) continue;
    std::fill(next.begin(), next.end(), 0);
    for (std::size_t i = begin; i < end; ++i) ++next[(by_bucket[i].from & low) + 1];
    std::partial_sum(next.begin(), next.end(), next.begin());
    for (std::size_t i = begin; i < end; ++i) ts[begin + next[by_bucket[i].from & low]++] = by_bucket[i];
  }
}

SourceRuns::SourceRuns(const Lts& lts) : first_(std::size_t{lts.num_states} + 1, 0) {
  for (const Transition& t : lts.transitions) ++first_[t.from + 1];
  std::partial_sum(first_.begin(), first_.end(), first_.begin());
}

}  // namespace lts
