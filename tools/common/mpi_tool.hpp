#pragma once
// What gen-mpi and quotient-mpi share around MPI: every rank runs the set-up
// (options, input) alike, and only rank 0's messages are shown; an error
// after that ends the whole run with MPI_Abort (status 2), and rank 0
// writes the output only once every rank has finished (docs/scaling.md).
#include <cstdlib>
#include <new>
#include <string>

#include <fmt/format.h>
#include <mpi.h>

#include "formats/diagnostic.hpp"
#include "tools/common/tool.hpp"

namespace tools {

struct MpiRun {
  int rank = 0, ranks = 1;
};

// MPI_Init, and standard error and output silenced on ranks other than 0
// until restore_stderr(): the set-up fails alike on every rank.
MpiRun start_mpi(int* argc, char*** argv);
// From here on every rank's errors are its own.
void restore_stderr();
// Prints `message` and that rank K of R failed, discards uncommitted
// outputs and ends every rank with status 2.
[[noreturn]] void abort_run(const char* tool, const std::string& message);

// body(), its errors (a fault of the model, out of memory, any other)
// ending the whole run through abort_run.
template <typename Body>
auto or_abort(const char* tool, Body body) {
  try {
    return body();
  } catch (const formats::ParseError& e) {
    abort_run(tool, e.what());
  } catch (const std::bad_alloc&) {
    abort_run(tool, fmt::format("{}: error: out of memory (--memory-limit is per rank)", tool));
  } catch (const std::exception& e) {
    abort_run(tool, fmt::format("{}: error: {}", tool, e.what()));
  }
}

// Runs body() on every rank; one MPI_Allreduce then tells all whether all
// succeeded, so none waits for a rank that stopped. A rank that failed
// rethrows its own error (shown on rank 0); the others end with status 2.
template <typename Body>
auto set_up_on_every_rank(Body body) {
  int ok = 1, all_ok = 0;
  try {
    auto result = body();
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all_ok) std::exit((MPI_Finalize(), exit_error));
    return result;
  } catch (...) {
    ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    throw;
  }
}

}  // namespace tools
