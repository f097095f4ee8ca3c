// The step set of a wide class's base (bisim/wide_signatures.hpp) against
// std::set, as a bitset and as a sorted list.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

#include "bisim/wide_signatures.hpp"

TEST(WideStepSet, MembershipAsBitsetAndAsSortedList) {
  std::mt19937_64 rng(41);
  for (int round = 0; round < 200; ++round) {
    const std::uint32_t classes = 1 + static_cast<std::uint32_t>(rng() % 500);
    const std::uint32_t labels = 1 + static_cast<std::uint32_t>(rng() % 20);
    auto random_step = [&] { return std::uint64_t{rng() % labels * 7} << 32 | (rng() % classes); };
    std::vector<std::uint64_t> steps;
    const auto size = rng() % 600;
    for (std::uint64_t i = 0; i < size; ++i) steps.push_back(random_step());
    const std::set<std::uint64_t> want(steps.begin(), steps.end());
    for (const std::size_t max_bytes : {std::size_t{0}, std::size_t{1} << 20}) {
      bisim::signatures::WideStepSet set;
      set.assign(steps, classes, max_bytes);
      for (const std::uint64_t x : steps) ASSERT_TRUE(set.contains(x));
      for (int probe = 0; probe < 300; ++probe) {
        const std::uint64_t x =
            random_step() + (probe % 3 == 0 ? std::uint64_t{1} << 32 : 0);  // other labels too
        if (static_cast<std::uint32_t>(x) >= classes) continue;
        ASSERT_EQ(set.contains(x), want.count(x) == 1) << "round " << round << ", bound " << max_bytes;
      }
    }
  }
}
