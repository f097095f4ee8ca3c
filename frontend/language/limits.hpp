#pragma once
// The bounds the modelling language puts on ranges and sizes, and the
// checks that apply them (docs/language.md, "What gen refuses"). A model or
// an option outside them is refused with a message, never explored: an
// empty domain would give an LTS without calls, whose trace inclusion in any
// specification is vacuous, and an oversized one would not fit the 32-bit
// slots of a state or would not finish.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace frontend {

namespace limits {
constexpr long max_literal = 999'999'999;  // 9 digits: every bound fits a 32-bit slot
constexpr long max_values = 4096;          // values in the domain of `value`
constexpr long max_pool = 250;             // nodes of one node type
constexpr long max_ops = max_literal;      // operations per thread
constexpr long max_recursion = 16;         // the `recursion N;` bound
constexpr int max_call_nesting = 64;       // procedure calls nested in one inlined body
constexpr std::size_t max_code = 200'000;  // instructions after inlining
constexpr long max_state_slots = 1 << 20;  // 32-bit slots of one state
constexpr int max_buffer = 64;             // store-buffer entries per thread (gen --buffer)
}  // namespace limits

// Thrown when an exploration passes a bound its caller set: a number of
// states (gen --max-states) or of work (Interpreter::limit_work).
class StateLimit : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An option of CompileOptions outside its bounds (no file position).
class OptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Why LO..HI cannot be the domain of `value`, or "" when it can.
std::string value_domain_problem(long lo, long hi);

}  // namespace frontend
