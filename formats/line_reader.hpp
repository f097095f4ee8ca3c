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
  // Reads from fd (not closed here).
  explicit LineReader(int fd, std::size_t chunk_size = std::size_t{1} << 20);
  // Reads from a text held in memory (for tests and small inputs).
  explicit LineReader(std::string_view text);

  // The next line without its '\n' (and without a '\r' before it); false at
  // the end of the input. The view is valid until the next call.
  bool next(std::string_view& line);
  // 1-based number of the line last returned.
  std::uint64_t line_number() const { return line_number_; }

 private:
  bool fill();

  int fd_ = -1;
  std::vector<char> buffer_;
  std::string_view text_;  // the buffered, not yet returned input
  bool eof_ = false;
  std::uint64_t line_number_ = 0;
};

}  // namespace formats
