#pragma once
// Interned pairs of 32-bit values, numbered in insertion order: one node of
// the state tree (tree compression: Blom, Lisser, van de Pol, Weber, "A
// database approach to distributed state space generation", 2009, sec. 4;
// Laarman, van de Pol, Weber, "Parallel recursive state compression for
// free", SPIN 2011, sec. 3). Unlike LTSmin, a pair's id is its insertion
// rank, not its hash slot, so the ids of the root table are the state ids.
//
// The pairs sit in an append-only array of segments: segment 0 holds ids
// [0, 2^10), segment s >= 1 holds [2^(9+s), 2^(10+s)). The directory of
// segment pointers is a fixed array and a pair is never moved or changed, so
// pair(id) may be called from any thread concurrently with insert() on the
// owning thread, for every id that insert() returned before (the caller
// hands the id over with the usual happens-before, e.g. a mutex or queue).
//
// The index is open addressing with linear probing over 32-bit entries at
// load <= 0.85; it grows by 1.4x and is rebuilt from the pair array (the old
// index is freed first, so growing needs no second copy). An entry holds
// id + 1 in its low bits, as many as the capacity needs, and a tag of the
// pair's hash in the remaining high bits, so most mismatches are rejected
// without reading the pair. Memory: 8 bytes a pair plus 4.7-6.6 bytes of
// index.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace frontend {

class PairTable {
 public:
  PairTable();
  ~PairTable();
  PairTable(const PairTable&) = delete;
  PairTable& operator=(const PairTable&) = delete;

  static std::uint64_t hash(std::uint64_t pair) {
    std::uint64_t h = pair ^ 0x243F6A8885A308D3ull;  // murmur3's 64-bit finaliser
    h = (h ^ (h >> 33)) * 0xFF51AFD7ED558CCDull;
    h = (h ^ (h >> 33)) * 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 33);
  }
  // Brings the index slot of hash `h` into the cache.
  void prefetch(std::uint64_t h) const { __builtin_prefetch(index_ + home(h)); }
  // Brings the pair of the first entry whose tag matches `h` into the cache
  // (call after prefetch(h), a little before insert()).
  void prefetch_match(std::uint64_t h) const;
  // The id of `pair` (whose hash is `h`) and whether it was new.
  std::pair<std::uint32_t, bool> insert(std::uint64_t pair, std::uint64_t h);
  // The id of `pair` if it is interned, else `absent`; inserts nothing.
  static constexpr std::uint32_t absent = 0xFFFFFFFFu;
  std::uint32_t find(std::uint64_t pair, std::uint64_t h) const;
  // The pair with id `id` < size(); thread-safe as described above.
  std::uint64_t pair(std::uint32_t id) const {
    const unsigned s = segment_of(id);
    return segments_[s].load(std::memory_order_acquire)[id - segment_base(s)];
  }
  std::uint32_t size() const { return count_; }
  // Bytes in use: the pages of pairs written so far, the index, the directory.
  std::size_t memory() const;

 private:
  static constexpr unsigned first_bits = 10;
  static constexpr unsigned segment_count = 33 - first_bits;
  static unsigned segment_of(std::uint32_t id) {
    return id < (1u << first_bits) ? 0 : static_cast<unsigned>(32 - __builtin_clz(id)) - first_bits;
  }
  static std::uint32_t segment_base(unsigned s) { return s == 0 ? 0 : 1u << (first_bits + s - 1); }
  static std::size_t segment_length(unsigned s) { return std::size_t{1} << (s == 0 ? first_bits : first_bits + s - 1); }
  std::size_t home(std::uint64_t h) const { return static_cast<std::size_t>(((h >> 32) * capacity_) >> 32); }
  std::uint32_t tag(std::uint64_t h) const { return static_cast<std::uint32_t>(h) & ~id_mask_; }
  void allocate_index(std::size_t capacity);
  void grow();

  std::array<std::atomic<std::uint64_t*>, segment_count> segments_{};
  std::uint32_t count_ = 0;
  std::uint32_t* index_ = nullptr;
  std::size_t capacity_ = 0;   // index slots, below 2^32
  std::uint32_t id_mask_ = 0;  // the low id_bits_ bits
  std::size_t limit_ = 0;      // grow when count_ exceeds this
};

}  // namespace frontend
