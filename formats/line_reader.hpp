#pragma once
// Reads a file descriptor (or an in-memory text) line by line in large
// chunks, so memory stays bounded by the longest line rather than the file.
// This is the one hot loop of reading: one memchr per line.
#include <cstdint>
#include <string_view>
#include <vector>

namespace formats {

class LineReader {
 public:
  // Reads fd from its current position to its end (fd is not closed here).
  explicit LineReader(int fd, std::size_t chunk_size = std::size_t{1} << 20);
  // Reads the lines of a regular file that start at a byte offset in
  // [begin, end), with pread, so several readers can share one fd. The first
  // such line is the one after the newline at or after begin-1.
  LineReader(int fd, std::uint64_t begin, std::uint64_t end, std::size_t chunk_size = std::size_t{1} << 20);
  // Reads a text held in memory (for tests and small inputs).
  explicit LineReader(std::string_view text);

  // The next line without its '\n' (and without a '\r' before it); false at
  // the end of the input. The view is valid until the next call.
  bool next(std::string_view& line);
  // 1-based number of the line last returned (counted from where this
  // reader started).
  std::uint64_t line_number() const { return line_number_; }
  // Bytes of input consumed by the lines returned so far, newlines included.
  std::uint64_t bytes_consumed() const { return consumed_; }
  // Whether the line last returned ended with a newline (the last line of
  // an input may not): where the input ends is then the next line's start.
  bool last_line_ended() const { return newline_; }

 private:
  bool fill();

  int fd_ = -1;
  bool positional_ = false;           // pread from file_offset_ instead of read
  std::uint64_t file_offset_ = 0;     // next byte to read (positional mode)
  std::uint64_t limit_ = UINT64_MAX;  // lines starting at or after this are not ours
  std::vector<char> buffer_;
  std::string_view text_;  // the buffered, not yet returned input
  bool eof_ = false;
  std::uint64_t line_number_ = 0;
  bool newline_ = true;
  std::uint64_t consumed_ = 0;
  std::uint64_t start_offset_ = 0;  // file offset of consumed_ == 0
};

}  // namespace formats
