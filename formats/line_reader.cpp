#include "formats/line_reader.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace formats {

LineReader::LineReader(int fd, std::size_t chunk_size) : fd_(fd), buffer_(chunk_size) {}

LineReader::LineReader(int fd, std::uint64_t begin, std::uint64_t end, std::size_t chunk_size)
    : fd_(fd), positional_(true), limit_(end), buffer_(chunk_size) {
  if (begin == 0) return;
  // Skip the tail of the line that began in the previous range.
  file_offset_ = begin - 1;
  start_offset_ = begin - 1;
  std::string_view partial;
  line_number_ = 0;
  const std::uint64_t saved_limit = limit_;
  limit_ = UINT64_MAX;
  next(partial);
  limit_ = saved_limit;
  line_number_ = 0;
}

LineReader::LineReader(std::string_view text) : text_(text), eof_(true) {}

// Moves the unread rest to the front of the buffer and reads more after it,
// growing the buffer when one line fills it. False when nothing was added.
bool LineReader::fill() {
  if (eof_) return false;
  const std::size_t rest = text_.size();
  if (rest > 0 && text_.data() != buffer_.data()) std::memmove(buffer_.data(), text_.data(), rest);
  if (rest == buffer_.size()) buffer_.resize(buffer_.size() * 2);
  for (;;) {
    const std::size_t room = buffer_.size() - rest;
    const ssize_t got = positional_ ? ::pread(fd_, buffer_.data() + rest, room, static_cast<off_t>(file_offset_))
                                    : ::read(fd_, buffer_.data() + rest, room);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw std::system_error(errno, std::generic_category(), "read");
    if (got == 0) eof_ = true;
    file_offset_ += static_cast<std::uint64_t>(got);
    text_ = std::string_view(buffer_.data(), rest + static_cast<std::size_t>(got));
    return got > 0;
  }
}

bool LineReader::next(std::string_view& line) {
  if (start_offset_ + consumed_ >= limit_) return false;
  for (;;) {
    const void* nl = text_.empty() ? nullptr : std::memchr(text_.data(), '\n', text_.size());
    if (nl) {
      const std::size_t len = static_cast<std::size_t>(static_cast<const char*>(nl) - text_.data());
      line = text_.substr(0, len);
      text_.remove_prefix(len + 1);
      consumed_ += len + 1;
      newline_ = true;
      break;
    }
    if (!fill()) {
      if (text_.empty()) return false;
      line = text_;  // the last line, without a final newline
      consumed_ += text_.size();
      newline_ = false;
      text_ = {};
      break;
    }
  }
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  ++line_number_;
  return true;
}

}  // namespace formats
