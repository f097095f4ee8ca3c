#include "formats/aut_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <limits>
#include <unordered_map>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"
#include "formats/line_reader.hpp"
#include "lts/builder.hpp"

namespace formats {

bool is_internal_label(std::string_view label, const AutReadOptions& options) {
  if (label == "i" || label == "tau") return true;
  for (const std::string& h : options.hidden) {
    if (label == h) return true;
    if (label.size() > h.size() && label.starts_with(h) && label[h.size()] == '(') return true;
  }
  return false;
}

namespace {

constexpr std::uint64_t max_states = std::numeric_limits<lts::StateId>::max();
// The shortest transition line, "(0,a,0)", with its newline.
constexpr std::uint64_t min_transition_bytes = 8;

std::string describe(const char* at, const char* end) {
  if (at >= end) return "end of line";
  const unsigned char c = static_cast<unsigned char>(*at);
  if (c >= 0x20 && c < 0x7f) return fmt::format("'{}'", static_cast<char>(c));
  return fmt::format("byte 0x{:02x}", c);
}

class AutParser {
 public:
  AutParser(LineReader& lines, std::string name, const AutReadOptions& options,
            std::uint64_t size_hint)
      : lines_(lines), name_(std::move(name)), options_(options), size_hint_(size_hint) {}

  lts::Lts parse() {
    read_header();
    while (next_line()) read_transition();
    if (count_ != declared_transitions_)
      fail_at(lines_.line_number() + 1, 1,
              fmt::format("the header declares {} transitions but the file has {}",
                          declared_transitions_, count_));
    // States above the largest one mentioned are isolated and unreachable;
    // keeping them out means a header of 4*10^9 states allocates nothing.
    builder_.ensure_states(static_cast<lts::StateId>(std::max<std::uint64_t>(max_used_ + 1, 1)));
    return std::move(builder_).finish();
  }

 private:
  // Advances to the next non-blank line; false at the end of the input.
  bool next_line() {
    std::string_view line;
    while (lines_.next(line)) {
      begin_ = p_ = line.data();
      end_ = line.data() + line.size();
      skip_blanks();
      if (p_ != end_) return true;
    }
    return false;
  }

  [[noreturn]] void fail_at(std::uint64_t line, std::uint64_t column, std::string message) const {
    throw ParseError(Diagnostic{name_, line, column, std::move(message)});
  }
  [[noreturn]] void fail(const char* at, std::string message) const {
    fail_at(lines_.line_number(), static_cast<std::uint64_t>(at - begin_) + 1, std::move(message));
  }
  [[noreturn]] void fail_expected(std::string_view what) const {
    fail(p_, fmt::format("expected {}, found {}", what, describe(p_, end_)));
  }

  // Hot loops work on a local copy of p_: a store through `this` per byte
  // would be needed otherwise, since char pointers may alias the parser.
  void skip_blanks() {
    const char* q = p_;
    while (q != end_ && (*q == ' ' || *q == '\t')) ++q;
    p_ = q;
  }

  void expect(char c, std::string_view what) {
    skip_blanks();
    if (p_ == end_ || *p_ != c) fail_expected(what);
    ++p_;
  }

  // A decimal number no larger than `max`; `what` names it in messages.
  std::uint64_t number(std::string_view what, std::uint64_t max) {
    skip_blanks();
    if (p_ != end_ && *p_ == '-') fail(p_, fmt::format("{} must not be negative", what));
    if (p_ == end_ || *p_ < '0' || *p_ > '9') fail_expected(what);
    const char* start = p_;
    const char* q = p_;
    std::uint64_t value = 0;
    // 19 digits always fit in 64 bits; a 20th may still (up to 2^64-1).
    const char* safe_end = end_ - start > 19 ? start + 19 : end_;
    while (q != safe_end && static_cast<unsigned char>(*q - '0') < 10) value = value * 10 + (*q++ - '0');
    if (q != end_ && static_cast<unsigned char>(*q - '0') < 10) {
      const unsigned digit = static_cast<unsigned>(*q - '0');
      const bool more = q + 1 != end_ && static_cast<unsigned char>(q[1] - '0') < 10;
      if (more || value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10)
        fail(start, fmt::format("{} is too large (the maximum is {})", what, max));
      value = value * 10 + digit;
      ++q;
    }
    if (value > max) fail(start, fmt::format("{} is too large (the maximum is {})", what, max));
    p_ = q;
    return value;
  }

  void read_header() {
    if (!next_line()) fail_at(1, 1, "empty input: expected the header 'des (INITIAL, TRANSITIONS, STATES)'");
    if (end_ - p_ < 3 || std::memcmp(p_, "des", 3) != 0)
      fail(p_, "expected the header 'des (INITIAL, TRANSITIONS, STATES)'");
    p_ += 3;
    expect('(', "'(' after 'des'");
    const char* initial_at = (skip_blanks(), p_);
    const std::uint64_t initial = number("the initial state", max_states);
    expect(',', "',' after the initial state");
    declared_transitions_ = number("the number of transitions", std::numeric_limits<std::uint64_t>::max());
    expect(',', "',' after the number of transitions");
    const char* states_at = (skip_blanks(), p_);
    declared_states_ = number("the number of states", max_states);
    expect(')', "')' after the number of states");
    skip_blanks();
    if (p_ != end_) fail(p_, fmt::format("unexpected {} after the header", describe(p_, end_)));
    if (declared_states_ == 0) fail(states_at, "the number of states must be at least 1");
    if (initial >= declared_states_)
      fail(initial_at, fmt::format("the initial state {} is not below the number of states {}",
                                   initial, declared_states_));
    builder_.set_initial(static_cast<lts::StateId>(initial));
    max_used_ = initial;
    builder_.reserve(std::min(declared_transitions_, size_hint_ / min_transition_bytes + 1));
  }

  lts::StateId state(std::string_view what) {
    skip_blanks();
    const char* at = p_;
    const std::uint64_t s = number(what, max_states);
    if (s >= declared_states_)
      fail(at, fmt::format("{} {} is not below the number of states {} declared in the header",
                           what, s, declared_states_));
    max_used_ = std::max(max_used_, s);
    return static_cast<lts::StateId>(s);
  }

  std::string_view label() {
    skip_blanks();
    if (p_ != end_ && *p_ == '"') {
      const char* open = p_;
      const char* close = static_cast<const char*>(std::memchr(open + 1, '"', end_ - open - 1));
      if (!close) fail(open, "unterminated quoted label");
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

  // A cheap fingerprint for the label cache: length and the first and last
  // bytes (labels of one file differ mostly at their ends).
  static std::size_t fingerprint(std::string_view text) {
    std::uint64_t head = 0, tail = 0;
    const std::size_t k = std::min<std::size_t>(8, text.size());
    std::memcpy(&head, text.data(), k);
    std::memcpy(&tail, text.data() + text.size() - k, k);
    const std::uint64_t h = (head * 0x9E3779B97F4A7C15ull) ^ (tail + text.size()) * 0xC2B2AE3D27D4EB4Full;
    return static_cast<std::size_t>(h >> 56);
  }

  // Most labels are found in a 256-entry direct-mapped cache before the hash
  // map; on 10^7 transitions with 20 labels this took reading from 0.69 s
  // to 0.53 s (bench/read/run.sh).
  lts::LabelId label_id(std::string_view text) {
    CacheEntry& slot = cache_[fingerprint(text)];
    if (slot.text == text) return slot.id;
    auto it = label_ids_.find(text);
    if (it == label_ids_.end()) {
      const lts::LabelId id = is_internal_label(text, options_) ? lts::tau : builder_.label(text);
      it = label_ids_.emplace(std::string(text), id).first;
    }
    slot = {it->first, it->second};
    return it->second;
  }

  void read_transition() {
    if (count_ == declared_transitions_)
      fail(p_, fmt::format("more transitions than the {} declared in the header", declared_transitions_));
    expect('(', "'(' to start a transition");
    const lts::StateId from = state("the source state");
    expect(',', "',' after the source state");
    const lts::LabelId id = label_id(label());
    const lts::StateId to = state("the target state");
    expect(')', "')' after the target state");
    skip_blanks();
    if (p_ != end_) fail(p_, fmt::format("unexpected {} after the transition", describe(p_, end_)));
    builder_.add_transition(from, id, to);
    ++count_;
  }

  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  LineReader& lines_;
  std::string name_;
  const AutReadOptions& options_;
  std::uint64_t size_hint_;
  lts::LtsBuilder builder_;
  const char* begin_ = nullptr;
  const char* p_ = nullptr;
  const char* end_ = nullptr;
  std::uint64_t declared_transitions_ = 0;
  std::uint64_t declared_states_ = 0;
  std::uint64_t count_ = 0;
  std::uint64_t max_used_ = 0;
  std::unordered_map<std::string, lts::LabelId, Hash, std::equal_to<>> label_ids_;
  struct CacheEntry {
    std::string_view text;  // a key of label_ids_ (stable: node-based map)
    lts::LabelId id = 0;
  };
  std::array<CacheEntry, 256> cache_{};
};

}  // namespace

lts::Lts read_aut_text(std::string_view text, const std::string& name, const AutReadOptions& options) {
  LineReader lines(text);
  return AutParser(lines, name, options, text.size()).parse();
}

lts::Lts read_aut_file(const std::string& path, const AutReadOptions& options) {
  const std::string name = display_name(path);
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw FileError(fmt::format("{}: error: cannot open: {}", name, std::strerror(errno)));
  struct stat st {};
  std::uint64_t size_hint = std::uint64_t{1} << 24;  // a pipe: let the vector grow
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) size_hint = static_cast<std::uint64_t>(st.st_size);
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    throw FileError(fmt::format("{}: error: is a directory", name));
  }
  struct Closer {
    int fd;
    bool close_it;
    ~Closer() {
      if (close_it) ::close(fd);
    }
  } closer{fd, !is_stdin};
  LineReader lines(fd);
  try {
    return AutParser(lines, name, options, size_hint).parse();
  } catch (const std::system_error& e) {
    throw FileError(fmt::format("{}: error: cannot read: {}", name, e.code().message()));
  }
}

}  // namespace formats
