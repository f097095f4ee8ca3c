#include "tools/common/memory_watch.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <system_error>
#include <utility>

namespace tools {

namespace {

// The value of `field` (e.g. "VmSwap:") in a /proc status text, in bytes.
std::optional<std::uint64_t> status_field(std::string_view text, std::string_view field) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    if (line.starts_with(field)) {
      std::uint64_t kib = 0;
      bool digits = false;
      for (const char c : line.substr(field.size())) {
        if (c >= '0' && c <= '9') {
          kib = kib * 10 + static_cast<std::uint64_t>(c - '0');
          digits = true;
        } else if (digits) {
          break;
        }
      }
      if (digits) return kib * 1024;  // given in kB
    }
    at = end + 1;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> used_memory_bytes() {
  // Read with open and read into the stack: no allocation, so a reading
  // costs the same whatever the heap holds.
  const int fd = ::open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  char buffer[8192];
  std::size_t size = 0;
  for (ssize_t got; size < sizeof buffer && (got = ::read(fd, buffer + size, sizeof buffer - size)) > 0;)
    size += static_cast<std::size_t>(got);
  ::close(fd);
  const std::string_view text(buffer, size);
  std::optional<std::uint64_t> resident = status_field(text, "RssAnon:");
  if (!resident) resident = status_field(text, "VmRSS:");
  if (!resident) return std::nullopt;
  return *resident + status_field(text, "VmSwap:").value_or(0);
}

std::chrono::microseconds next_reading_after(std::uint64_t headroom_bytes) {
  constexpr double fastest_growth = 8.0 * (1 << 30);  // bytes per second
  constexpr double shortest = 1e-3, longest = 0.1;    // seconds
  const double wait = std::clamp(static_cast<double>(headroom_bytes) / fastest_growth, shortest, longest);
  return std::chrono::microseconds(static_cast<std::int64_t>(wait * 1e6));
}

MemoryWatch::MemoryWatch(std::uint64_t budget_bytes, Exceeded exceeded)
    : budget_(budget_bytes), exceeded_(std::move(exceeded)) {
  try {
    thread_ = std::thread([this] { watch(); });
  } catch (const std::system_error&) {}
}

MemoryWatch::~MemoryWatch() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void MemoryWatch::watch() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const std::optional<std::uint64_t> used = used_memory_bytes();
    if (!used) return;  // nothing to read: the address-space backstop alone holds
    if (*used > budget_) {
      lock.unlock();
      exceeded_(*used);
      return;
    }
    wake_.wait_for(lock, next_reading_after(budget_ - *used), [this] { return stopping_; });
  }
}

}  // namespace tools
