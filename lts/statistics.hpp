#pragma once
// Summary figures of an Lts, as `quotient -v` and tests report them.
#include <cstdint>
#include <string>

#include "lts/lts.hpp"

namespace lts {

struct Statistics {
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  std::uint64_t labels = 0;  // distinct visible labels used, plus tau if used
  std::uint64_t tau_transitions = 0;
  std::uint64_t deadlock_states = 0;   // no outgoing transition
  std::uint64_t tau_cycle_states = 0;  // on a tau-cycle (can diverge in place)
};

Statistics statistics(const Lts& lts);
std::string to_string(const Statistics& s);

}  // namespace lts
