#include <gtest/gtest.h>

#include <set>

#include "bisim/strong/state_partition.hpp"

namespace {

TEST(StatePartition, SplitsOffMarkedStates) {
  bisim::StatePartition p(6);
  p.mark(4);
  p.mark(1);
  p.mark(4);  // twice is harmless
  std::vector<std::pair<bisim::BlockId, bisim::BlockId>> splits;
  p.split_marked([&](bisim::BlockId from, bisim::BlockId created) { splits.push_back({from, created}); });
  ASSERT_EQ(splits.size(), 1u);
  EXPECT_EQ(p.num_blocks(), 2u);
  const bisim::BlockId marked = splits[0].second;
  EXPECT_EQ(p.block_of(1), marked);
  EXPECT_EQ(p.block_of(4), marked);
  EXPECT_EQ(p.size(marked), 2u);
  EXPECT_EQ(p.size(0), 4u);
  const auto s = p.states(marked);
  EXPECT_EQ(std::set<lts::StateId>(s.begin(), s.end()), (std::set<lts::StateId>{1, 4}));
}

TEST(StatePartition, WhollyMarkedBlockStaysWhole) {
  bisim::StatePartition p(3);
  for (lts::StateId s = 0; s < 3; ++s) p.mark(s);
  int splits = 0;
  p.split_marked([&](bisim::BlockId, bisim::BlockId) { ++splits; });
  EXPECT_EQ(splits, 0);
  EXPECT_EQ(p.num_blocks(), 1u);
  // Marks were cleared: marking one state now splits it off.
  p.mark(2);
  p.split_marked([&](bisim::BlockId, bisim::BlockId) { ++splits; });
  EXPECT_EQ(splits, 1);
  EXPECT_EQ(p.size(p.block_of(2)), 1u);
}

TEST(StatePartition, SplitOffBlockInheritsTag) {
  bisim::StatePartition p({0, 1, 0, 1}, 2);
  p.set_tag(0, 7);
  p.set_tag(1, 9);
  p.mark(2);
  p.mark(3);
  std::vector<bisim::BlockId> created;
  p.split_marked([&](bisim::BlockId, bisim::BlockId c) { created.push_back(c); });
  ASSERT_EQ(created.size(), 2u);
  EXPECT_EQ(p.tag(p.block_of(2)), 7u);
  EXPECT_EQ(p.tag(p.block_of(3)), 9u);
  EXPECT_EQ(p.tag(0), 7u);
  p.set_tag(p.block_of(2), 3);  // its own from now on
  EXPECT_EQ(p.tag(p.block_of(2)), 3u);
  EXPECT_EQ(p.tag(0), 7u);
}

}  // namespace
