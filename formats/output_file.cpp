#include "formats/output_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"

namespace formats {

namespace {
[[noreturn]] void fail(const std::string& path, const char* what) {
  throw FileError(fmt::format("{}: error: cannot {}: {}", display_name(path), what, std::strerror(errno)));
}
}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_ == "-") {
    stream_ = stdout;
    return;
  }
  std::vector<char> name(path_.begin(), path_.end());
  const char suffix[] = ".tmpXXXXXX";
  name.insert(name.end(), suffix, suffix + sizeof suffix);
  const int fd = ::mkstemp(name.data());
  if (fd < 0) fail(path_, "create");
  temporary_ = name.data();
  stream_ = ::fdopen(fd, "w");
  if (!stream_) {
    ::close(fd);
    ::unlink(temporary_.c_str());
    fail(path_, "open");
  }
}

OutputFile::~OutputFile() {
  if (path_ == "-" || committed_) return;
  if (stream_) std::fclose(stream_);
  ::unlink(temporary_.c_str());
}

void OutputFile::commit() {
  if (path_ == "-") {
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) fail(path_, "write");
    committed_ = true;
    return;
  }
  std::FILE* s = stream_;
  stream_ = nullptr;
  const bool bad = std::ferror(s) != 0;
  if (std::fclose(s) != 0 || bad) {
    ::unlink(temporary_.c_str());
    committed_ = true;
    fail(path_, "write");
  }
  // mkstemp creates files readable by the owner only; give the usual mode.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(temporary_.c_str(), 0666 & ~mask);
  if (std::rename(temporary_.c_str(), path_.c_str()) != 0) {
    ::unlink(temporary_.c_str());
    committed_ = true;
    fail(path_, "rename the temporary file to");
  }
  committed_ = true;
}

}  // namespace formats
