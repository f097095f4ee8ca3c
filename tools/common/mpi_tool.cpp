#include "tools/common/mpi_tool.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

#include "formats/output_file.hpp"

namespace tools {

namespace {
MpiRun run;
int saved_stderr = -1;
}  // namespace

MpiRun start_mpi(int* argc, char*** argv) {
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &run.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &run.ranks);
  if (run.rank != 0) {
    saved_stderr = ::dup(STDERR_FILENO);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDERR_FILENO);
    ::dup2(null, STDOUT_FILENO);
    ::close(null);
  }
  return run;
}

void restore_stderr() {
  if (saved_stderr >= 0) ::dup2(saved_stderr, STDERR_FILENO);
}

void abort_run(const char* tool, const std::string& message) {
  restore_stderr();
  std::fprintf(stderr, "%s\n%s: rank %d of %d failed; ending the run, no output written\n", message.c_str(), tool,
               run.rank, run.ranks);
  std::fflush(stderr);
  formats::discard_uncommitted_outputs_before_exit();
  MPI_Abort(MPI_COMM_WORLD, exit_error);
  std::_Exit(exit_error);
}

}  // namespace tools
