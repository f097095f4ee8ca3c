#include "frontend/reduce/reduction.hpp"

namespace frontend {

int next_ample_candidate(const Successors& next, int after) {
  for (auto i = static_cast<std::size_t>(after + 1); i < next.independent.size(); ++i)
    if (next.independent[i]) return static_cast<int>(i);
  return -1;
}

}  // namespace frontend
