#include "formats/label_interner.hpp"

#include <algorithm>
#include <cstring>
#include <functional>

namespace formats::detail {

namespace {

// A cheap fingerprint for the label cache: length and the first and last
// bytes (the labels of one file differ mostly at their ends).
std::size_t fingerprint(std::string_view text) {
  std::uint64_t head = 0, tail = 0;
  const std::size_t k = std::min<std::size_t>(8, text.size());
  std::memcpy(&head, text.data(), k);
  std::memcpy(&tail, text.data() + text.size() - k, k);
  const std::uint64_t h = (head * 0x9E3779B97F4A7C15ull) ^ (tail + text.size()) * 0xC2B2AE3D27D4EB4Full;
  return static_cast<std::size_t>(h >> 56);
}

}  // namespace

LabelInterner::LabelInterner(const AutReadOptions& options, lts::LabelTable& table)
    : options_(options), table_(table), hidden_matched_(options.hidden.size(), false), slots_(64, Slot{0, 0}) {}

// Most labels are found in a 256-entry direct-mapped cache, which takes
// a quarter off reading 10^7 transitions with 20 labels (bench/read/run.sh). The others in a flat table, open
// addressing with linear probing, where std::unordered_map chased a bucket, a node before and the node itself, three
// cache misses a lookup once the labels no longer fit in cache (mCRL2's bakery, 1.1*10^5 labels; with 10^5 labels this
// reads a file in less than half the time).
lts::LabelId LabelInterner::id(std::string_view text) {
  std::uint32_t& cached = cache_[fingerprint(text)];
  if (cached != 0 && text_of(keys_[cached - 1]) == text) return keys_[cached - 1].id;
  const std::uint64_t hash = std::hash<std::string_view>{}(text);
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot& slot = slots_[i];
    if (slot.key == 0) {
      const lts::LabelId id = insert(text, hash, i);
      cached = static_cast<std::uint32_t>(keys_.size());
      return id;
    }
    if (slot.hash == hash && text_of(keys_[slot.key - 1]) == text) {
      cached = slot.key;
      return keys_[slot.key - 1].id;
    }
  }
}

lts::LabelId LabelInterner::insert(std::string_view text, std::uint64_t hash, std::size_t slot) {
  if (const void* nul = std::memchr(text.data(), '\0', text.size()))
    throw NulInLabel{static_cast<std::size_t>(static_cast<const char*>(nul) - text.data())};
  const lts::LabelId id = is_internal_label(text, options_) ? lts::tau : table_.intern(text);
  if (id == lts::tau)
    for (std::size_t h = 0; h < options_.hidden.size(); ++h)
      if (hides(options_.hidden[h], text)) hidden_matched_[h] = true;
  keys_.push_back(Key{texts_.size(), static_cast<std::uint32_t>(text.size()), id});
  texts_.append(text);
  slots_[slot] = Slot{hash, static_cast<std::uint32_t>(keys_.size())};
  if (2 * keys_.size() > slots_.size()) grow();
  return id;
}

void LabelInterner::grow() {
  std::vector<Slot> old(2 * slots_.size(), Slot{0, 0});
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.key == 0) continue;
    std::size_t i = s.hash & mask;
    while (slots_[i].key != 0) i = (i + 1) & mask;
    slots_[i] = s;
  }
}

}  // namespace formats::detail
