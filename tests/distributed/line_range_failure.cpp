// distributed::for_each_line when one rank fails: its line handler throws
// on rank 1 only, at its first line. Every rank must leave the collective
// reads with an error (none waits for the failed rank): rank 1 with its
// own, the others with one naming rank 1. Run by line_range_failure.sh
// under mpirun; a hang is caught by its timeout. Exit 0 when every rank
// saw what it should, 1 otherwise.
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include <mpi.h>

#include "distributed/mpi_line_range.hpp"

namespace {

bool check(int rank, const std::string& path) {
  MPI_File file;
  if (MPI_File_open(MPI_COMM_WORLD, path.c_str(), MPI_MODE_RDONLY, MPI_INFO_NULL, &file) != MPI_SUCCESS) return false;
  MPI_Offset size = 0;
  MPI_File_get_size(file, &size);
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  distributed::LineRange range;
  const auto total = static_cast<std::uint64_t>(size);
  range.begin = total * static_cast<std::uint64_t>(rank) / static_cast<std::uint64_t>(ranks);
  range.end = total * static_cast<std::uint64_t>(rank + 1) / static_cast<std::uint64_t>(ranks);
  range.begin_is_line_start = rank == 0;
  std::string what;
  try {
    // A small chunk: many collective reads follow the failure.
    distributed::for_each_line(MPI_COMM_WORLD, file, total, range, 16, [&](std::string_view, bool) {
      if (rank == 1) throw std::runtime_error("the handler of rank 1 failed");
      return true;
    });
  } catch (const std::exception& e) {
    what = e.what();
  }
  MPI_File_close(&file);
  const std::string want = rank == 1 ? "the handler of rank 1 failed" : "cannot read: rank 1 failed while reading its part";
  if (what != want) std::fprintf(stderr, "rank %d: error '%s', expected '%s'\n", rank, what.c_str(), want.c_str());
  return what == want;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (argc != 2) {
    MPI_Finalize();
    return 2;
  }
  const std::string path = argv[1];
  if (rank == 0) {
    std::ofstream out(path);
    for (int i = 0; i < 2000; ++i) out << "(" << i << ",\"a\"," << i + 1 << ")\n";
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const int ok = check(rank, path) ? 1 : 0;
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Finalize();
  return all ? 0 : 1;
}
