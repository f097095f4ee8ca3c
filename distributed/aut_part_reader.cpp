#include "distributed/aut_part_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "distributed/mpi_line_range.hpp"
#include "formats/aut_syntax.hpp"
#include "formats/diagnostic.hpp"
#include "formats/label_interner.hpp"
#include "formats/line_reader.hpp"

namespace distributed {

namespace {

using formats::detail::AutHeader;
using formats::detail::AutLineParser;
using formats::detail::LabelInterner;

int rank_of(MPI_Comm comm) {
  int r = 0;
  MPI_Comm_rank(comm, &r);
  return r;
}
int size_of(MPI_Comm comm) {
  int n = 1;
  MPI_Comm_size(comm, &n);
  return n;
}

void broadcast(MPI_Comm comm, int root, std::string& text) {
  std::uint64_t n = text.size();
  MPI_Bcast(&n, 1, MPI_UINT64_T, root, comm);
  text.resize(n);
  if (n > 0) MPI_Bcast(text.data(), static_cast<int>(n), MPI_CHAR, root, comm);
}

// An error found on `root`, thrown on every rank: kind 0 none, 1 a
// ParseError, 2 a FileError.
struct Failure {
  std::uint64_t kind = 0, line = 0, column = 0;
  std::string message;
};
void throw_everywhere(MPI_Comm comm, int root, Failure f, const std::string& name) {
  std::uint64_t head[3] = {f.kind, f.line, f.column};
  MPI_Bcast(head, 3, MPI_UINT64_T, root, comm);
  if (head[0] == 0) return;
  broadcast(comm, root, f.message);
  if (head[0] == 2) throw formats::FileError(f.message);
  throw formats::ParseError(formats::Diagnostic{name, head[1], head[2], f.message});
}

// What rank 0 learns before the body is shared out.
struct Prelude {
  std::uint64_t initial = 0, transitions = 0, states = 0;
  std::uint64_t header_lines = 0;  // lines up to the header's, blank ones included
  std::uint64_t body_start = 0, file_size = 0;
  std::uint64_t header_ended = 1;  // whether a newline ends the header's line
};

// On rank 0: the checks and messages of formats::read_aut_file for opening
// the file, and its header.
Failure read_prelude(const std::string& path, const std::string& name, Prelude& p) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {2, 0, 0, fmt::format("{}: error: cannot open: {}", name, std::strerror(errno))};
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) return {2, 0, 0, fmt::format("{}: error: cannot read: {}", name, std::strerror(errno))};
  if (S_ISDIR(st.st_mode)) return {2, 0, 0, fmt::format("{}: error: is a directory", name)};
  if (!S_ISREG(st.st_mode)) return {2, 0, 0, fmt::format("{}: error: not a regular file", name)};
  p.file_size = static_cast<std::uint64_t>(st.st_size);
  try {
    formats::LineReader lines(fd, 0, UINT64_MAX);
    AutLineParser parser(name);
    const AutHeader h = formats::detail::read_aut_header(lines, parser);
    p.initial = h.initial;
    p.transitions = h.transitions;
    p.states = h.states;
    p.header_lines = lines.line_number();
    p.body_start = lines.bytes_consumed();
    p.header_ended = lines.last_line_ended() ? 1 : 0;
  } catch (const formats::ParseError& e) {
    const formats::Diagnostic& d = e.diagnostic();
    return {1, d.line, d.column, d.message};
  } catch (const std::system_error& e) {
    return {2, 0, 0, fmt::format("{}: error: cannot read: {}", name, e.code().message())};
  }
  return {};
}

// What one rank's pass over its range found; `lines` and the rest count
// up to its first error.
struct RangeSummary {
  std::uint64_t lines = 0, transitions = 0, failed = 0, last_length = 0, last_ended = 1, has_line = 0;
};
constexpr int summary_words = 6;

struct RangeScan {
  RangeSummary summary;
  formats::Diagnostic error;  // its line counted from the range's first
  std::vector<lts::Transition> transitions;
  lts::LabelTable labels;  // in order of first appearance in the range
};

RangeScan scan_range(MPI_Comm comm, MPI_File file, const Prelude& p, const LineRange& range, std::size_t chunk,
                     const formats::AutReadOptions& options, const std::string& name) {
  RangeScan scan;
  AutLineParser parser(name);
  LabelInterner interner(options, scan.labels);
  for_each_line(comm, file, p.file_size, range, chunk, [&](std::string_view line, bool ended) {
    RangeSummary& s = scan.summary;
    ++s.lines;
    s.has_line = 1;
    s.last_length = line.size();
    s.last_ended = ended ? 1 : 0;
    if (!parser.start(line, s.lines)) return true;
    try {
      const auto t = parser.transition(p.states);
      lts::LabelId label;
      try {
        label = interner.id(t.label);
      } catch (const formats::detail::NulInLabel& nul) {
        parser.fail_at_byte(t.label.data() + nul.offset, "a NUL byte (0x00) in a label");
      }
      scan.transitions.push_back({t.from, label, t.to});
      ++s.transitions;
      return true;
    } catch (const formats::ParseError& e) {
      s.failed = 1;
      scan.error = e.diagnostic();
      return false;
    }
  });
  return scan;
}

// The range's local line and column of its transition number k (0-based),
// read again: only the range holding the first transition too many does.
std::pair<std::uint64_t, std::uint64_t> locate_transition(MPI_Comm comm, MPI_File file, const Prelude& p,
                                                          const LineRange& range, std::size_t chunk,
                                                          std::uint64_t k) {
  std::uint64_t line_number = 0, seen = 0, column = 1;
  for_each_line(comm, file, p.file_size, range, chunk, [&](std::string_view line, bool) {
    ++line_number;
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) return true;
    if (seen++ < k) return true;
    column = first + 1;
    return false;
  });
  return {line_number, column};
}

LineRange range_of(const Prelude& p, int rank, int ranks) {
  const std::uint64_t body = p.file_size - p.body_start;
  LineRange r;
  r.begin = p.body_start + body * static_cast<std::uint64_t>(rank) / static_cast<std::uint64_t>(ranks);
  r.end = p.body_start + body * static_cast<std::uint64_t>(rank + 1) / static_cast<std::uint64_t>(ranks);
  r.begin_is_line_start = r.begin == p.body_start;
  return r;
}

// The first error in the file, from every range's summary: the sequential
// reader's, a syntax error or the first transition past the header's
// count, whichever comes first, else a count that disagrees at the end.
void check_body(MPI_Comm comm, MPI_File file, const Prelude& p, const LineRange& range, std::size_t chunk,
                const RangeScan& scan, const std::string& name) {
  const int rank = rank_of(comm), ranks = size_of(comm);
  std::vector<std::uint64_t> all(summary_words * static_cast<std::size_t>(ranks));
  const RangeSummary& mine = scan.summary;
  const std::uint64_t words[summary_words] = {mine.lines,       mine.transitions, mine.failed,
                                              mine.last_length, mine.last_ended,  mine.has_line};
  MPI_Allgather(words, summary_words, MPI_UINT64_T, all.data(), summary_words, MPI_UINT64_T, comm);
  const auto at = [&](int r, int field) { return all[static_cast<std::size_t>(r) * summary_words + field]; };
  std::uint64_t count = 0, lines = p.header_lines;
  for (int r = 0; r < ranks; ++r) {
    if (count + at(r, 1) > p.transitions) {
      const LineRange mine_or_none = r == rank ? range : LineRange{};
      const auto [line, column] = locate_transition(comm, file, p, mine_or_none, chunk, p.transitions - count);
      Failure f{1, lines + line, column,
                fmt::format("more transitions than the {} declared in the header", p.transitions)};
      throw_everywhere(comm, r, std::move(f), name);
    }
    if (at(r, 2)) {
      Failure f;
      if (r == rank) f = {1, lines + scan.error.line, scan.error.column, scan.error.message};
      throw_everywhere(comm, r, std::move(f), name);
    }
    count += at(r, 1);
    lines += at(r, 0);
  }
  if (count == p.transitions) return;
  bool ended = p.header_ended != 0;
  std::uint64_t last_length = 0;
  for (int r = 0; r < ranks; ++r)
    if (at(r, 5)) {
      ended = at(r, 4) != 0;
      last_length = at(r, 3);
    }
  throw formats::ParseError(formats::Diagnostic{
      name, ended ? lines + 1 : lines, ended ? 1 : last_length + 1,
      fmt::format("the header declares {} transitions but the file has {}", p.transitions, count)});
}

// Every rank's labels, gathered in rank order: rank 0's table, then each
// later rank's labels not seen before, which is the order of first
// appearance in the file. Relabels this rank's transitions.
lts::LabelTable merge_labels(MPI_Comm comm, const lts::LabelTable& local, std::vector<lts::Transition>& transitions) {
  const int rank = rank_of(comm), ranks = size_of(comm);
  std::string mine;
  for (lts::LabelId l = 1; l < local.size(); ++l) {
    const std::string& n = local.name(l);
    const std::uint64_t len = n.size();
    mine.append(reinterpret_cast<const char*>(&len), sizeof len);
    mine.append(n);
  }
  if (mine.size() > static_cast<std::size_t>(INT32_MAX)) throw std::length_error("labels of 2 GiB or more on one rank");
  const int my_bytes = static_cast<int>(mine.size());
  std::vector<int> bytes(ranks), displacement(ranks, 0);
  MPI_Allgather(&my_bytes, 1, MPI_INT, bytes.data(), 1, MPI_INT, comm);
  std::uint64_t total = 0;
  for (int r = 0; r < ranks; ++r) {
    if (total > static_cast<std::uint64_t>(INT32_MAX)) throw std::length_error("labels of 2 GiB or more in all");
    displacement[r] = static_cast<int>(total);
    total += static_cast<std::uint64_t>(bytes[r]);
  }
  if (total > static_cast<std::uint64_t>(INT32_MAX)) throw std::length_error("labels of 2 GiB or more in all");
  std::string everything(total, '\0');
  MPI_Allgatherv(mine.data(), my_bytes, MPI_CHAR, everything.data(), bytes.data(), displacement.data(), MPI_CHAR,
                 comm);
  lts::LabelTable global;
  std::vector<lts::LabelId> to_global(local.size(), lts::tau);
  for (int r = 0; r < ranks; ++r) {
    std::size_t k = static_cast<std::size_t>(displacement[r]);
    const std::size_t stop = k + static_cast<std::size_t>(bytes[r]);
    for (lts::LabelId l = 1; k < stop; ++l) {
      std::uint64_t len = 0;
      std::memcpy(&len, everything.data() + k, sizeof len);
      k += sizeof len;
      const lts::LabelId id = global.intern(std::string_view(everything.data() + k, len));
      k += len;
      if (r == rank) to_global[l] = id;
    }
  }
  for (lts::Transition& t : transitions) t.label = to_global[t.label];
  return global;
}

MPI_File open_file(MPI_Comm comm, const std::string& path, const std::string& name) {
  MPI_File file;
  const int rc = MPI_File_open(comm, path.c_str(), MPI_MODE_RDONLY, MPI_INFO_NULL, &file);
  int ok = rc == MPI_SUCCESS ? 1 : 0, all_ok = 0;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
  if (!all_ok) {
    if (ok) MPI_File_close(&file);
    throw formats::FileError(fmt::format("{}: error: cannot open with MPI-IO on every rank", name));
  }
  return file;
}

}  // namespace

AutPart read_aut_part(MPI_Comm comm, const std::string& path, const formats::AutReadOptions& options,
                      std::size_t chunk_bytes) {
  const std::string name = formats::display_name(path);
  const int rank = rank_of(comm), ranks = size_of(comm);
  Prelude p;
  Failure failure;
  if (rank == 0) failure = read_prelude(path, name, p);
  throw_everywhere(comm, 0, std::move(failure), name);
  MPI_Bcast(&p, sizeof p / sizeof(std::uint64_t), MPI_UINT64_T, 0, comm);
  MPI_File file = open_file(comm, path, name);
  struct Closer {
    MPI_File* file;
    ~Closer() { MPI_File_close(file); }
  } closer{&file};
  const LineRange range = range_of(p, rank, ranks);
  RangeScan scan = scan_range(comm, file, p, range, chunk_bytes, options, name);
  check_body(comm, file, p, range, chunk_bytes, scan, name);
  AutPart part;
  part.initial = static_cast<lts::StateId>(p.initial);
  part.num_states = p.states;
  part.num_transitions = p.transitions;
  part.labels = merge_labels(comm, scan.labels, scan.transitions);
  part.transitions = std::move(scan.transitions);
  return part;
}

}  // namespace distributed
