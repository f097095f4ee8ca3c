// The search over fence sets (fences/search.hpp) beside a brute force: on
// random monotone oracles (a set is sufficient when it includes one of a few
// generating sets), the sets reported are exactly the sufficient sets of at
// most K positions none of whose proper subsets is sufficient.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "fences/search.hpp"

namespace fences {
namespace {

unsigned mask_of(const FenceSet& s) {
  unsigned m = 0;
  for (int i : s) m |= 1u << i;
  return m;
}

// Sufficient: includes one of the generators.
bool covers(unsigned set, const std::vector<unsigned>& generators) {
  return std::any_of(generators.begin(), generators.end(), [&](unsigned g) { return (set & g) == g; });
}

// Every subset of 0..n-1: sufficient, of at most k, and no proper subset sufficient.
std::set<unsigned> brute_minimal(int n, int k, const std::vector<unsigned>& generators) {
  std::set<unsigned> out;
  for (unsigned s = 0; s < (1u << n); ++s) {
    if (__builtin_popcount(s) > k || !covers(s, generators)) continue;
    bool minimal = true;  // no proper subset sufficient; the empty set has none
    for (unsigned sub = (s - 1) & s; s != 0 && minimal; sub = (sub - 1) & s) {
      if (covers(sub, generators)) minimal = false;
      if (sub == 0) break;
    }
    if (minimal) out.insert(s);
  }
  return out;
}

TEST(FenceSearch, ReportsExactlyTheMinimalSufficientSets) {
  std::mt19937 random(56);
  for (int round = 0; round < 400; ++round) {
    const int n = static_cast<int>(random() % 7);
    const int k = static_cast<int>(random() % 5);
    std::vector<unsigned> generators(random() % 4);
    for (unsigned& g : generators) g = n == 0 ? 0 : random() % (1u << n);
    std::vector<unsigned> asked;
    const SearchResult r = minimal_sufficient_sets(n, k, [&](const FenceSet& s) {
      asked.push_back(mask_of(s));
      return covers(mask_of(s), generators);
    });
    std::set<unsigned> found;
    for (const FenceSet& s : r.minimal) found.insert(mask_of(s));
    EXPECT_EQ(found, brute_minimal(n, k, generators)) << "round " << round;
    EXPECT_EQ(r.tried, asked.size());
    EXPECT_EQ(r.minimal.size() + r.insufficient.size(), asked.size());
    // Smallest first, and no superset of a sufficient set asked after it.
    for (std::size_t i = 1; i < asked.size(); ++i)
      EXPECT_LE(__builtin_popcount(asked[i - 1]), __builtin_popcount(asked[i]));
    for (unsigned m : found)
      for (unsigned a : asked) EXPECT_FALSE(a != m && (a & m) == m) << "asked a superset of a sufficient set";
    for (const FenceSet& s : r.insufficient) EXPECT_FALSE(covers(mask_of(s), generators));
  }
}

TEST(FenceSearch, EmptySetFirstAndAlone) {
  int asked = 0;
  const SearchResult r = minimal_sufficient_sets(5, 3, [&](const FenceSet&) { return ++asked, true; });
  EXPECT_EQ(asked, 1);
  ASSERT_EQ(r.minimal.size(), 1u);
  EXPECT_TRUE(r.minimal[0].empty());
}

TEST(FenceSearch, CountsTheSetsUpToK) {
  EXPECT_EQ(sets_up_to(4, 3), 1u + 4 + 6 + 4);
  EXPECT_EQ(sets_up_to(4, 9), 16u);
  EXPECT_EQ(sets_up_to(0, 3), 1u);
  EXPECT_EQ(sets_up_to(5, 0), 1u);
}

TEST(FenceSearch, ProgressCountsEveryCandidate) {
  std::vector<std::uint64_t> seen;
  minimal_sufficient_sets(
      3, 2, [](const FenceSet& s) { return s.size() == 2; },
      [&](const SearchProgress& p) {
        EXPECT_EQ(p.bound, 7u);
        seen.push_back(p.index);
      });
  EXPECT_EQ(seen, (std::vector<std::uint64_t>{1, 2, 3, 4, 5, 6, 7}));
}

}  // namespace
}  // namespace fences
