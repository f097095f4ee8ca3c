#pragma once
// Wall time and peak memory of the phases of a run (read, SCC, refine, ...),
// as `quotient -v` reports them, and a progress line on stderr while a phase
// runs long, when stderr is a terminal.
//
// Memory per phase: the process's resident-set high-water mark when the
// phase ends (so the first phase where it jumps is the one responsible), and
// the resident size then (what the phase left held). We never reset the
// high-water mark (/proc/self/clear_refs): that would also falsify what
// `/usr/bin/time` reports for the whole process.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tools {

struct PhaseReport {
  std::string name;
  double seconds = 0;
  std::uint64_t peak_bytes = 0;      // process peak so far, at the end of the phase
  std::uint64_t resident_bytes = 0;  // resident size at the end of the phase
};

class PhaseTimer {
 public:
  // With show_progress, a line on stderr names the running phase and its
  // time once the run has taken more than a second (call it only when stderr
  // is a terminal; see stderr_is_terminal()).
  explicit PhaseTimer(bool show_progress = false, std::string tool = "quotient");
  ~PhaseTimer();
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

  // Ends the running phase, if any, and starts `name`.
  void start(const std::string& name);
  // Ends the running phase.
  void stop();
  const std::vector<PhaseReport>& phases() const { return phases_; }
  // The largest resident size of the whole process so far.
  static std::uint64_t process_peak_bytes();

 private:
  using Clock = std::chrono::steady_clock;
  void tick();

  std::vector<PhaseReport> phases_;
  bool running_ = false;
  Clock::time_point phase_start_;
  const Clock::time_point run_start_ = Clock::now();
  // The progress line.
  std::string tool_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  bool line_shown_ = false;
  std::thread ticker_;
};

bool stderr_is_terminal();

}  // namespace tools
