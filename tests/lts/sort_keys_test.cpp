// lts::sort_keys against std::sort, at sizes that take each of its three
// ways (insertion, std::sort, spreadsort), with many repeats and keys of the
// shape it sorts (label << 32 | target) and of any 64-bit value.
#include "lts/sort_keys.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace {

TEST(SortKeys, SameAsStdSort) {
  std::mt19937_64 rng(7);
  for (const std::size_t n : {0u, 1u, 2u, 15u, 16u, 17u, 100u, 4096u, 4097u, 20000u, 300000u}) {
    for (const bool packed : {true, false}) {
      std::vector<std::uint64_t> keys(n);
      for (std::uint64_t& k : keys) k = packed ? (rng() % 5) << 32 | (rng() % (n / 3 + 1)) : rng();
      std::vector<std::uint64_t> want = keys;
      std::sort(want.begin(), want.end());
      lts::sort_keys(keys);
      EXPECT_EQ(keys, want) << n << " keys, packed " << packed;
    }
  }
}

}  // namespace
