// The memory budget counts what a run touches, not what it reserves
// (tools/common/memory_watch.hpp), and its address-space backstop leaves
// room (tools/common/memory_budget.hpp).
#include "tools/common/memory_watch.hpp"

#include <sys/mman.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

#include <gtest/gtest.h>

#include "tools/common/memory_budget.hpp"

namespace {

constexpr std::uint64_t mib = std::uint64_t{1} << 20;

// An anonymous mapping, untouched until written.
struct Reservation {
  explicit Reservation(std::size_t size) : size(size) {
    void* p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    bytes = p == MAP_FAILED ? nullptr : static_cast<char*>(p);
  }
  ~Reservation() {
    if (bytes) ::munmap(bytes, size);
  }
  std::size_t size;
  char* bytes;
};

std::uint64_t used() {
  const std::optional<std::uint64_t> bytes = tools::used_memory_bytes();
  EXPECT_TRUE(bytes.has_value()) << "/proc/self/status unreadable";
  return bytes.value_or(0);
}

}  // namespace

TEST(UsedMemory, CountsTouchedPagesNotReservedOnes) {
  const std::uint64_t before = used();
  Reservation area(1024 * mib);
  ASSERT_NE(area.bytes, nullptr);
  EXPECT_LT(used(), before + 16 * mib) << "reserved pages counted";
  std::memset(area.bytes, 1, 64 * mib);
  EXPECT_GE(used(), before + 60 * mib) << "touched pages not counted";
}

TEST(MemoryWatch, ReadsMoreOftenAsTheHeadroomShrinks) {
  using std::chrono::microseconds;
  EXPECT_EQ(tools::next_reading_after(0), microseconds(1000));
  EXPECT_EQ(tools::next_reading_after(std::uint64_t{64} << 30), microseconds(100000));
  EXPECT_EQ(tools::next_reading_after(80 * mib), microseconds(9765));  // 80 MiB at 8 GiB/s
  EXPECT_LT(tools::next_reading_after(40 * mib), tools::next_reading_after(80 * mib));
}

TEST(MemoryWatch, ReportsTouchedMemoryOverTheBudgetButNotReservations) {
  std::atomic<std::uint64_t> reported{0};
  const std::uint64_t budget = used() + 128 * mib;
  const tools::MemoryWatch watch(budget, [&](std::uint64_t bytes) { reported = bytes; });
  Reservation area(2048 * mib);  // 16 times the headroom, untouched
  ASSERT_NE(area.bytes, nullptr);
  std::memset(area.bytes, 1, 32 * mib);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(reported.load(), 0u) << "reported under budget";
  std::memset(area.bytes, 1, 256 * mib);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (reported.load() == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_GT(reported.load(), budget);
}

TEST(MemoryWatch, EndsPromptlyWhenTheRunEnds) {
  const auto start = std::chrono::steady_clock::now();
  {
    const tools::MemoryWatch watch(std::uint64_t{1} << 40, [](std::uint64_t) {});
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
}

TEST(MemoryBudget, BackstopLeavesRoomForReservations) {
  const std::uint64_t budget = std::uint64_t{1} << 30;
  EXPECT_GE(tools::address_space_backstop(budget), 4 * budget);
  EXPECT_GE(tools::address_space_backstop(tools::min_memory_budget), tools::physical_memory_bytes().value_or(0));
  EXPECT_EQ(tools::address_space_backstop(~std::uint64_t{0} / 2), ~std::uint64_t{0});  // saturates
}
