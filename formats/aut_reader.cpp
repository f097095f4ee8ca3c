#include "formats/aut_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <system_error>
#include <thread>

#include <fmt/format.h>

#include "formats/aut_syntax.hpp"
#include "formats/diagnostic.hpp"
#include "formats/label_interner.hpp"
#include "formats/line_reader.hpp"

namespace formats {

bool hides(std::string_view name, std::string_view label) {
  return label == name || (label.size() > name.size() && label.starts_with(name) && label[name.size()] == '(');
}

std::vector<std::string> unused_hidden_names(const AutReadOptions& options, const std::vector<AutReadReport>& reports) {
  std::vector<std::string> unused;
  for (std::size_t h = 0; h < options.hidden.size(); ++h)
    if (std::none_of(reports.begin(), reports.end(),
                     [h](const AutReadReport& r) { return h < r.hidden_matched.size() && r.hidden_matched[h]; }))
      unused.push_back(options.hidden[h]);
  return unused;
}

bool is_internal_label(std::string_view label, const AutReadOptions& options) {
  if (label == "i" || label == "tau") return true;
  for (const std::string& h : options.hidden)
    if (hides(h, label)) return true;
  return false;
}

namespace {

using detail::AutHeader;
using detail::AutLineParser;
using detail::LabelInterner;

// The shortest transition line, "(0,a,0)", with its newline.
constexpr std::uint64_t min_transition_bytes = 8;

// Every state the header declares is a state of the LTS, as in CADP and
// mCRL2: the ones above the largest the file mentions are isolated and
// unreachable, and a `quotient --map` gives each its line. A header of
// 4*10^9 states over a few transitions costs no per-state memory in the
// tools: they renumber such sparse LTSs densely (lts/sparse_states.hpp).
void finish_states(lts::Lts& l, const AutHeader& header) { l.num_states = static_cast<lts::StateId>(header.states); }

// Room for the transitions before the first one is read. The size of a
// file or text bounds their number. A pipe's does not, and growing by
// doubling would copy them and hold both copies at once (on standard
// input, 1.6x the peak of reading a file): so a pipe's header is trusted
// up to a bound, which makes a pipe cost what a file does. Only
// address space is reserved, pages becoming resident as transitions fill
// them, so a header that declares more than the input holds costs no
// memory, and one that declares less is an error at the first transition
// too many. Where that much address space is refused (a strict overcommit
// policy), the vector grows as before.
void reserve_transitions(lts::Lts& result, const AutHeader& header, std::optional<std::uint64_t> size) {
  constexpr std::uint64_t unknown_size_guess = std::uint64_t{1} << 24;  // bytes
  constexpr std::uint64_t trusted = std::uint64_t{1} << 28;             // transitions: 3 GiB of address space
  auto bounded_by = [&](std::uint64_t bytes) { return std::min(header.transitions, bytes / min_transition_bytes + 1); };
  if (size) {
    result.transitions.reserve(bounded_by(*size));
    return;
  }
  try {
    result.transitions.reserve(std::min(header.transitions, trusted));
  } catch (const std::bad_alloc&) {
    result.transitions.reserve(bounded_by(unknown_size_guess));
  }
}

// The whole input, one line after the other: the reference behaviour and
// the only way for pipes. Its diagnostics are the ones users see. `size`:
// the input's size in bytes, when known.
lts::Lts read_sequential(LineReader& lines, const std::string& name, const AutReadOptions& options,
                         std::optional<std::uint64_t> size, AutReadReport* report) {
  AutLineParser parser(name);
  const AutHeader header = detail::read_aut_header(lines, parser);
  lts::Lts result;
  result.initial = static_cast<lts::StateId>(header.initial);
  reserve_transitions(result, header, size);
  LabelInterner labels(options, result.labels);
  std::string_view line;
  std::uint64_t last_length = 0;  // bytes of the last line, for the position of the input's end
  while (lines.next(line)) {
    last_length = line.size();
    if (!parser.start(line, lines.line_number())) continue;
    // Parsed before the count is checked: a line past the last transition
    // that is no transition at all gets its syntax error, not a count.
    const auto t = parser.transition(header.states);
    if (result.transitions.size() == header.transitions)
      parser.fail_at(lines.line_number(), static_cast<std::uint64_t>(line.find_first_not_of(" \t") + 1),
                     fmt::format("more transitions than the {} declared in the header", header.transitions));
    lts::LabelId label;
    try {
      label = labels.id(t.label);
    } catch (const detail::NulInLabel& nul) {
      parser.fail_at_byte(t.label.data() + nul.offset, "a NUL byte (0x00) in a label");
    }
    result.transitions.push_back({t.from, label, t.to});
  }
  if (result.transitions.size() != header.transitions)
    parser.fail_at(lines.last_line_ended() ? lines.line_number() + 1 : lines.line_number(),
                   lines.last_line_ended() ? 1 : last_length + 1,
                   fmt::format("the header declares {} transitions but the file has {}", header.transitions,
                               result.transitions.size()));
  finish_states(result, header);
  if (report) report->hidden_matched = labels.hidden_matched();
  return result;
}

// One share of the parallel reader: the lines starting in [begin, end).
struct Share {
  std::uint64_t begin = 0, end = 0;
  std::uint64_t count = 0;  // non-blank lines, from the counting pass
  lts::LabelTable labels;   // this share's own label ids
  std::vector<bool> hidden_matched;
  std::exception_ptr error;
};

// Counts the lines starting in [begin, end) whose first byte is '(' (what
// every writer we know produces), with a branch-free loop over the bytes. A
// file whose transition lines start otherwise gets a wrong count, which
// parse_share detects, and is then read sequentially.
std::uint64_t count_transition_lines(int fd, const Share& share) {
  std::vector<char> buffer(std::size_t{1} << 20);
  std::uint64_t count = 0;
  char previous = 0;
  std::uint64_t offset = share.begin - 1;  // the byte before the first line start
  if (::pread(fd, &previous, 1, static_cast<off_t>(offset)) != 1) return 0;
  ++offset;
  while (offset < share.end) {
    const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(buffer.size(), share.end - offset));
    const ssize_t got = ::pread(fd, buffer.data(), want, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw std::system_error(errno, std::generic_category(), "read");
    if (got == 0) break;
    const auto* b = reinterpret_cast<const unsigned char*>(buffer.data());
    const std::size_t n = static_cast<std::size_t>(got);
    count += (previous == '\n') & (b[0] == '(');
    std::uint64_t local = 0;
    for (std::size_t j = 1; j < n; ++j) local += (b[j - 1] == '\n') & (b[j] == '(');
    count += local;
    previous = static_cast<char>(b[n - 1]);
    offset += n;
  }
  return count;
}

// Parses a share into transitions[first, first + count) with share-local
// label ids. Any error is only recorded: the caller then re-reads the file
// sequentially, which reports it with its exact line number.
void parse_share(int fd, Share& share, const AutHeader& header, const AutReadOptions& options, lts::Transition* out) {
  AutLineParser parser("");
  LabelInterner labels(options, share.labels);
  LineReader lines(fd, share.begin, share.end);
  std::string_view line;
  std::uint64_t written = 0;
  while (lines.next(line)) {
    if (!parser.start(line, 0)) continue;
    if (written == share.count) throw std::logic_error("the file changed while it was read");
    const auto t = parser.transition(header.states);
    out[written++] = {t.from, labels.id(t.label), t.to};
  }
  if (written != share.count) throw std::logic_error("a line that the count missed");
  share.hidden_matched = labels.hidden_matched();
}

// Runs body(i) for every share on its own thread; the first exception is
// kept. A thread that cannot start (its stack refused under a memory limit)
// leaves its share to this one.
template <typename Body>
void on_threads(std::vector<Share>& shares, Body body) {
  const auto run = [&](std::size_t i) {
    try {
      body(i);
    } catch (...) {
      shares[i].error = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(shares.size());
  std::size_t started = 0;
  try {
    for (; started < shares.size(); ++started) threads.emplace_back(run, started);
  } catch (const std::system_error&) {}
  for (std::size_t i = started; i < shares.size(); ++i) run(i);
  for (auto& t : threads) t.join();
}

// A regular file, split into byte ranges parsed on several cores: first a
// count of the lines of each range, so every range writes straight into its
// place in one exactly-sized array (12 bytes per transition at the peak).
// Returns false when the file is not valid; the sequential reader then
// finds and reports the first error.
bool read_parallel(int fd, std::uint64_t size, const AutReadOptions& options, unsigned threads, lts::Lts& result,
                   AutReadReport* report) {
  LineReader head(fd, 0, 1);
  AutLineParser parser("");
  AutHeader header;
  try {
    header = detail::read_aut_header(head, parser);
  } catch (const ParseError&) {
    return false;
  }
  const std::uint64_t body = head.bytes_consumed();
  std::vector<Share> shares(threads);
  for (unsigned i = 0; i < threads; ++i) {
    shares[i].begin = body + (size - body) * i / threads;
    shares[i].end = body + (size - body) * (i + 1) / threads;
  }
  on_threads(shares, [&](std::size_t i) { shares[i].count = count_transition_lines(fd, shares[i]); });
  std::uint64_t total = 0;
  for (const Share& s : shares) {
    if (s.error) std::rethrow_exception(s.error);  // an I/O error
    total += s.count;
  }
  if (total != header.transitions) return false;
  result.transitions.resize(total);
  std::vector<std::uint64_t> first(threads, 0);
  for (unsigned i = 1; i < threads; ++i) first[i] = first[i - 1] + shares[i - 1].count;
  on_threads(shares,
             [&](std::size_t i) { parse_share(fd, shares[i], header, options, result.transitions.data() + first[i]); });
  for (const Share& s : shares)
    if (s.error) return false;
  // Global label ids in order of first appearance, as the sequential reader
  // gives them: share 0's table first, then each later share's new labels.
  result.labels = std::move(shares[0].labels);
  for (unsigned i = 1; i < threads; ++i) {
    std::vector<lts::LabelId> global(shares[i].labels.size(), lts::tau);
    for (lts::LabelId l = 1; l < global.size(); ++l) global[l] = result.labels.intern(shares[i].labels.name(l));
    for (std::uint64_t k = first[i]; k < first[i] + shares[i].count; ++k)
      result.transitions[k].label = global[result.transitions[k].label];
  }
  result.initial = static_cast<lts::StateId>(header.initial);
  finish_states(result, header);
  if (report) {
    report->hidden_matched.assign(options.hidden.size(), false);
    for (const Share& s : shares)
      for (std::size_t h = 0; h < s.hidden_matched.size(); ++h)
        if (s.hidden_matched[h]) report->hidden_matched[h] = true;
  }
  return true;
}

}  // namespace

lts::Lts read_aut_text(std::string_view text, const std::string& name, const AutReadOptions& options,
                       AutReadReport* report) {
  LineReader lines(text);
  return read_sequential(lines, name, options, text.size(), report);
}

lts::Lts read_aut_file(const std::string& path, const AutReadOptions& options, AutReadReport* report) {
  const std::string name = display_name(path);
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw FileError(fmt::format("{}: error: cannot open: {}", name, std::strerror(errno)));
  struct Closer {
    int fd;
    bool close_it;
    ~Closer() {
      if (close_it) ::close(fd);
    }
  } closer{fd, !is_stdin};
  struct stat st {};
  const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (!regular && S_ISDIR(st.st_mode)) throw FileError(fmt::format("{}: error: is a directory", name));
  try {
    if (regular) {
      const auto size = static_cast<std::uint64_t>(st.st_size);
      const unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
      const off_t start = ::lseek(fd, 0, SEEK_CUR);
      if (start == 0 && threads > 1 && size >= options.parallel_from_bytes) {
        lts::Lts result;
        if (read_parallel(fd, size, options, std::min(threads, 8u), result, report)) return result;
      }
      LineReader lines(fd, static_cast<std::uint64_t>(std::max<off_t>(start, 0)), UINT64_MAX);
      return read_sequential(lines, name, options, size, report);
    }
    LineReader lines(fd);
    return read_sequential(lines, name, options, std::nullopt, report);  // a pipe: its size is unknown
  } catch (const std::system_error& e) {
    throw FileError(fmt::format("{}: error: cannot read: {}", name, e.code().message()));
  }
}

}  // namespace formats
