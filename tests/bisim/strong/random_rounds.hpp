#pragma once
// How many random rounds a property test of bisim/ runs: BB_RANDOM_ROUNDS
// when set (e.g. 10000 for the full comparison), else a CI-sized default.
#include <cstdint>
#include <cstdlib>

namespace testing_support {

inline std::uint64_t bisim_random_rounds(std::uint64_t ci_default) {
  if (const char* env = std::getenv("BB_RANDOM_ROUNDS")) return std::strtoull(env, nullptr, 10);
  return ci_default;
}

}  // namespace testing_support
