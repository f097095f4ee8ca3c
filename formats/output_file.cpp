#include "formats/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"

namespace formats {

namespace {

[[noreturn]] void fail(const std::string& path, const char* what, int error = errno) {
  throw FileError(fmt::format("{}: error: cannot {}: {}", output_display_name(path), what,
                              error ? std::strerror(error) : "write error"));
}

// The reason a write on a stream failed: the errno of `call` when it failed
// now, else the errno its earlier failed write left (the writers stop at the
// first failed write, so nothing came since).
template <typename Call>
int write_failure(std::FILE* stream, Call call) {
  const bool earlier = std::ferror(stream) != 0;
  const int earlier_error = errno;
  errno = 0;
  if (call() != 0) return errno ? errno : -1;
  return earlier ? (earlier_error ? earlier_error : -1) : 0;
}

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw FileError(fmt::format("{}: error: {}", output_display_name(path), why));
}

// The file a name reaches once its symbolic links are followed, even when
// the last one dangles (then writing creates what it points to).
std::string follow_links(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path p = path;
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code error;
    if (!fs::is_symlink(fs::symlink_status(p, error))) return p.string();
    const fs::path link = fs::read_symlink(p, error);
    if (error) return p.string();
    p = link.is_absolute() ? link : p.parent_path() / link;
  }
  return p.string();  // a loop of links: creating the temporary file fails
}

// The descriptor a name reaches through one of the process's descriptor
// folders (/dev/stdout -> /proc/self/fd/1, /dev/fd/N, /proc/self/fd/N):
// a stream the caller opened, often the shell's `> log` or `>> log`.
std::optional<int> named_descriptor(const std::string& path) {
  namespace fs = std::filesystem;
  const std::string own = fmt::format("/proc/{}/fd", ::getpid());
  std::error_code error;
  fs::path p = fs::absolute(path, error).lexically_normal();
  for (int hops = 0; !error && hops < 40; ++hops) {
    const std::string folder = p.parent_path().string(), name = p.filename().string();
    const bool number = !name.empty() && name.size() < 10 && name.find_first_not_of("0123456789") == std::string::npos;
    if (number &&
        (folder == "/dev/fd" || folder == "/proc/self/fd" || folder == "/proc/thread-self/fd" || folder == own))
      return std::stoi(name);
    if (!fs::is_symlink(fs::symlink_status(p, error))) return std::nullopt;
    const fs::path link = fs::read_symlink(p, error);
    p = (link.is_absolute() ? link : p.parent_path() / link).lexically_normal();
  }
  return std::nullopt;
}

// A name that exists and is neither a regular file nor a directory: a FIFO,
// a terminal, a device or a socket, written in place.
bool is_special(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

// The regular file a name reaches, links followed; "-" is the standard
// stream given. Nothing for a name that does not exist or is not a file.
std::optional<std::pair<dev_t, ino_t>> regular_file(const std::string& path, int standard_fd) {
  struct stat st;
  const int r = path == "-" ? ::fstat(standard_fd, &st) : ::stat(path.c_str(), &st);
  if (r != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return std::pair{st.st_dev, st.st_ino};
}

// The temporary files of the OutputFiles not yet committed, for
// discard_uncommitted_outputs_before_exit. Never destroyed: a thread may
// still reach it while the process ends.
struct PendingOutputs {
  std::mutex mutex;
  std::vector<std::string> temporaries;
  bool committed = false;  // some OutputFile was committed
};

PendingOutputs& pending() {
  static PendingOutputs* outputs = new PendingOutputs;
  return *outputs;
}

// The same temporary names where a signal handler may read them
// (discard_outputs_in_signal_handler): a handler may not lock the mutex nor
// read a vector another thread changes. Each slot is written once and then
// only marked listed or not, so a handler never reads a name being written;
// static, so nothing is allocated (or leaked). A run has a few outputs; one
// beyond the slots, or with a longer name, is left to the other ways of
// discarding it.
struct SignalSafeName {
  std::atomic<bool> listed{false};
  std::atomic<bool> used{false};
  char name[4096];
};
std::array<SignalSafeName, 16> signal_safe_names;

void list_for_signals(const std::string& name) {
  if (name.size() >= sizeof SignalSafeName::name) return;
  for (SignalSafeName& slot : signal_safe_names) {
    bool unused = false;
    if (!slot.used.compare_exchange_strong(unused, true)) continue;
    std::memcpy(slot.name, name.c_str(), name.size() + 1);
    slot.listed.store(true);
    return;
  }
}

void unlist_for_signals(const std::string& name) {
  for (SignalSafeName& slot : signal_safe_names)
    if (slot.listed.load() && name == slot.name) {
      slot.listed.store(false);
      return;
    }
}

void forget_temporary(const std::string& name) {
  unlist_for_signals(name);
  std::vector<std::string>& names = pending().temporaries;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) {
      names.erase(names.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
}

// Removes the temporary files, keeping the lock until the process ends;
// unless a result was committed and `even_if_committed` is false: then
// false, and nothing changed.
bool discard_temporaries(bool even_if_committed) {
  PendingOutputs& outputs = pending();
  outputs.mutex.lock();
  if (outputs.committed && !even_if_committed) {
    outputs.mutex.unlock();
    return false;
  }
  for (const std::string& name : outputs.temporaries) ::unlink(name.c_str());
  return true;
}

}  // namespace

bool discard_uncommitted_outputs_before_exit() { return discard_temporaries(false); }

void discard_outputs_on_signal() { discard_temporaries(true); }

void discard_outputs_in_signal_handler() {
  for (SignalSafeName& slot : signal_safe_names)
    if (slot.listed.load()) ::unlink(slot.name);
}

void check_outputs_spare_inputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs) {
  for (const std::string& out : outputs) {
    const auto written = regular_file(out, STDOUT_FILENO);
    if (!written) continue;
    for (const std::string& in : inputs)
      if (regular_file(in, STDIN_FILENO) == written)
        refuse(out, out == in ? "the output would replace the input; write the result to another file"
                              : fmt::format("is the input {} (the same file); write the result to another file",
                                            display_name(in)));
  }
}

void check_output_path(const std::string& path) {
  if (path == "-") return;
  if (path.empty()) throw FileError("error: an output file name is empty");
  if (const std::optional<int> fd = named_descriptor(path)) {
    if (::fcntl(*fd, F_GETFD) < 0) refuse(path, "cannot write a result here: no such open descriptor");
    return;
  }
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) refuse(path, "cannot write a result here: it is a directory");
    return;
  }
  const std::string target = follow_links(path);  // a dangling link: its target's folder
  const std::filesystem::path folder = std::filesystem::path(target).parent_path();
  const std::string dir = folder.empty() ? "." : folder.string();
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    refuse(path, fmt::format("cannot write a result here: no folder {}", dir));
  if (::access(dir.c_str(), W_OK) != 0) fail(path, fmt::format("write into folder {}", dir).c_str());
}

bool names_standard_output(const std::string& path) {
  if (path == "-" || named_descriptor(path) == STDOUT_FILENO) return true;
  // `> out` then `--cex out`: the result would replace the file the verdict
  // is written to, and the verdict would go to the replaced file.
  const auto file = regular_file(path, STDOUT_FILENO);
  return file && file == regular_file("-", STDOUT_FILENO);
}

bool output_renamed_into_place(const std::string& path) {
  return path != "-" && !named_descriptor(path) && !is_special(path);
}

void check_distinct_outputs(const std::string& first, const std::string& second) {
  if (names_standard_output(first) && names_standard_output(second))
    throw FileError("error: two results cannot both go to standard output; name another file for one of them");
  if (first == "-" || second == "-") return;
  namespace fs = std::filesystem;
  std::error_code e1, e2;
  const fs::path a = fs::weakly_canonical(follow_links(first), e1);
  const fs::path b = fs::weakly_canonical(follow_links(second), e2);
  const bool same = !e1 && !e2 ? a == b : first == second;
  if (same) refuse(second, fmt::format("two results cannot both go to this file (also named {})", first));
}

void flush_checked(std::FILE* stream, const std::string& path) {
  if (const int error = write_failure(stream, [&] { return std::fflush(stream); }))
    fail(path, "write", error > 0 ? error : 0);
}

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_ == "-") {
    stream_ = stdout;
    return;
  }
  // An open stream is written where it stands, never replaced: after `>>
  // log`, `-o /dev/stdout` appends to log as `-` does.
  if (const std::optional<int> fd = named_descriptor(path_)) {
    const int copy = ::dup(*fd);
    if (copy < 0) fail(path_, "open");
    stream_ = ::fdopen(copy, "w");
    if (!stream_) {
      ::close(copy);
      fail(path_, "open");
    }
    return;
  }
  check_output_path(path_);
  // A FIFO, a terminal or a device: opened by its own name.
  if (is_special(path_)) {
    stream_ = std::fopen(path_.c_str(), "w");
    if (!stream_) fail(path_, "open");
    return;
  }
  target_ = follow_links(path_);
  std::vector<char> name(target_.begin(), target_.end());
  const char suffix[] = ".tmpXXXXXX";
  name.insert(name.end(), suffix, suffix + sizeof suffix);
  // Created and listed at once: a stop in between would miss it.
  const std::lock_guard lock(pending().mutex);
  const int fd = ::mkstemp(name.data());
  if (fd < 0) fail(path_, "create");
  temporary_ = name.data();
  try {
    pending().temporaries.push_back(temporary_);
    list_for_signals(temporary_);
  } catch (...) {
    ::close(fd);
    ::unlink(temporary_.c_str());
    throw;
  }
  stream_ = ::fdopen(fd, "w");
  if (!stream_) {
    ::close(fd);
    ::unlink(temporary_.c_str());
    forget_temporary(temporary_);
    fail(path_, "open");
  }
}

OutputFile::~OutputFile() {
  if (path_ == "-" || committed_) return;
  if (stream_) std::fclose(stream_);
  if (temporary_.empty()) return;
  const std::lock_guard lock(pending().mutex);
  ::unlink(temporary_.c_str());
  forget_temporary(temporary_);
}

void OutputFile::finish() {
  if (path_ == "-") {
    flush_checked(stdout, path_);
    return;
  }
  if (!stream_) return;  // finished already
  std::FILE* s = stream_;
  stream_ = nullptr;
  if (const int error = write_failure(s, [&] { return std::fclose(s); })) fail(path_, "write", error > 0 ? error : 0);
  if (temporary_.empty()) return;
  // mkstemp creates files readable by the owner only; give the usual mode.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(temporary_.c_str(), 0666 & ~mask);
}

void OutputFile::commit() {
  finish();
  const std::lock_guard lock(pending().mutex);
  if (!temporary_.empty()) {
    if (std::rename(temporary_.c_str(), target_.c_str()) != 0) fail(path_, "rename the temporary file to");
    forget_temporary(temporary_);
  }
  committed_ = true;
  pending().committed = true;
}

}  // namespace formats
