#pragma once
// Sorting 64-bit keys, such as steps packed as (label << 32 | target): by
// insertion for a handful, std::sort up to a few thousand, and above that
// Boost's spreadsort (Ross, "The Spreadsort high-performance general-case
// sorting algorithm", PDPTA 2002: radix steps on the top bits, comparison
// sorts on small bins). Measured on this project's 2-core machine, random
// steps over 8 labels and 1.3*10^6 targets: at 10^3 keys std::sort 3 ns a
// key against spreadsort's 8; at 10^4, 35 against 20; at 1.85*10^6 (a
// contracted giant tau-cycle's steps), 58 against 26.
#include <algorithm>
#include <cstdint>
#include <span>

#include <boost/sort/spreadsort/integer_sort.hpp>

#include "lts/lts.hpp"

namespace lts {

// Above this many, spreadsort (and sort_by_label_and_target need not copy).
constexpr std::size_t keys_copied_up_to = 4096;

inline void sort_keys(std::span<std::uint64_t> keys) {
  if (keys.size() > keys_copied_up_to) {
    boost::sort::spreadsort::integer_sort(keys.begin(), keys.end());
  } else if (keys.size() > 16) {
    std::sort(keys.begin(), keys.end());
  } else {
    // Most states have a handful of steps, for which insertion sort beats
    // std::sort's set-up (with the packed steps, a fifth off the quotient's
    // build phase on random LTSs).
    for (std::size_t i = 1; i < keys.size(); ++i) {
      const std::uint64_t x = keys[i];
      std::size_t j = i;
      for (; j > 0 && keys[j - 1] > x; --j) keys[j] = keys[j - 1];
      keys[j] = x;
    }
  }
}

// Transitions by (label, target), sorted where they are by spreadsort on
// that pair as a 64-bit key: no copy as keys (8 bytes each) for a large
// range, at about the speed of sort_keys.
inline void sort_by_label_and_target(std::span<Transition> steps) {
  const auto key = [](const Transition& t) { return std::uint64_t{t.label} << 32 | t.to; };
  boost::sort::spreadsort::integer_sort(
      steps.begin(), steps.end(), [&](const Transition& t, unsigned shift) { return key(t) >> shift; },
      [&](const Transition& a, const Transition& b) { return key(a) < key(b); });
}

}  // namespace lts
