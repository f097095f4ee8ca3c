#include "fences/search.hpp"

#include <algorithm>
#include <limits>

namespace fences {

namespace {

bool includes(const FenceSet& big, const FenceSet& small) {
  return std::includes(big.begin(), big.end(), small.begin(), small.end());
}

// The next k-subset of 0..n-1 in lexicographic order; false after the last.
bool next_combination(FenceSet& c, int n) {
  const int k = static_cast<int>(c.size());
  int i = k - 1;
  while (i >= 0 && c[i] == n - k + i) --i;
  if (i < 0) return false;
  ++c[i];
  for (int j = i + 1; j < k; ++j) c[j] = c[j - 1] + 1;
  return true;
}

}  // namespace

std::uint64_t sets_up_to(int n, int k) {
  std::uint64_t total = 0, choose = 1;  // choose = C(n, size)
  for (int size = 0; size <= std::min(n, k); ++size) {
    total += choose;
    if (total < choose) return std::numeric_limits<std::uint64_t>::max();
    choose = choose * static_cast<std::uint64_t>(n - size) / static_cast<std::uint64_t>(size + 1);
  }
  return total;
}

SearchResult minimal_sufficient_sets(int n, int max_size, const Oracle& sufficient,
                                     const std::function<void(const SearchProgress&)>& on_progress) {
  SearchResult r;
  const std::uint64_t bound = sets_up_to(n, max_size);
  for (int size = 0; size <= std::min(n, max_size); ++size) {
    FenceSet c(size);
    for (int i = 0; i < size; ++i) c[i] = i;
    do {
      const bool covered =
          std::any_of(r.minimal.begin(), r.minimal.end(), [&](const FenceSet& m) { return includes(c, m); });
      if (covered) continue;
      ++r.tried;
      if (on_progress) on_progress({r.tried, bound, &c});
      if (sufficient(c)) r.minimal.push_back(c);
      else r.insufficient.push_back(c);
    } while (next_combination(c, n));
  }
  return r;
}

}  // namespace fences
