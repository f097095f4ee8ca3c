#pragma once
// The lines of one byte range of a file, read by every rank of a
// communicator at once with collective MPI-IO (MPI_File_read_at_all) in
// chunks, so a rank holds its current chunk and at most one partial line
// besides. A range [begin, end) owns the lines that start in it: it skips
// the tail of the line that crosses begin and finishes the one crossing end,
// so consecutive ranges share out a file's lines exactly.
#include <cstdint>
#include <functional>
#include <string_view>

#include <mpi.h>

namespace distributed {

struct LineRange {
  std::uint64_t begin = 0, end = 0;
  bool begin_is_line_start = false;  // else the line crossing begin is the previous range's
};

// Called with each line, without its '\n' and a '\r' before it, and whether
// a '\n' ended it (the file's last line may lack one). Returning false stops
// this rank's lines; it still takes part in the collective reads.
using OnLine = std::function<bool(std::string_view line, bool ended)>;

// Collective over `comm`: every rank passes its own range of `file`, whose
// size is `file_size`. When a read fails or `on_line` throws on some rank,
// every rank throws: that rank its own error, the others a
// std::runtime_error naming it.
void for_each_line(MPI_Comm comm, MPI_File file, std::uint64_t file_size, const LineRange& range,
                   std::size_t chunk_bytes, const OnLine& on_line);

}  // namespace distributed
