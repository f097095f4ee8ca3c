#pragma once
// Data-parallel passes on two threads: the signature passes of the
// partitioners (bisim/), where a state's own steps depend only on the
// classes of the round before, their stability check, and the counting
// sorts that build views by target (buckets.hpp). The items split into two
// ranges that are computed at once (the reader already parses on every
// core; these passes are what remains of a deep LTS's refinement time).
#include <cstddef>
#include <exception>
#include <system_error>
#include <thread>

namespace lts {

// Passes over at least this many transitions get a second thread (starting
// one costs tens of microseconds; such a pass, milliseconds), when the
// machine has a second core.
inline constexpr std::size_t two_threads_from = std::size_t{1} << 20;

inline bool use_two_threads(std::size_t transitions) {
  return transitions >= two_threads_from && std::thread::hardware_concurrency() >= 2;
}

// Calls f(0, 0, split) on a second thread and f(1, split, n) on this one
// (part, begin, end), and returns when both are done. f must write only
// what belongs to its part. An exception (std::bad_alloc under a memory
// limit) from either part is rethrown here once both are done, not left to
// end the process. When the thread cannot start (its stack refused under a
// memory limit), both parts run here, one after the other.
template <typename F>
void on_two_threads(std::size_t split, std::size_t n, F f) {
  std::exception_ptr error;
  std::thread first;
  try {
    first = std::thread([&] {
      try {
        f(0, std::size_t{0}, split);
      } catch (...) {
        error = std::current_exception();
      }
    });
  } catch (const std::system_error&) {
    f(0, std::size_t{0}, split);
  }
  try {
    f(1, split, n);
  } catch (...) {
    if (first.joinable()) first.join();
    throw;
  }
  if (first.joinable()) first.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace lts
