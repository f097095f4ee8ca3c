#include "tools/common/phase_timer.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string_view>
#include <system_error>

namespace tools {

namespace {

// VmRSS from /proc/self/status, in bytes; 0 when unavailable.
std::uint64_t resident_size() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

}  // namespace

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) != 0; }

std::uint64_t PhaseTimer::process_peak_bytes() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // kilobytes on Linux
}

PhaseTimer::PhaseTimer(bool show_progress, std::string tool) : tool_(std::move(tool)) {
  if (!show_progress) return;
  try {
    ticker_ = std::thread([this] { tick(); });
  } catch (const std::system_error&) {
    // No thread (a memory limit refused its stack): no progress line.
  }
}

PhaseTimer::~PhaseTimer() {
  stop();
  {
    std::lock_guard lock(mutex_);
    finished_ = true;
  }
  wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
  if (line_shown_) std::fputs("\r\033[K", stderr);
}

void PhaseTimer::start(const std::string& name) {
  stop();
  std::lock_guard lock(mutex_);
  phases_.push_back({name, 0, 0});
  phase_start_ = Clock::now();
  running_ = true;
}

void PhaseTimer::stop() {
  std::lock_guard lock(mutex_);
  if (!running_) return;
  running_ = false;
  PhaseReport& p = phases_.back();
  p.seconds = std::chrono::duration<double>(Clock::now() - phase_start_).count();
  p.peak_bytes = process_peak_bytes();
  p.resident_bytes = resident_size();
}

// The progress line, redrawn twice a second once the run is past a second.
void PhaseTimer::tick() {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return finished_; })) {
    if (!running_ || Clock::now() - run_start_ < std::chrono::seconds(1)) continue;
    const double phase = std::chrono::duration<double>(Clock::now() - phase_start_).count();
    const double total = std::chrono::duration<double>(Clock::now() - run_start_).count();
    std::fprintf(stderr, "\r\033[K%s: %s ... %.1f s (total %.1f s)", tool_.c_str(), phases_.back().name.c_str(), phase,
                 total);
    std::fflush(stderr);
    line_shown_ = true;
  }
}

}  // namespace tools
