// The tree-compressed state store beside a plain reference (a hash map of
// state vectors numbered in insertion order): ids, new/old flags and get()
// round trips on random slot layouts that produce every tree shape; get()
// from reader threads while the main thread inserts; and the memory per
// state on a large workload whose states differ in a few slots, as in
// breadth-first exploration.
#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <random>
#include <thread>
#include <unordered_map>
#include <vector>

#include <gtest/gtest.h>

#include "frontend/explore/state_store.hpp"

namespace frontend::test {
namespace {

using State = std::vector<std::int32_t>;

struct StateHash {
  std::size_t operator()(const State& s) const {
    std::size_t h = s.size();
    for (std::int32_t v : s) h = (h ^ static_cast<std::uint32_t>(v)) * 0x100000001B3ull;
    return h;
  }
};

// A program of which only the slot ranges matter to the store.
Program layout(const std::vector<std::pair<std::int32_t, std::int32_t>>& ranges) {
  Program p;
  for (auto [lo, hi] : ranges) {
    p.slot_lo.push_back(lo);
    p.slot_hi.push_back(hi);
  }
  p.state_size = static_cast<int>(ranges.size());
  return p;
}

// A range of the given width in bits (0: a constant), at a random offset.
std::pair<std::int32_t, std::int32_t> range_of_width(unsigned width, std::mt19937_64& rng) {
  if (width >= 32) return {INT32_MIN, INT32_MAX};
  const std::int64_t span = width == 0 ? 0 : (std::int64_t{1} << width) - 1 - static_cast<std::int64_t>(rng() % 2);
  const std::int64_t lo = -static_cast<std::int64_t>(rng() % 1000);
  return {static_cast<std::int32_t>(lo), static_cast<std::int32_t>(std::max<std::int64_t>(lo + span, lo))};
}

std::int32_t random_value(const Program& p, std::size_t slot, std::mt19937_64& rng) {
  const std::uint64_t span = static_cast<std::uint64_t>(std::int64_t{p.slot_hi[slot]} - p.slot_lo[slot]) + 1;
  return static_cast<std::int32_t>(p.slot_lo[slot] + static_cast<std::int64_t>(rng() % span));
}

// Inserts `count` states, each a copy of an earlier one (or the first) with
// a few slots changed, some exact repeats, through insert() and
// insert_many(), or packed first and then inserted, in turn, and checks
// ids, flags and get() against the reference; before each batch,
// find_packed() gives each state's id or absent, and adds no state.
void check_against_reference(const Program& p, std::size_t count, std::mt19937_64& rng) {
  const std::size_t width = p.slot_lo.size();
  StateStore store(p);
  std::unordered_map<State, std::uint32_t, StateHash> reference;
  std::vector<State> by_id;
  State first(width);
  for (std::size_t i = 0; i < width; ++i) first[i] = random_value(p, i, rng);
  std::vector<std::pair<std::uint32_t, bool>> got;
  std::vector<State> batch;
  std::vector<std::int32_t> flat;
  for (std::size_t made = 0; made < count;) {
    batch.clear();
    const std::size_t n = 1 + rng() % 8;
    for (std::size_t j = 0; j < n; ++j, ++made) {
      State s = by_id.empty() ? first : by_id[rng() % by_id.size()];
      const std::size_t changes = width == 0 ? 0 : rng() % 4;
      for (std::size_t c = 0; c < changes; ++c) {
        const std::size_t slot = rng() % width;
        s[slot] = random_value(p, slot, rng);
      }
      batch.push_back(s);
    }
    std::vector<std::uint32_t> row(store.row_size());
    const std::uint32_t size_before = store.size();
    for (const State& s : batch) {
      store.pack(s.data(), row.data());
      const auto known = reference.find(s);
      ASSERT_EQ(store.find_packed(row.data()), known == reference.end() ? PairTable::absent : known->second);
    }
    ASSERT_EQ(store.size(), size_before);
    flat.clear();
    for (const State& s : batch) flat.insert(flat.end(), s.begin(), s.end());
    const auto way = rng() % 4;
    if (way == 0) {
      store.insert_many(flat.data(), n, width, got);
    } else if (way == 1) {
      got.clear();
      for (const State& s : batch) got.push_back(store.insert(s.data()));
    } else {  // packed first, as gen's workers do
      std::vector<std::uint32_t> rows(n * store.row_size());
      for (std::size_t j = 0; j < n; ++j) store.pack(batch[j].data(), &rows[j * store.row_size()]);
      if (way == 2) {
        store.insert_many_packed(rows.data(), n, got);
      } else {
        got.clear();
        for (std::size_t j = 0; j < n; ++j) got.push_back(store.insert_packed(&rows[j * store.row_size()]));
      }
    }
    ASSERT_EQ(got.size(), n);
    for (std::size_t j = 0; j < n; ++j) {
      const auto [it, added] = reference.try_emplace(batch[j], static_cast<std::uint32_t>(by_id.size()));
      if (added) by_id.push_back(batch[j]);
      ASSERT_EQ(got[j].first, it->second);
      ASSERT_EQ(got[j].second, added);
    }
  }
  ASSERT_EQ(store.size(), by_id.size());
  State back(width);
  for (std::uint32_t id = 0; id < by_id.size(); ++id) {
    store.get(id, back.data());
    ASSERT_EQ(back, by_id[id]) << "state " << id;
  }
}

TEST(StateStore, RandomLayoutsMatchTheReference) {
  std::mt19937_64 rng(26);
  const std::vector<std::size_t> widths{0, 1, 2, 3, 5, 7, 8, 13, 17, 31, 41, 64};
  for (int round = 0; round < 60; ++round) {
    const std::size_t width = widths[round % widths.size()];
    std::vector<std::pair<std::int32_t, std::int32_t>> ranges;
    for (std::size_t i = 0; i < width; ++i) {
      const unsigned pick = static_cast<unsigned>(rng() % 10);
      const unsigned bits = pick == 0   ? 0
                            : pick == 1 ? 32
                            : pick == 2 ? 17 + static_cast<unsigned>(rng() % 15)
                                        : 1 + static_cast<unsigned>(rng() % 6);
      ranges.push_back(range_of_width(bits, rng));
    }
    SCOPED_TRACE(testing::Message() << "round " << round << ", " << width << " slots");
    check_against_reference(layout(ranges), 3000 + rng() % 3000, rng);
    if (HasFatalFailure()) return;
  }
}

// Layouts at the edges of the tree: one leaf of exactly 32 bits, 33 bits
// (two leaves), 64 and 65 bits, single 32-bit fields, and only constants.
TEST(StateStore, TreeShapesAtLeafBoundaries) {
  std::mt19937_64 rng(7);
  const std::vector<std::vector<unsigned>> shapes{{32},
                                                  {31, 1},
                                                  {16, 17},
                                                  {32, 32},
                                                  {32, 32, 1},
                                                  {1, 32, 1},
                                                  {8, 8, 8, 8, 1},
                                                  {0, 0, 0},
                                                  {0, 5, 0},
                                                  {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3},
                                                  {32, 0, 32, 0, 32, 0, 32}};
  for (const auto& shape : shapes) {
    std::vector<std::pair<std::int32_t, std::int32_t>> ranges;
    for (unsigned bits : shape) ranges.push_back(range_of_width(bits, rng));
    check_against_reference(layout(ranges), 2000, rng);
    if (HasFatalFailure()) return;
  }
}

// Many states through many index resizes (the index starts at 1024 slots and
// grows by 1.4x), in a layout of 41 slots.
TEST(StateStore, GrowsPastManyResizes) {
  std::mt19937_64 rng(3);
  std::vector<std::pair<std::int32_t, std::int32_t>> ranges;
  for (int i = 0; i < 41; ++i) ranges.push_back(range_of_width(1 + static_cast<unsigned>(rng() % 5), rng));
  check_against_reference(layout(ranges), 100000, rng);
}

// State `id` of the concurrency test: distinct for distinct ids.
State numbered_state(std::uint32_t id) {
  State s(12);
  for (std::size_t i = 0; i + 1 < s.size(); ++i) s[i] = static_cast<std::int32_t>((id >> (3 * i)) & 7) - 2;
  s[11] = static_cast<std::int32_t>(id % 5);
  return s;
}

TEST(StateStore, ReadersSeeEveryPublishedStateWhileTheOwnerInserts) {
  const Program p = layout(std::vector<std::pair<std::int32_t, std::int32_t>>(12, {-2, 5}));
  StateStore store(p);
  constexpr std::uint32_t total = 600000;
  std::atomic<std::uint32_t> published{0};
  std::atomic<std::uint64_t> checked{0}, wrong{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < 3; ++r) {
    readers.emplace_back([&, r] {
      std::mt19937_64 rng(r);
      State s(12);
      std::uint32_t seen;
      do {
        seen = published.load(std::memory_order_acquire);
        if (seen == 0) continue;
        for (int k = 0; k < 64; ++k) {
          const std::uint32_t id = k == 0 ? seen - 1 : static_cast<std::uint32_t>(rng() % seen);
          store.get(id, s.data());
          if (s != numbered_state(id)) wrong.fetch_add(1);
          checked.fetch_add(1, std::memory_order_relaxed);
        }
      } while (seen < total);
    });
  }
  std::vector<std::int32_t> flat;
  std::vector<std::pair<std::uint32_t, bool>> got;
  for (std::uint32_t id = 0; id < total; id += 4) {
    flat.clear();
    for (std::uint32_t j = id; j < id + 4; ++j) {
      const State s = numbered_state(j);
      flat.insert(flat.end(), s.begin(), s.end());
    }
    store.insert_many(flat.data(), 4, 12, got);
    for (std::uint32_t j = 0; j < 4; ++j) ASSERT_EQ(got[j], std::make_pair(id + j, true));
    published.store(id + 4, std::memory_order_release);
  }
  for (auto& t : readers) t.join();
  EXPECT_EQ(wrong.load(), 0u);
  EXPECT_GT(checked.load(), 1000u);
}

// Two million states in breadth-first order over a product of components,
// as exploration of a concurrent object produces them: a shared part of 8
// slots in one of 256 configurations and three threads of 6 slots in one of
// 40 each; a successor changes one component. The store must stay within 16
// bytes a state.
TEST(StateStore, AtMostSixteenBytesPerStateOnLocallySimilarStates) {
  std::vector<std::pair<std::int32_t, std::int32_t>> ranges;
  for (int i = 0; i < 26; ++i) ranges.emplace_back(0, i < 8 ? 15 : 7);
  const Program p = layout(ranges);
  std::mt19937_64 rng(11);
  auto configurations = [&](std::size_t count, std::size_t slots, std::int32_t values) {
    std::vector<State> result(count, State(slots));
    for (State& c : result)
      for (std::int32_t& v : c) v = static_cast<std::int32_t>(rng() % values);
    return result;
  };
  const std::vector<State> shared = configurations(256, 8, 16), local = configurations(40, 6, 8);
  StateStore store(p);
  std::vector<std::array<std::uint32_t, 4>> parts{{0, 0, 0, 0}};  // component choices, by id
  auto write = [&](const std::array<std::uint32_t, 4>& c, std::vector<std::int32_t>& out) {
    out.insert(out.end(), shared[c[0]].begin(), shared[c[0]].end());
    for (int t = 1; t < 4; ++t) out.insert(out.end(), local[c[t]].begin(), local[c[t]].end());
  };
  std::vector<std::int32_t> next;
  write(parts[0], next);
  store.insert(next.data());
  std::vector<std::pair<std::uint32_t, bool>> got;
  std::vector<std::array<std::uint32_t, 4>> batch;
  constexpr std::uint32_t target = 2000000;
  for (std::uint32_t id = 0; store.size() < target; ++id) {
    ASSERT_LT(id, store.size()) << "the workload ran out of new states";
    next.clear();
    batch.clear();
    for (int k = 0; k < 4; ++k) {
      std::array<std::uint32_t, 4> c = parts[id];
      const std::size_t which = rng() % 4;
      c[which] = static_cast<std::uint32_t>(rng() % (which == 0 ? shared.size() : local.size()));
      batch.push_back(c);
      write(c, next);
    }
    store.insert_many(next.data(), 4, 26, got);
    for (int k = 0; k < 4; ++k)
      if (got[k].second) parts.push_back(batch[k]);
  }
  const double per_state = static_cast<double>(store.memory()) / store.size();
  RecordProperty("bytes_per_state", std::to_string(per_state));
  EXPECT_LE(per_state, 16.0);
  EXPECT_GT(per_state, 8.0);  // at least the root pair: the measure is real
}

}  // namespace
}  // namespace frontend::test
