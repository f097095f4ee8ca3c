#include "distributed/mpi_line_range.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace distributed {

namespace {

// The state of one rank's pass over its range: buffer_[0, size_) holds the
// bytes from file offset base_ on that are read but not yet handed out.
class RangeScan {
 public:
  RangeScan(std::uint64_t file_size, const LineRange& range, std::size_t chunk, const OnLine& on_line)
      : file_size_(file_size), range_(range), chunk_(chunk), on_line_(on_line) {
    // A range that does not start a line reads from begin - 1: if that byte
    // is a newline, begin starts a line.
    base_ = next_ = range.begin_is_line_start || range.begin == 0 ? range.begin : range.begin - 1;
    skipping_ = !(range.begin_is_line_start || range.begin == 0);
    done_ = range.begin >= range.end;
  }

  // Bytes this rank reads next (0 once its lines are done); at the end of
  // the file, hands out the last line first.
  std::size_t want() {
    if (done_) return 0;
    if (next_ >= file_size_) {
      finish();
      return 0;
    }
    return static_cast<std::size_t>(std::min<std::uint64_t>(chunk_, file_size_ - next_));
  }
  char* room(std::size_t bytes) {
    if (buffer_.size() < size_ + bytes) buffer_.resize(size_ + bytes);
    return buffer_.data() + size_;
  }
  std::uint64_t next_offset() const { return next_; }
  void read(std::size_t bytes) {
    size_ += bytes;
    next_ += bytes;
    hand_out_lines();
  }

 private:
  void emit(std::size_t from, std::size_t length, bool ended) {
    std::string_view line(buffer_.data() + from, length);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!on_line_(line, ended)) done_ = true;
  }
  void hand_out_lines() {
    std::size_t p = 0;
    while (!done_) {
      const void* nl = std::memchr(buffer_.data() + p, '\n', size_ - p);
      if (!nl) break;
      const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(nl) - buffer_.data());
      if (skipping_) {
        skipping_ = false;
      } else {
        emit(p, at - p, true);
      }
      p = at + 1;
      if (base_ + p >= range_.end) done_ = true;
    }
    if (skipping_) p = size_;  // all of it the previous range's line
    std::memmove(buffer_.data(), buffer_.data() + p, size_ - p);
    size_ -= p;
    base_ += p;
  }
  void finish() {
    if (!skipping_ && size_ > 0 && base_ < range_.end) emit(0, size_, false);
    done_ = true;
  }

  std::uint64_t file_size_;
  LineRange range_;
  std::size_t chunk_;
  const OnLine& on_line_;
  std::vector<char> buffer_;
  std::size_t size_ = 0;
  std::uint64_t base_ = 0, next_ = 0;
  bool skipping_ = false, done_ = false;
};

}  // namespace

// A read that fails on one rank, or a line handler that throws there, is
// told to every rank in the next MPI_Allreduce, so that no rank waits in a
// collective read the failed one never joins. The failed rank rethrows
// its own error; the others throw one that names it.
void for_each_line(MPI_Comm comm, MPI_File file, std::uint64_t file_size, const LineRange& range,
                   std::size_t chunk_bytes, const OnLine& on_line) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  RangeScan scan(file_size, range, std::max<std::size_t>(chunk_bytes, 1), on_line);
  std::exception_ptr error;
  for (;;) {
    const std::size_t want = error ? 0 : scan.want();
    // {any rank still reading, 1 + the highest rank that failed}
    int mine[2] = {want > 0 ? 1 : 0, error ? rank + 1 : 0}, all[2] = {0, 0};
    MPI_Allreduce(mine, all, 2, MPI_INT, MPI_MAX, comm);
    if (all[1] != 0) {
      if (error) std::rethrow_exception(error);
      throw std::runtime_error(fmt::format("cannot read: rank {} failed while reading its part", all[1] - 1));
    }
    if (!all[0]) return;
    // Every rank joins each collective read, with 0 bytes once it is done.
    MPI_Status status;
    char* into = scan.room(want);
    const int rc = MPI_File_read_at_all(file, static_cast<MPI_Offset>(scan.next_offset()), into,
                                        static_cast<int>(want), MPI_CHAR, &status);
    int got = 0;
    if (rc == MPI_SUCCESS) MPI_Get_count(&status, MPI_CHAR, &got);
    try {
      if (rc != MPI_SUCCESS || static_cast<std::size_t>(got) != want)
        throw std::runtime_error("cannot read: the file ended early or a read failed");
      if (want > 0) scan.read(want);
    } catch (...) {
      error = std::current_exception();
    }
  }
}

}  // namespace distributed
