// The label interner of the `.aut` readers (formats/label_interner.hpp),
// against a std::unordered_map on many random texts: texts that share their
// first and last bytes and length (one place in the cache), long and short
// ones, repeats in random order, and internal ones (i, tau, hidden names)
// that must all be tau.
#include "formats/label_interner.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

std::string random_text(std::mt19937_64& rng) {
  switch (rng() % 5) {
    case 0:  // same ends and length, differing inside
      return "a(" + std::to_string(10000 + rng() % 90000) + ")";
    case 1:  // long, sharing a long prefix
      return std::string(40, 'x') + std::to_string(rng() % 5000);
    case 2:  // the same, longer
      return "headhead" + std::to_string(100 + rng() % 900) + "tailtail";
    case 3:  // hidden by options (h and h(...)), or the built-in internal ones
      return rng() % 3 == 0 ? "h" : rng() % 2 ? "h(" + std::to_string(rng() % 50) + ")" : rng() % 2 ? "i" : "tau";
    default: return std::to_string(rng() % 300000);
  }
}

TEST(LabelInterner, SameIdsAsAPlainMap) {
  formats::AutReadOptions options;
  options.hidden = {"h"};
  lts::LabelTable table;
  formats::detail::LabelInterner interner(options, table);
  std::unordered_map<std::string, lts::LabelId> seen;
  std::mt19937_64 rng(7);
  std::size_t internal = 0;
  for (int i = 0; i < 400000; ++i) {
    const std::string text = random_text(rng);
    const lts::LabelId id = interner.id(text);
    const bool is_internal = formats::is_internal_label(text, options);
    if (is_internal) {
      ++internal;
      ASSERT_EQ(id, lts::tau) << text;
    } else {
      ASSERT_NE(id, lts::tau) << text;
      ASSERT_EQ(table.name(id), text);
    }
    const auto [it, inserted] = seen.emplace(text, id);
    ASSERT_EQ(it->second, id) << text;
  }
  EXPECT_EQ(interner.size(), seen.size());
  EXPECT_GT(seen.size(), 100000u);  // the table grew many times
  EXPECT_GT(internal, 50000u);
  // Every distinct visible text has an id of its own.
  std::size_t visible = 0;
  for (const auto& [text, id] : seen) visible += id != lts::tau;
  EXPECT_EQ(table.size(), visible + 1);  // + tau
}

}  // namespace
