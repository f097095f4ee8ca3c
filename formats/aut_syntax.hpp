#pragma once
// The syntax of one `.aut` line, shared by the sequential and the parallel
// reader (formats/aut_reader.cpp) and by the reader of one MPI rank's byte
// range (distributed/aut_part_reader.hpp), so all report errors alike.
#include <cstdint>
#include <string>
#include <string_view>

#include "formats/aut_reader.hpp"
#include "formats/line_reader.hpp"
#include "lts/lts.hpp"

namespace formats::detail {

struct AutHeader {
  std::uint64_t initial = 0;
  std::uint64_t transitions = 0;
  std::uint64_t states = 0;
};

struct AutTransition {
  lts::StateId from;
  std::string_view label;
  lts::StateId to;
};

// Parses one line at a time; errors are ParseErrors at the line and column.
class AutLineParser {
 public:
  explicit AutLineParser(std::string file) : file_(std::move(file)) {}

  // Starts on `line`, the line_number-th; false if it holds only blanks.
  bool start(std::string_view line, std::uint64_t line_number);
  AutHeader header();
  // A transition whose states must be below `states`.
  AutTransition transition(std::uint64_t states);

  [[noreturn]] void fail_at(std::uint64_t line, std::uint64_t column, std::string message) const;
  // An error at byte `at` of the current line.
  [[noreturn]] void fail_at_byte(const char* at, std::string message) const { fail(at, std::move(message)); }

 private:
  [[noreturn, gnu::noinline, gnu::cold]] void fail(const char* at, std::string message) const;
  [[noreturn, gnu::noinline, gnu::cold]] void fail_expected(std::string_view what) const;
  [[noreturn, gnu::noinline, gnu::cold]] void fail_state_bound(const char* at, std::string_view what, std::uint64_t s,
                                                               std::uint64_t states) const;
  [[noreturn, gnu::noinline, gnu::cold]] void fail_trailing(std::string_view after) const;
  void skip_blanks();
  void expect(char c, std::string_view what);
  std::uint64_t number(std::string_view what, std::uint64_t max);
  [[gnu::noinline, gnu::cold]] std::uint64_t slow_number(std::string_view what, std::uint64_t max);
  lts::StateId state(std::string_view what, std::uint64_t states);
  std::string_view label();

  std::string file_;
  std::uint64_t line_number_ = 0;
  const char* begin_ = nullptr;
  const char* p_ = nullptr;
  const char* end_ = nullptr;
};

// Reads the header: the first line that is not blank, after a byte-order
// mark at the very start (columns then count from after it, as editors show).
AutHeader read_aut_header(LineReader& lines, AutLineParser& parser);

}  // namespace formats::detail
