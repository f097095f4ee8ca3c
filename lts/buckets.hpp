#pragma once
// A counting sort of items into buckets (Cormen et al., "Introduction to
// Algorithms", Sect. 8.2): what builds the views of an LTS by target (the
// sources of the steps into each state). Stable: a bucket holds its items in
// increasing order. On two threads for many items, each taking half of
// them with its own counts and cursors: the counts and the scatter write at
// random, and each thread's misses overlap the other's (measured on the
// in-view of branching's refiner for the register, 5 threads forever).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "lts/two_threads.hpp"

namespace lts {

// Items 0..m-1 into buckets 0..n-1 by key(i) < n: out[first[k], first[k +
// 1]) holds value(i) for the items of bucket k. m must be below 2^32.
template <typename Key, typename Value, typename T>
void bucket_sort(std::size_t m, std::uint32_t n, Key key, Value value, std::vector<std::uint32_t>& first,
                 std::vector<T>& out) {
  const int parts = use_two_threads(m) ? 2 : 1;
  const std::size_t half = parts == 2 ? m / 2 : m;
  // Per bucket and part: how many items, then where its next one goes.
  std::vector<std::uint32_t> cursor[2];
  for (int p = 0; p < parts; ++p) cursor[p].assign(n, 0);
  auto on_parts = [&](auto f) {
    if (parts == 2) on_two_threads(half, m, f);
    else f(0, std::size_t{0}, m);
  };
  on_parts([&](int part, std::size_t begin, std::size_t end) {
    std::vector<std::uint32_t>& c = cursor[part];
    for (std::size_t i = begin; i < end; ++i) ++c[key(i)];
  });
  first.assign(std::size_t{n} + 1, 0);
  std::uint32_t at = 0;
  for (std::uint32_t k = 0; k < n; ++k) {
    first[k] = at;
    for (int p = 0; p < parts; ++p) {
      const std::uint32_t count = cursor[p][k];
      cursor[p][k] = at;
      at += count;
    }
  }
  first[n] = at;
  out.resize(m);
  on_parts([&](int part, std::size_t begin, std::size_t end) {
    std::vector<std::uint32_t>& c = cursor[part];
    for (std::size_t i = begin; i < end; ++i) out[c[key(i)]++] = value(i);
  });
}

}  // namespace lts
