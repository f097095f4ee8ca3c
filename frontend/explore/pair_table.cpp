#include "frontend/explore/pair_table.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <new>
#include <stdexcept>

namespace frontend {

namespace {

constexpr std::size_t page = 4096, huge_page = std::size_t{2} << 20;

// Zeroed memory straight from the kernel: untouched pages cost nothing, and
// large areas ask for transparent huge pages, since the probes are random
// (measured on the previous store: 1.3x faster on the MS queue, 14M states).
void* map_zeroed(std::size_t bytes) {
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  if (bytes >= huge_page) ::madvise(p, bytes, MADV_HUGEPAGE);  // a hint; failure is harmless
  return p;
}

std::size_t round_to_page(std::size_t bytes) { return (bytes + page - 1) / page * page; }

}  // namespace

PairTable::PairTable() { allocate_index(1024); }

PairTable::~PairTable() {
  for (unsigned s = 0; s < segment_count; ++s)
    if (std::uint64_t* p = segments_[s].load(std::memory_order_relaxed))
      ::munmap(p, segment_length(s) * sizeof(std::uint64_t));
  ::munmap(index_, capacity_ * sizeof(std::uint32_t));
}

void PairTable::allocate_index(std::size_t capacity) {
  index_ = static_cast<std::uint32_t*>(map_zeroed(capacity * sizeof(std::uint32_t)));
  capacity_ = capacity;
  const auto id_bits = static_cast<unsigned>(std::bit_width(capacity));  // id + 1 <= count < capacity
  id_mask_ = id_bits >= 32 ? ~0u : (1u << id_bits) - 1;
  limit_ = capacity / 20 * 17;
}

void PairTable::grow() {
  constexpr std::size_t largest = (std::size_t{1} << 32) - 16;
  if (capacity_ >= largest) throw std::runtime_error("more than 3.4 billion states or sub-states in one table");
  ::munmap(index_, capacity_ * sizeof(std::uint32_t));
  allocate_index(std::min(largest, (capacity_ + capacity_ / 5 * 2 + 15) / 16 * 16));
  // The pairs are read in order; each slot is prefetched `ahead` pairs
  // before it is written, so the random writes overlap.
  constexpr std::uint32_t ahead = 16;
  std::array<std::uint64_t, ahead> hashes;
  for (std::uint32_t id = 0; id < count_ + ahead; ++id) {
    if (id >= ahead) {
      const std::uint32_t placed = id - ahead;
      const std::uint64_t h = hashes[placed % ahead];
      std::size_t at = home(h);
      while (index_[at] != 0) at = at + 1 == capacity_ ? 0 : at + 1;
      index_[at] = tag(h) | (placed + 1);
    }
    if (id < count_) {
      hashes[id % ahead] = hash(pair(id));
      __builtin_prefetch(index_ + home(hashes[id % ahead]), 1);
    }
  }
}

std::pair<std::uint32_t, bool> PairTable::insert(std::uint64_t pair, std::uint64_t h) {
  const std::uint32_t t = tag(h);
  std::size_t at = home(h);
  for (std::uint32_t e; (e = index_[at]) != 0; at = at + 1 == capacity_ ? 0 : at + 1) {
    if ((e & ~id_mask_) != t) continue;
    const std::uint32_t id = (e & id_mask_) - 1;
    if (this->pair(id) == pair) return {id, false};
  }
  const std::uint32_t id = count_;
  const unsigned s = segment_of(id);
  std::uint64_t* segment = segments_[s].load(std::memory_order_relaxed);
  if (!segment) {
    segment = static_cast<std::uint64_t*>(map_zeroed(segment_length(s) * sizeof(std::uint64_t)));
    segments_[s].store(segment, std::memory_order_release);
  }
  segment[id - segment_base(s)] = pair;
  index_[at] = t | (id + 1);
  if (++count_ > limit_) grow();
  return {id, true};
}

std::uint32_t PairTable::find(std::uint64_t pair, std::uint64_t h) const {
  const std::uint32_t t = tag(h);
  std::size_t at = home(h);
  for (std::uint32_t e; (e = index_[at]) != 0; at = at + 1 == capacity_ ? 0 : at + 1) {
    if ((e & ~id_mask_) != t) continue;
    const std::uint32_t id = (e & id_mask_) - 1;
    if (this->pair(id) == pair) return id;
  }
  return absent;
}

void PairTable::prefetch_match(std::uint64_t h) const {
  const std::uint32_t t = tag(h);
  std::size_t at = home(h);
  for (int probes = 0; probes < 8; ++probes, at = at + 1 == capacity_ ? 0 : at + 1) {
    const std::uint32_t e = index_[at];
    if (e == 0) return;
    if ((e & ~id_mask_) != t) continue;
    const std::uint32_t id = (e & id_mask_) - 1;
    const unsigned s = segment_of(id);
    __builtin_prefetch(segments_[s].load(std::memory_order_relaxed) + (id - segment_base(s)));
    return;
  }
}

std::size_t PairTable::memory() const {
  std::size_t bytes = sizeof(segments_) + capacity_ * sizeof(std::uint32_t);
  for (unsigned s = 0; s < segment_count && segment_base(s) < count_; ++s)
    bytes += round_to_page(std::min<std::size_t>(segment_length(s), count_ - segment_base(s)) * sizeof(std::uint64_t));
  return bytes;
}

}  // namespace frontend
