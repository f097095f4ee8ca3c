#include "frontend/language/limits.hpp"

#include <fmt/format.h>

namespace frontend {

std::string value_domain_problem(long lo, long hi) {
  if (lo < -limits::max_literal || hi > limits::max_literal)
    return fmt::format("the bounds of {}..{} lie beyond +-{}", lo, hi, limits::max_literal);
  if (lo > hi) return fmt::format("{}..{} is empty: no method could be called with a value", lo, hi);
  if (hi - lo + 1 > limits::max_values)
    return fmt::format("{}..{} has {} values, more than the {} that 'value' may range over", lo, hi, hi - lo + 1,
                       limits::max_values);
  return "";
}

}  // namespace frontend
