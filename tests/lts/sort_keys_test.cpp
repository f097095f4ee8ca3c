// lts::sort_keys against std::sort, at sizes that take each of its three
// ways (insertion, std::sort, spreadsort), with many repeats and keys of the
// shape it sorts (label << 32 | target) and of any 64-bit value; and
// lts::sort_by_label_and_target against std::sort on transitions.
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

TEST(SortKeys, TransitionsByLabelAndTarget) {
  std::mt19937_64 rng(9);
  for (const std::size_t n : {0u, 1u, 17u, 5000u, 300000u}) {
    std::vector<lts::Transition> steps(n);
    for (lts::Transition& t : steps)
      t = {7, static_cast<lts::LabelId>(rng() % 5),
           static_cast<lts::StateId>(rng() % (n / 3 + 1) + (rng() % 2) * 0x80000000u)};
    std::vector<lts::Transition> want = steps;
    std::sort(want.begin(), want.end(), [](const lts::Transition& a, const lts::Transition& b) {
      return a.label != b.label ? a.label < b.label : a.to < b.to;
    });
    lts::sort_by_label_and_target(steps);
    EXPECT_EQ(steps, want) << n << " transitions";
  }
}

}  // namespace
