// The counting sort into buckets (lts/buckets.hpp) against std::stable_sort,
// below and above the size that takes two threads.
#include "lts/buckets.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace {

void check(std::mt19937_64& rng, std::size_t m, std::uint32_t n) {
  std::vector<std::uint32_t> keys(m);
  std::uniform_int_distribution<std::uint32_t> key(0, n - 1);
  // Skewed too: a few buckets take most items, many stay empty.
  for (std::size_t i = 0; i < m; ++i) keys[i] = (i % 3 == 0) ? key(rng) % 7 : key(rng);
  std::vector<std::uint32_t> first;
  std::vector<std::uint64_t> out;
  lts::bucket_sort(
      m, n, [&](std::size_t i) { return keys[i]; }, [&](std::size_t i) { return std::uint64_t{keys[i]} << 32 | i; },
      first, out);
  // The reference: items sorted by key, stable.
  std::vector<std::pair<std::uint32_t, std::size_t>> items;
  for (std::size_t i = 0; i < m; ++i) items.push_back({keys[i], i});
  std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  ASSERT_EQ(first.size(), std::size_t{n} + 1);
  ASSERT_EQ(out.size(), m);
  EXPECT_EQ(first[0], 0u);
  EXPECT_EQ(first[n], m);
  for (std::size_t j = 0; j < m; ++j) {
    ASSERT_EQ(out[j], std::uint64_t{items[j].first} << 32 | items[j].second) << "position " << j;
    ASSERT_LE(first[items[j].first], j);
    ASSERT_LT(j, first[items[j].first + 1]);
  }
}

}  // namespace

TEST(BucketSort, SmallInputsOnOneThread) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 200; ++round) {
    std::uniform_int_distribution<std::uint32_t> size(1, 300);
    check(rng, size(rng) - 1, size(rng));
  }
}

TEST(BucketSort, LargeInputsOnTwoThreads) {
  std::mt19937_64 rng(6);
  check(rng, lts::two_threads_from + 12345, 1000);
  check(rng, lts::two_threads_from * 2 + 1, 3000000);
}

TEST(BucketSort, NothingToSort) {
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> out{1, 2, 3};
  lts::bucket_sort(
      0, 4, [](std::size_t) { return 0u; }, [](std::size_t) { return 0u; }, first, out);
  EXPECT_EQ(first, std::vector<std::uint32_t>(5, 0));
  EXPECT_TRUE(out.empty());
}
