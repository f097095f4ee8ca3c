#pragma once
// Paige & Tarjan's counters count(x, S) ("Three partition refinement
// algorithms", SIAM J. Comput. 16(6), 1987, Section 3), per label as in
// Fernandez (1990): for a state x, a label a and a compound splitter S, the
// number of a-transitions from x into S. Every such transition points to the
// one shared record, so splitting S into B and S\B is decided in O(1) per
// transition into B. Records of count 0 are recycled, so at most one record
// per transition is ever live.
#include <cstdint>
#include <vector>

namespace bisim {

class SplitterCounts {
 public:
  using Record = std::uint32_t;

  Record create() {
    if (!free_.empty()) {
      const Record r = free_.back();
      free_.pop_back();
      return r;
    }
    count_.push_back(0);
    return static_cast<Record>(count_.size() - 1);
  }
  std::uint32_t count(Record r) const { return count_[r]; }
  void increment(Record r) { ++count_[r]; }
  // Decrements r and recycles it when it reaches 0.
  void decrement(Record r) {
    if (--count_[r] == 0) free_.push_back(r);
  }
  void prefetch(Record r) const { __builtin_prefetch(&count_[r]); }
  void reserve(std::size_t n) { count_.reserve(n); }
  // No records any more; the room reserved stays.
  void clear() {
    count_.clear();
    free_.clear();
  }

 private:
  std::vector<std::uint32_t> count_;
  std::vector<Record> free_;
};

}  // namespace bisim
