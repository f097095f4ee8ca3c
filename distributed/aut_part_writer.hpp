#pragma once
// An LTS spread over the ranks (lts_part.hpp) written as one `.aut` file
// by all of them with MPI-IO, so that no rank holds the whole
// LTS or its text (docs/scaling.md, "How the output is made"). The bytes
// are those formats::write_aut writes for the whole LTS, made by its own
// line functions: rank k writes the transitions of the k-th contiguous
// block of source ids (source_blocks.hpp) at its offset, the sum of the
// byte counts of the ranks before it (MPI_Exscan), rank 0 the header first.
//
// No partial output: rank 0 creates the temporary file through
// formats::OutputFile, every rank writes into it, and rank 0 renames it
// into place only once every rank's writes and its close succeeded. A
// signal or tools::abort_run on rank 0 removes the temporary file as any
// OutputFile's; a run ended by MPI_Abort elsewhere ends rank 0 by SIGTERM,
// which does the same (tools/common/end_on_signal.hpp). The file must be
// on a file system every rank sees under the same name (NFS, Lustre on a
// cluster; any local folder when all ranks share a machine).
#include <cstddef>
#include <cstdint>
#include <string>

#include <mpi.h>

#include "distributed/lts_part.hpp"
#include "formats/aut_writer.hpp"
#include "lts/label_table.hpp"

namespace distributed {

// The bytes each rank formats and writes per write, at most
// (plus one line): its memory for the text.
inline constexpr std::size_t aut_part_chunk_bytes = std::size_t{64} << 20;

// What this rank wrote: `bytes` at file offset `offset` (rank 0's
// include the header).
struct AutPartWritten {
  std::uint64_t offset = 0, bytes = 0;
};

// Collective over comm. `labels` is rank 0's full table (the other ranks'
// is not read: rank 0 broadcasts the names); `path` is rank 0's output
// name, a name for which formats::output_renamed_into_place holds.
// Throws formats::FileError, with the same message on every rank, when the
// file cannot be created, opened, written or closed on some rank (naming
// the file and that rank's reason), or renamed; the output is then left as
// it was and no temporary file remains. Throws std::length_error on every
// rank when a rank's share is too large for one exchange.
AutPartWritten write_aut_parts(MPI_Comm comm, const LtsPart& part, const lts::LabelTable& labels, const std::string& path,
                     const formats::AutWriteOptions& options, std::size_t chunk_bytes = aut_part_chunk_bytes);

}  // namespace distributed
