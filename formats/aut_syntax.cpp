#include "formats/aut_syntax.hpp"

#include <cstring>
#include <limits>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"

namespace formats::detail {

namespace {

constexpr std::uint64_t max_states = std::numeric_limits<lts::StateId>::max();
// The tools index transitions with 32 bits (offsets by state, positions in
// per-transition arrays: 4 bytes each where 8 would cost up to 8 bytes a
// transition more at the peak), so a larger LTS is refused here, with a
// message, rather than wrapped around later.
constexpr std::uint64_t max_transitions = std::numeric_limits<std::uint32_t>::max();

std::string describe(const char* at, const char* end) {
  if (at >= end) return "end of line";
  const unsigned char c = static_cast<unsigned char>(*at);
  if (c >= 0x20 && c < 0x7f) return fmt::format("'{}'", static_cast<char>(c));
  return fmt::format("byte 0x{:02x}", c);
}

bool is_digit(char c) { return static_cast<unsigned char>(c - '0') < 10; }

}  // namespace

bool AutLineParser::start(std::string_view line, std::uint64_t line_number) {
  line_number_ = line_number;
  begin_ = p_ = line.data();
  end_ = line.data() + line.size();
  skip_blanks();
  return p_ != end_;
}

void AutLineParser::fail_at(std::uint64_t line, std::uint64_t column, std::string message) const {
  throw ParseError(Diagnostic{file_, line, column, std::move(message)});
}

void AutLineParser::fail(const char* at, std::string message) const {
  fail_at(line_number_, static_cast<std::uint64_t>(at - begin_) + 1, std::move(message));
}

void AutLineParser::fail_expected(std::string_view what) const {
  fail(p_, fmt::format("expected {}, found {}", what, describe(p_, end_)));
}

void AutLineParser::fail_state_bound(const char* at, std::string_view what, std::uint64_t s,
                                     std::uint64_t states) const {
  fail(at, fmt::format("{} {} is not below the number of states {} declared in the header", what, s, states));
}

void AutLineParser::fail_trailing(std::string_view after) const {
  fail(p_, fmt::format("unexpected {} after the {}", describe(p_, end_), after));
}

// Hot loops work on a local copy of p_: a store through `this` per byte
// would be needed otherwise, since char pointers may alias the parser.
inline void AutLineParser::skip_blanks() {
  const char* q = p_;
  while (q != end_ && (*q == ' ' || *q == '\t')) ++q;
  p_ = q;
}

inline void AutLineParser::expect(char c, std::string_view what) {
  skip_blanks();
  if (p_ == end_ || *p_ != c) fail_expected(what);
  ++p_;
}

// A decimal number no larger than `max`; `what` names it in messages. The
// error paths are out of line so that this inlines into transition().
inline std::uint64_t AutLineParser::number(std::string_view what, std::uint64_t max) {
  skip_blanks();
  const char* start = p_;
  if (p_ == end_ || !is_digit(*p_)) return slow_number(what, max);
  const char* q = p_;
  std::uint64_t value = 0;
  // 19 digits always fit in 64 bits; a 20th may (up to 2^64-1).
  const char* safe_end = end_ - start > 19 ? start + 19 : end_;
  while (q != safe_end && is_digit(*q)) value = value * 10 + static_cast<unsigned>(*q++ - '0');
  if ((q != end_ && is_digit(*q)) || value > max) return slow_number(what, max);
  p_ = q;
  return value;
}

// The number at p_ the careful way: the errors, and 20-digit numbers that
// still fit in 64 bits.
std::uint64_t AutLineParser::slow_number(std::string_view what, std::uint64_t max) {
  const char* start = p_;
  if (start != end_ && *start == '-') fail(start, fmt::format("{} must not be negative", what));
  if (start == end_ || !is_digit(*start)) fail_expected(what);
  std::uint64_t value = 0;
  for (; p_ != end_ && is_digit(*p_); ++p_) {
    const unsigned digit = static_cast<unsigned>(*p_ - '0');
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10 || value * 10 + digit > max)
      fail(start, fmt::format("{} is too large (the maximum is {})", what, max));
    value = value * 10 + digit;
  }
  return value;
}

AutHeader AutLineParser::header() {
  if (end_ - p_ < 3 || std::memcmp(p_, "des", 3) != 0)
    fail(p_, "expected the header 'des (INITIAL, TRANSITIONS, STATES)'");
  p_ += 3;
  expect('(', "'(' after 'des'");
  AutHeader h;
  const char* initial_at = (skip_blanks(), p_);
  h.initial = number("the initial state", max_states);
  expect(',', "',' after the initial state");
  h.transitions = number("the number of transitions", max_transitions);
  expect(',', "',' after the number of transitions");
  const char* states_at = (skip_blanks(), p_);
  h.states = number("the number of states", max_states);
  expect(')', "')' after the number of states");
  skip_blanks();
  if (p_ != end_) fail_trailing("header");
  if (h.states == 0) fail(states_at, "the number of states must be at least 1");
  if (h.initial >= h.states)
    fail(initial_at, fmt::format("the initial state {} is not below the number of states {}", h.initial, h.states));
  return h;
}

inline lts::StateId AutLineParser::state(std::string_view what, std::uint64_t states) {
  skip_blanks();
  const char* at = p_;
  const std::uint64_t s = number(what, max_states);
  if (s >= states) fail_state_bound(at, what, s, states);
  return static_cast<lts::StateId>(s);
}

inline std::string_view AutLineParser::label() {
  skip_blanks();
  if (p_ != end_ && *p_ == '"') {
    const char* open = p_;
    const char* close = static_cast<const char*>(std::memchr(open + 1, '"', static_cast<std::size_t>(end_ - open - 1)));
    if (!close) fail(open, "unterminated quoted label");
    if (close == open + 1) fail(open, "empty label");
    p_ = close + 1;
    expect(',', "',' after the label");
    return {open + 1, static_cast<std::size_t>(close - open - 1)};
  }
  // Unquoted: up to the last comma of the line, blanks trimmed.
  const char* start = p_;
  const char* comma = nullptr;
  for (const char* q = end_; q != start;)
    if (*--q == ',') {
      comma = q;
      break;
    }
  if (!comma) fail(end_, "expected ',' after the label, found end of line");
  const char* stop = comma;
  while (stop != start && (stop[-1] == ' ' || stop[-1] == '\t')) --stop;
  if (stop == start) fail_expected("a label");
  p_ = comma + 1;
  return {start, static_cast<std::size_t>(stop - start)};
}

AutTransition AutLineParser::transition(std::uint64_t states) {
  expect('(', "'(' to start a transition");
  const lts::StateId from = state("the source state", states);
  expect(',', "',' after the source state");
  const std::string_view text = label();
  const lts::StateId to = state("the target state", states);
  expect(')', "')' after the target state");
  skip_blanks();
  if (p_ != end_) fail_trailing("transition");
  return {from, text, to};
}

namespace {

// The UTF-8 byte-order mark some editors put at the start of a text file.
constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";

}  // namespace

AutHeader read_aut_header(LineReader& lines, AutLineParser& parser) {
  std::string_view line;
  while (lines.next(line)) {
    if (lines.line_number() == 1 && line.starts_with(byte_order_mark)) line.remove_prefix(byte_order_mark.size());
    if (parser.start(line, lines.line_number())) return parser.header();
  }
  parser.fail_at(1, 1, "empty input: expected the header 'des (INITIAL, TRANSITIONS, STATES)'");
}

}  // namespace formats::detail
