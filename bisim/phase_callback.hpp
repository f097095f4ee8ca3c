#pragma once
// How a long computation tells its caller where it is, without printing.
#include <functional>
#include <string_view>

namespace bisim {

// Told the name of each phase as it starts (reach, scc, refine, build), and
// "" when the last one has ended: how `quotient -v` times them.
using PhaseCallback = std::function<void(std::string_view phase)>;

inline void start_phase(const PhaseCallback& on_phase, std::string_view phase) {
  if (on_phase) on_phase(phase);
}

}  // namespace bisim
