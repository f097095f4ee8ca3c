// The step set of a wide class's base (bisim/signatures/wide_signatures.hpp) against
// std::set, as a bitset and as a sorted list: membership, size and the hash
// sums over its distinct steps.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <set>
#include <vector>

#include "bisim/signatures/wide_signatures.hpp"

TEST(WideStepSet, MembershipAsBitsetAndAsSortedList) {
  std::mt19937_64 rng(41);
  // Assigned again and again, as a base's set is from round to round.
  bisim::signatures::WideStepSet reused[2];
  for (int round = 0; round < 200; ++round) {
    const std::uint32_t classes = 1 + static_cast<std::uint32_t>(rng() % 500);
    const std::uint32_t labels = 1 + static_cast<std::uint32_t>(rng() % 20);
    auto random_step = [&] { return std::uint64_t{rng() % labels * 7} << 32 | (rng() % classes); };
    std::vector<std::uint64_t> steps;
    const auto size = rng() % 600;
    for (std::uint64_t i = 0; i < size; ++i) steps.push_back(random_step());
    const std::set<std::uint64_t> want(steps.begin(), steps.end());
    for (const std::size_t max_bytes : {std::size_t{0}, std::size_t{1} << 20}) {
      bisim::signatures::WideStepSet& set = reused[max_bytes == 0];
      set.assign(steps, classes, max_bytes);
      for (const std::uint64_t x : steps) ASSERT_TRUE(set.contains(x));
      ASSERT_EQ(set.size(), want.size());
      std::array<std::uint64_t, 2> sums{0, 0};
      for (const std::uint64_t x : want) {
        sums[0] += bisim::signatures::wide_step_hash(x, 1);
        sums[1] += bisim::signatures::wide_step_hash(x, 2);
      }
      ASSERT_EQ(set.sums(), sums) << "round " << round << ", bound " << max_bytes;
      for (int probe = 0; probe < 300; ++probe) {
        const std::uint64_t x = random_step() + (probe % 3 == 0 ? std::uint64_t{1} << 32 : 0);  // other labels too
        if (static_cast<std::uint32_t>(x) >= classes) continue;
        ASSERT_EQ(set.contains(x), want.count(x) == 1) << "round " << round << ", bound " << max_bytes;
      }
    }
  }
}
