#include "frontend/state_store.hpp"

#include <bit>
#include <cstring>
#include <stdexcept>

namespace frontend {

namespace {
constexpr std::size_t padding = 8;  // so unpacking may read whole 64-bit words
}

StateStore::StateStore(const Program& p) : lo_(p.slot_lo) {
  std::size_t bits = 0;
  for (std::size_t i = 0; i < lo_.size(); ++i) {
    const auto range = static_cast<std::uint32_t>(p.slot_hi[i] - p.slot_lo[i]);
    width_.push_back(static_cast<std::uint8_t>(std::bit_width(range)));
    bits += width_.back();
  }
  bytes_ = std::max<std::size_t>(1, (bits + 7) / 8);
  scratch_.assign(bytes_ + padding, 0);
  table_.assign(1u << 16, 0);
  records_.reserve((1u << 16) * bytes_ + padding);
}

void StateStore::pack(const std::int32_t* s, std::uint8_t* out) const {
  std::memset(out, 0, bytes_);
  std::uint64_t acc = 0;
  unsigned used = 0;
  std::size_t at = 0;
  for (std::size_t i = 0; i < width_.size(); ++i) {
    const unsigned w = width_[i];
    if (w == 0) continue;
    acc |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(s[i] - lo_[i])) << used;
    used += w;
    while (used >= 8) {
      out[at++] = static_cast<std::uint8_t>(acc);
      acc >>= 8;
      used -= 8;
    }
  }
  if (used > 0) out[at] = static_cast<std::uint8_t>(acc);
}

void StateStore::get(std::uint32_t id, std::int32_t* s) const {
  const std::uint8_t* in = records_.data() + static_cast<std::size_t>(id) * bytes_;
  std::uint64_t acc = 0;
  unsigned have = 0;
  for (std::size_t i = 0; i < width_.size(); ++i) {
    const unsigned w = width_[i];
    while (have < w) {
      acc |= static_cast<std::uint64_t>(*in++) << have;
      have += 8;
    }
    s[i] = lo_[i] + static_cast<std::int32_t>(acc & ((std::uint64_t{1} << w) - 1));
    acc >>= w;
    have -= w;
  }
}

std::uint64_t StateStore::hash(const std::uint8_t* r) const {
  std::uint64_t h = 0x243F6A8885A308D3ull ^ bytes_;
  std::size_t i = 0;
  for (; i + 8 <= bytes_; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, r + i, 8);
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 31;
  }
  std::uint64_t tail = 0;
  std::memcpy(&tail, r + i, bytes_ - i);
  h = (h ^ tail) * 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

void StateStore::grow() {
  std::vector<std::uint32_t> bigger(table_.size() * 2, 0);
  const std::size_t mask = bigger.size() - 1;
  for (std::uint32_t id = 0; id < count_; ++id) {
    std::size_t at = hash(records_.data() + static_cast<std::size_t>(id) * bytes_) & mask;
    while (bigger[at] != 0) at = (at + 1) & mask;
    bigger[at] = id + 1;
  }
  table_.swap(bigger);
}

std::pair<std::uint32_t, bool> StateStore::insert(const std::int32_t* s) {
  pack(s, scratch_.data());
  const std::size_t mask = table_.size() - 1;
  std::size_t at = hash(scratch_.data()) & mask;
  while (table_[at] != 0) {
    const std::uint32_t id = table_[at] - 1;
    if (std::memcmp(records_.data() + static_cast<std::size_t>(id) * bytes_, scratch_.data(), bytes_) == 0)
      return {id, false};
    at = (at + 1) & mask;
  }
  if (count_ == UINT32_MAX - 1) throw std::runtime_error("more than 2^32 states");
  const std::uint32_t id = count_++;
  table_[at] = id + 1;
  const std::size_t end = static_cast<std::size_t>(count_) * bytes_;
  if (records_.size() < end + padding) {
    if (records_.capacity() < end + padding) records_.reserve(2 * records_.capacity() + padding);
    records_.resize(end + padding);
  }
  std::memcpy(records_.data() + end - bytes_, scratch_.data(), bytes_);
  if (count_ * 4ull > table_.size() * 3ull) grow();
  return {id, true};
}

}  // namespace frontend
