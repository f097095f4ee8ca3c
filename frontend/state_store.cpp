#include "frontend/state_store.hpp"

#include <sys/mman.h>

#include <bit>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>

namespace frontend {


StateStore::Table::Table(std::size_t n) : size_(n) {
  constexpr std::size_t huge = std::size_t{2} << 20;
  const std::size_t bytes = n * sizeof(std::uint64_t);
  const std::size_t rounded = (bytes + huge - 1) / huge * huge;
  void* p = std::aligned_alloc(huge, rounded);
  if (!p) throw std::bad_alloc();
  if (rounded >= huge) ::madvise(p, rounded, MADV_HUGEPAGE);  // a hint; failure is harmless
  std::memset(p, 0, bytes);
  data_.reset(static_cast<std::uint64_t*>(p));
}

void StateStore::Table::Free::operator()(std::uint64_t* p) const { std::free(p); }

StateStore::StateStore(const Program& p) : lo_(p.slot_lo) {
  std::size_t bits = 0;
  for (std::size_t i = 0; i < lo_.size(); ++i) {
    const auto range = static_cast<std::uint32_t>(p.slot_hi[i] - p.slot_lo[i]);
    const auto width = static_cast<unsigned>(std::bit_width(range));
    if (width == 0) {
      constants_.push_back(static_cast<std::uint32_t>(i));
    } else {
      fields_.push_back({static_cast<std::uint32_t>(i), width, lo_[i]});
    }
    bits += width;
  }
  bytes_ = std::max<std::size_t>(1, (bits + 7) / 8);
  scratch_.assign(bytes_ + padding, 0);
  // Room for every block of 2^32 states up front (512 KiB): the block list
  // never moves, so get() may run in other threads while insert() appends.
  blocks_.reserve((std::size_t{1} << 32) >> block_bits);
}

// Little-endian bit fields, flushed 32 bits at a time; every byte of the
// record is written, so no clearing is needed.
void StateStore::pack(const std::int32_t* s, std::uint8_t* out) const {
  std::uint64_t acc = 0;
  unsigned used = 0;
  for (const Field& f : fields_) {
    acc |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(s[f.slot] - f.lo)) << used;
    used += f.width;
    if (used >= 32) {
      const auto word = static_cast<std::uint32_t>(acc);
      std::memcpy(out, &word, 4);
      out += 4;
      acc >>= 32;
      used -= 32;
    }
  }
  for (; used > 0; used = used > 8 ? used - 8 : 0) {
    *out++ = static_cast<std::uint8_t>(acc);
    acc >>= 8;
  }
  if (fields_.empty()) *out = 0;
}

void StateStore::get(std::uint32_t id, std::int32_t* s) const {
  const std::uint8_t* in = record(id);  // may read up to 3 bytes past the record: blocks are padded
  std::uint64_t acc = 0;
  unsigned have = 0;
  for (const Field& f : fields_) {
    if (have < f.width) {
      std::uint32_t word;
      std::memcpy(&word, in, 4);
      in += 4;
      acc |= static_cast<std::uint64_t>(word) << have;
      have += 32;
    }
    s[f.slot] = f.lo + static_cast<std::int32_t>(acc & ((std::uint64_t{1} << f.width) - 1));
    acc >>= f.width;
    have -= f.width;
  }
  for (std::uint32_t i : constants_) s[i] = lo_[i];
}

std::uint32_t StateStore::hash(const std::uint8_t* r) const {
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
  return static_cast<std::uint32_t>(h ^ (h >> 31));
}

void StateStore::grow() {
  if (table_.size() >= (std::size_t{1} << 32)) throw std::runtime_error("the state table is full (2^32 slots)");
  Table bigger(table_.size() * 2);
  const std::size_t mask = bigger.size() - 1;
  for (std::size_t i = 0; i < table_.size(); ++i) {
    const std::uint64_t e = table_[i];
    if (e == 0) continue;
    std::size_t at = (e >> 32) & mask;
    while (bigger[at] != 0) at = (at + 1) & mask;
    bigger[at] = e;
  }
  table_.swap(bigger);
}

std::pair<std::uint32_t, bool> StateStore::insert(const std::int32_t* s) {
  if (scratch_.size() < bytes_ + padding) scratch_.resize(bytes_ + padding);
  pack(s, scratch_.data());
  return insert_packed(scratch_.data(), hash(scratch_.data()));
}

void StateStore::insert_many(const std::int32_t* states, std::size_t n, std::size_t stride,
                             std::vector<std::pair<std::uint32_t, bool>>& out) {
  scratch_.resize(n * bytes_ + padding);
  hashes_.resize(n);
  const std::size_t mask = table_.size() - 1;
  for (std::size_t i = 0; i < n; ++i) {
    pack(states + i * stride, scratch_.data() + i * bytes_);
    hashes_[i] = hash(scratch_.data() + i * bytes_);
    __builtin_prefetch(&table_[hashes_[i] & mask]);
  }
  out.clear();
  for (std::size_t i = 0; i < n; ++i) out.push_back(insert_packed(scratch_.data() + i * bytes_, hashes_[i]));
}

std::pair<std::uint32_t, bool> StateStore::insert_packed(const std::uint8_t* record, std::uint32_t h) {
  const std::size_t mask = table_.size() - 1;
  std::size_t at = h & mask;
  while (table_[at] != 0) {
    const std::uint64_t e = table_[at];
    if ((e >> 32) == h) {
      const auto id = static_cast<std::uint32_t>(e) - 1;
      if (std::memcmp(this->record(id), record, bytes_) == 0)
        return {id, false};
    }
    at = (at + 1) & mask;
  }
  if (count_ == UINT32_MAX - 1) throw std::runtime_error("more than 2^32 states");
  const std::uint32_t id = count_++;
  table_[at] = (static_cast<std::uint64_t>(h) << 32) | (id + 1);
  if ((id & (block_records - 1)) == 0) blocks_.emplace_back(new std::uint8_t[block_records * bytes_ + padding]());
  std::memcpy(blocks_.back().get() + (id & (block_records - 1)) * bytes_, record, bytes_);
  if (count_ * 20ull > table_.size() * 17ull) grow();
  return {id, true};
}

}  // namespace frontend
