#pragma once
// One .aut file read by R MPI ranks in parts (docs/scaling.md, "Reading"):
// rank 0 reads the header, the body is split into R byte ranges at line
// boundaries (distributed/mpi_line_range.hpp), and each rank parses only its
// range, with the line parser of formats/aut_syntax.hpp. The result and
// every error are those of formats::read_aut_file: labels numbered in order
// of first appearance in the file, and the first malformed line in the file
// reported at its exact line (from the line counts of the ranges before
// it, gathered on every rank).
#include <cstdint>
#include <string>
#include <vector>

#include <mpi.h>

#include "formats/aut_reader.hpp"
#include "lts/label_table.hpp"
#include "lts/lts.hpp"

namespace distributed {

struct AutPart {
  lts::StateId initial = 0;
  std::uint64_t num_states = 0, num_transitions = 0;  // of the whole file
  // This rank's range's transitions, in file order, with the ids of `labels`.
  std::vector<lts::Transition> transitions;
  lts::LabelTable labels;  // the whole file's, alike on every rank
};

// Collective over `comm`. Every rank throws the same formats::ParseError or
// formats::FileError when the file is malformed or unreadable. A rank holds
// its range, one chunk of chunk_bytes and the labels.
AutPart read_aut_part(MPI_Comm comm, const std::string& path, const formats::AutReadOptions& options,
                      std::size_t chunk_bytes = std::size_t{1} << 20);

}  // namespace distributed
