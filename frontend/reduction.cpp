#include "frontend/reduction.hpp"

namespace frontend {

// Any candidate will do (each is a singleton ample set on its own); the first
// keeps the choice deterministic, so the output does not depend on workers.
int ample_step(const Successors& next) {
  for (std::size_t i = 0; i < next.independent.size(); ++i)
    if (next.independent[i]) return static_cast<int>(i);
  return -1;
}

}  // namespace frontend
