// lts::ChunkedVector: appended elements come back in order, whole or
// drained, across chunks of any largest size, and reading frees them.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "lts/chunked_vector.hpp"

namespace lts {
namespace {

TEST(ChunkedVector, KeepsTheOrderAcrossChunks) {
  for (std::size_t largest : {1, 7, 1024, 5000}) {
    for (std::size_t n : {0, 1, 1023, 1024, 1025, 10000}) {
      ChunkedVector<std::uint32_t> v(largest);
      for (std::uint32_t i = 0; i < n; ++i) v.push_back(i * 3);
      ASSERT_EQ(v.size(), n);
      EXPECT_EQ(v.bytes(), n * sizeof(std::uint32_t));
      const std::vector<std::uint32_t> all = v.take();
      ASSERT_EQ(all.size(), n) << largest;
      for (std::uint32_t i = 0; i < n; ++i) ASSERT_EQ(all[i], i * 3) << largest << " " << n;
      EXPECT_EQ(v.size(), 0u);
    }
  }
}

TEST(ChunkedVector, DrainsInOrderAndEmpties) {
  ChunkedVector<int> v(100);
  for (int i = 0; i < 3000; ++i) v.push_back(i);
  int next = 0;
  v.drain([&](int x) { EXPECT_EQ(x, next++); });
  EXPECT_EQ(next, 3000);
  EXPECT_EQ(v.size(), 0u);
  v.push_back(42);  // usable again
  EXPECT_EQ(v.take(), std::vector<int>{42});
}

// A reserved first chunk takes that many elements; the sequence grows past it.
TEST(ChunkedVector, AReservedChunkThenMore) {
  ChunkedVector<int> v(16);
  v.reserve(10);
  for (int i = 0; i < 50; ++i) v.push_back(i);
  std::vector<int> want(50);
  std::iota(want.begin(), want.end(), 0);
  EXPECT_EQ(v.take(), want);
}

}  // namespace
}  // namespace lts
