#include "formats/line_reader.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace formats {

LineReader::LineReader(int fd, std::size_t chunk_size) : fd_(fd), buffer_(chunk_size) {}

LineReader::LineReader(std::string_view text) : text_(text), eof_(true) {}

// Moves the unread rest to the front of the buffer and reads more after it,
// growing the buffer when one line fills it. False when nothing was added.
bool LineReader::fill() {
  if (eof_) return false;
  const std::size_t rest = text_.size();
  if (rest > 0 && text_.data() != buffer_.data()) std::memmove(buffer_.data(), text_.data(), rest);
  if (rest == buffer_.size()) buffer_.resize(buffer_.size() * 2);
  for (;;) {
    const ssize_t got = ::read(fd_, buffer_.data() + rest, buffer_.size() - rest);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw std::system_error(errno, std::generic_category(), "read");
    if (got == 0) eof_ = true;
    text_ = std::string_view(buffer_.data(), rest + static_cast<std::size_t>(got));
    return got > 0;
  }
}

bool LineReader::next(std::string_view& line) {
  for (;;) {
    const void* nl = std::memchr(text_.data(), '\n', text_.size());
    if (nl) {
      const std::size_t len = static_cast<const char*>(nl) - text_.data();
      line = text_.substr(0, len);
      text_.remove_prefix(len + 1);
      break;
    }
    if (!fill()) {
      if (text_.empty()) return false;
      line = text_;  // the last line, without a final newline
      text_ = {};
      break;
    }
  }
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  ++line_number_;
  return true;
}

}  // namespace formats
