// Both parts of on_two_threads run over their ranges, and an exception from
// either (std::bad_alloc under a memory limit) reaches the caller instead of
// ending the process.
#include "lts/two_threads.hpp"

#include <gtest/gtest.h>

#include <new>
#include <vector>

namespace {

TEST(TwoThreads, EachPartCoversItsRange) {
  std::vector<int> part_of(100, -1);
  lts::on_two_threads(40, 100, [&](int part, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) part_of[i] = part;
  });
  for (std::size_t i = 0; i < 100; ++i) EXPECT_EQ(part_of[i], i < 40 ? 0 : 1) << i;
}

TEST(TwoThreads, AnExceptionOfEitherPartReachesTheCaller) {
  for (int failing = 0; failing < 2; ++failing) {
    bool other_done = false;
    EXPECT_THROW(lts::on_two_threads(1, 2,
                                     [&](int part, std::size_t, std::size_t) {
                                       if (part == failing) throw std::bad_alloc();
                                       other_done = true;
                                     }),
                 std::bad_alloc);
    EXPECT_TRUE(other_done) << "part " << 1 - failing << " must finish first";
  }
}

}  // namespace
