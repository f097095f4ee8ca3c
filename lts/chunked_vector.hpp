#pragma once
// A sequence appended to in chunks that never move, for the transitions of
// a growing state space: a doubling vector would hold the old and the new
// copy at once, twice the memory of the transitions, which is most of
// gen's memory on a large state space. Chunks double from 1024 elements up
// to a largest size (by default 48 MiB: above glibc's largest mmap
// threshold, 32 MiB, so a freed large chunk goes back to the system at
// once). Reading drains it: each chunk is freed once read, so copying it
// into one array peaks at one copy and a chunk.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace lts {

template <typename T>
class ChunkedVector {
 public:
  static constexpr std::size_t default_largest = (std::size_t{48} << 20) / sizeof(T);

  explicit ChunkedVector(std::size_t largest_chunk = default_largest)
      : largest_(std::max<std::size_t>(1, largest_chunk)) {}

  // Room for n elements in one chunk, when nothing is stored yet.
  void reserve(std::size_t n) {
    if (size_ != 0) return;
    chunks_.assign(1, {});
    chunks_.back().reserve(n);
  }
  void push_back(const T& value) {
    if (chunks_.empty() || chunks_.back().size() == chunks_.back().capacity()) {
      const std::size_t last = chunks_.empty() ? 0 : chunks_.back().capacity();
      chunks_.emplace_back();
      chunks_.back().reserve(std::min(largest_, std::max<std::size_t>(1024, 2 * last)));
    }
    chunks_.back().push_back(value);
    ++size_;
  }
  std::size_t size() const { return size_; }
  // The bytes in use: a chunk's unused tail is reserved but not touched.
  std::size_t bytes() const { return size_ * sizeof(T); }

  // Calls f(const T&) on every element in order, freeing each chunk once
  // read; leaves the sequence empty.
  template <typename F>
  void drain(F f) {
    for (std::vector<T>& c : chunks_) {
      for (const T& value : c) f(value);
      std::vector<T>().swap(c);
    }
    chunks_.clear();
    size_ = 0;
  }
  // The elements as one vector (reserve only claims address space: pages
  // become resident as the chunks are copied in and freed); leaves the
  // sequence empty.
  std::vector<T> take() {
    std::vector<T> all;
    if (chunks_.size() == 1) {
      all = std::move(chunks_.front());
      all.shrink_to_fit();
      chunks_.clear();
      size_ = 0;
      return all;
    }
    all.reserve(size_);
    drain([&](const T& value) { all.push_back(value); });
    return all;
  }

 private:
  std::vector<std::vector<T>> chunks_;
  std::size_t size_ = 0;
  std::size_t largest_;
};

}  // namespace lts
