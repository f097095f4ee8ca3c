#pragma once
// Holds a run to its memory budget (tools/common/memory_budget.hpp) on the
// memory it uses, not on the address space it reserves: a thread reads what
// the process uses and reports the first reading above the budget.
//
// Polling can overshoot: memory touched between two readings is seen at the
// second. The watch bounds that by reading more often as the headroom
// shrinks: the next reading comes before the headroom could be used up at
// 8 GiB/s (first touches of fresh pages run at 0.6 GB/s on a 2-core VM and
// a few GB/s per core on a workstation, huge pages included), every 1 to
// 100 ms. A run growing slower than that is seen over its budget by at
// most what it touches in 1 ms plus the watch's scheduling delay: MiB, not
// GiB, while the default budget leaves the other half of physical memory.
// A run far below its budget costs one reading (16 us) per 100 ms.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace tools {

// The memory the process uses now: its resident anonymous pages (RssAnon in
// /proc/self/status; VmRSS on kernels without it) and its pages swapped
// out (VmSwap). Address space reserved and never touched does not count,
// nor do file pages (the program, a mapped input), which the kernel can
// drop. nullopt when /proc/self/status cannot be read.
std::optional<std::uint64_t> used_memory_bytes();

// The time until the next reading, given how much is left of the budget.
std::chrono::microseconds next_reading_after(std::uint64_t headroom_bytes);

class MemoryWatch {
 public:
  // Called from the watch's thread, at most once, with the memory used when
  // it first exceeds the budget. The run goes on while it runs; it may end
  // the process (tools::run_tool does) or return, which ends the watch.
  using Exceeded = std::function<void(std::uint64_t used_bytes)>;

  // Starts watching. Without /proc/self/status, or when no thread can be
  // started (address space exhausted already), nothing is watched.
  MemoryWatch(std::uint64_t budget_bytes, Exceeded exceeded);
  ~MemoryWatch();  // stops the watch and waits for its thread
  MemoryWatch(const MemoryWatch&) = delete;
  MemoryWatch& operator=(const MemoryWatch&) = delete;

 private:
  void watch();

  std::uint64_t budget_;
  Exceeded exceeded_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;  // last: started once the rest is ready
};

}  // namespace tools
