#include "distributed/aut_part_writer.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "distributed/source_blocks.hpp"
#include "formats/diagnostic.hpp"
#include "formats/output_file.hpp"

namespace distributed {

namespace {

// `text` of rank `root` on every rank.
std::string broadcast_string(MPI_Comm comm, int rank, int root, std::string text) {
  unsigned long long size = text.size();
  MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, root, comm);
  if (rank != root) text.assign(size, '\0');
  MPI_Bcast(text.data(), static_cast<int>(size), MPI_CHAR, root, comm);
  return text;
}

// The text of every label in a line, made on each rank from rank 0's names.
std::vector<std::string> label_tokens(MPI_Comm comm, int rank, const lts::LabelTable& labels,
                                      const formats::AutWriteOptions& options) {
  // Each name after its length (8 bytes).
  std::string mine;
  if (rank == 0)
    for (lts::LabelId l = 0; l < labels.size(); ++l) {
      const std::string& n = labels.name(l);
      const std::uint64_t length = n.size();
      mine.append(reinterpret_cast<const char*>(&length), sizeof length);
      mine += n;
    }
  const std::string names = broadcast_string(comm, rank, 0, std::move(mine));
  std::vector<std::string> tokens;
  for (std::size_t k = 0; k < names.size();) {
    std::uint64_t length = 0;
    std::memcpy(&length, names.data() + k, sizeof length);
    k += sizeof length;
    const std::string name(names.data() + k, length);
    k += length;
    tokens.push_back(formats::aut_label_token(static_cast<lts::LabelId>(tokens.size()), name, options));
  }
  return tokens;
}

// Every rank's view of the ranks' failures: nothing when none failed, else
// the message of the lowest rank that failed.
std::optional<std::string> first_failure(MPI_Comm comm, int rank, int ranks, const std::optional<std::string>& mine) {
  const int me = mine ? rank : ranks;
  int lowest = ranks;
  MPI_Allreduce(&me, &lowest, 1, MPI_INT, MPI_MIN, comm);
  if (lowest == ranks) return std::nullopt;
  return broadcast_string(comm, rank, lowest, rank == lowest ? *mine : std::string());
}

void throw_if_failed(const std::optional<std::string>& failure) {
  if (failure) throw formats::FileError(*failure);
}

std::string mpi_error_text(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  return std::string(text, static_cast<std::size_t>(length));
}

// Hands this rank's text (rank 0's starting with the header) to
// emit(data, size) in pieces of `chunk` bytes and at most one line more,
// until emit returns false. The same pieces on every call.
template <typename Emit>
void block_text(const SourceBlock& block, const std::vector<std::string>& tokens, const std::string& header,
                std::size_t chunk, Emit emit) {
  std::size_t longest = 0;
  for (const std::string& token : tokens) longest = std::max(longest, token.size());
  // Not zeroed: the pages of a large chunk a small block never reaches are
  // never touched.
  const std::unique_ptr<char[]> buffer =
      std::make_unique_for_overwrite<char[]>(std::max(chunk, header.size()) + longest + formats::aut_line_room);
  char* const text = buffer.get();
  char* const limit = text + chunk;
  char* out = std::copy(header.begin(), header.end(), text);
  bool going = true;
  block.for_each_source([&](lts::StateId s, std::uint32_t count, const std::uint32_t* pairs) {
    for (std::uint32_t k = 0; going && k < count; ++k) {
      out = formats::put_aut_line(out, s, tokens[pairs[2 * k]], pairs[2 * k + 1]);
      if (out >= limit) {
        going = emit(text, static_cast<std::size_t>(out - text));
        out = text;
      }
    }
  });
  if (going && out > text) emit(text, static_cast<std::size_t>(out - text));
}

// One write per piece, each rank at its own offsets. The writes are
// independent (MPI_File_write_at), not collective: Open MPI's collective
// aggregators (OMPIO's vulcan, dynamic and two_phase components) return
// success when the file system refuses the bytes (EFBIG, ENOSPC), leaving a
// truncated file; its independent writes report the short write. After
// each piece every rank learns whether one failed (so every rank makes
// `pieces` steps, those with fewer pieces writing nothing in the rest,
// and all stop alike). This rank's failure, if any.
std::optional<std::string> write_pieces(MPI_Comm comm, MPI_File file, std::uint64_t offset, std::uint64_t pieces,
                                        const SourceBlock& block, const std::vector<std::string>& tokens,
                                        const std::string& header, std::size_t chunk, const std::string& where) {
  std::optional<std::string> failure;
  std::uint64_t done = 0;
  const auto step = [&](const char* data, std::size_t size) {
    if (size > 0 && !failure) {
      MPI_Status status;
      const int rc = MPI_File_write_at(file, static_cast<MPI_Offset>(offset), data, static_cast<int>(size),
                                       MPI_CHAR, &status);
      int wrote = 0;
      if (rc == MPI_SUCCESS) MPI_Get_count(&status, MPI_CHAR, &wrote);
      if (rc != MPI_SUCCESS)
        failure = fmt::format("{}: {}", where, mpi_error_text(rc));
      else if (static_cast<std::size_t>(wrote) != size)
        failure = fmt::format("{}: only {} of {} bytes written at offset {} (disk full or file too large?)", where,
                              wrote, size, offset);
    }
    offset += size;
    ++done;
    int failed = failure ? 1 : 0, any_failed = 0;
    MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, comm);
    return any_failed == 0;
  };
  bool going = true;
  block_text(block, tokens, header, chunk, [&](const char* data, std::size_t size) { return going = step(data, size); });
  while (going && done < pieces) going = step(nullptr, 0);
  return failure;
}

// On rank 0: the temporary file, created (and its stream closed) through
// formats::OutputFile, so that a signal or abort_run discards it.
std::optional<std::string> create_temporary(std::optional<formats::OutputFile>& out, const std::string& path) {
  try {
    out.emplace(path);
    out->finish();
    if (out->temporary_path().empty())
      return fmt::format("{}: error: cannot be written in parts: not a regular file", formats::output_display_name(path));
  } catch (const formats::FileError& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace

AutPartWritten write_aut_parts(MPI_Comm comm, const LtsPart& part, const lts::LabelTable& labels, const std::string& path,
                     const formats::AutWriteOptions& options, std::size_t chunk_bytes) {
  const int rank = part.rank, ranks = part.ranks;
  const std::size_t chunk = std::clamp<std::size_t>(chunk_bytes, 1, aut_part_chunk_bytes);
  const std::vector<std::string> tokens = label_tokens(comm, rank, labels, options);
  const std::uint64_t transitions = sum_over_ranks(comm, part.target.size());
  const std::string header = rank == 0 ? formats::aut_header(part.initial, transitions, part.num_states) : "";
  const SourceBlock block = source_block(comm, part);
  // The text is made twice, so that no rank holds more than a chunk of it:
  // first only measured (its bytes give the offsets), then written.
  unsigned long long bytes = 0, pieces = 0, offset = 0, most_pieces = 0;
  block_text(block, tokens, header, chunk, [&](const char*, std::size_t size) {
    bytes += size;
    ++pieces;
    return true;
  });
  MPI_Exscan(&bytes, &offset, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm);
  if (rank == 0) offset = 0;  // MPI_Exscan leaves rank 0's undefined
  MPI_Allreduce(&pieces, &most_pieces, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm);

  const std::string name = formats::output_display_name(path);
  std::optional<formats::OutputFile> out;
  std::optional<std::string> failure;
  if (rank == 0) failure = create_temporary(out, path);
  throw_if_failed(first_failure(comm, rank, ranks, failure));
  const std::string temporary = broadcast_string(comm, rank, 0, rank == 0 ? out->temporary_path() : "");
  const std::string where = fmt::format("{}: error: cannot write (rank {} of {})", name, rank, ranks);

  MPI_File file;
  const int opened = MPI_File_open(comm, temporary.c_str(), MPI_MODE_WRONLY, MPI_INFO_NULL, &file);
  if (opened != MPI_SUCCESS)
    failure = fmt::format("{}: error: cannot open its temporary file {} with MPI-IO (rank {} of {}): {}", name,
                          temporary, rank, ranks, mpi_error_text(opened));
  if (const std::optional<std::string> any = first_failure(comm, rank, ranks, failure)) {
    if (opened == MPI_SUCCESS) MPI_File_close(&file);
    throw formats::FileError(*any);
  }
  MPI_File_set_errhandler(file, MPI_ERRORS_RETURN);
  failure = write_pieces(comm, file, offset, most_pieces, block, tokens, header, chunk, where);
  const std::optional<std::string> write_failure = first_failure(comm, rank, ranks, failure);
  // The sync (collective, so only when every write succeeded) makes a file
  // system that defers its errors (NFS) report them now, and the data
  // durable before the rename.
  if (!write_failure)
    if (const int synced = MPI_File_sync(file); synced != MPI_SUCCESS)
      failure = fmt::format("{}: {}", where, mpi_error_text(synced));
  const int closed = MPI_File_close(&file);
  throw_if_failed(write_failure);
  if (!failure && closed != MPI_SUCCESS) failure = fmt::format("{}: {}", where, mpi_error_text(closed));
  throw_if_failed(first_failure(comm, rank, ranks, failure));
  // A last check that no write was lost unreported: the file's size.
  unsigned long long total = 0;
  MPI_Allreduce(&bytes, &total, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm);
  if (rank == 0) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(temporary, error);
    if (error || size != total)
      failure = fmt::format("{}: error: cannot write: the file holds {} bytes of {}", name,
                            error ? 0 : size, total);
  }
  throw_if_failed(first_failure(comm, rank, ranks, failure));
  // Every rank's part is in the file: rank 0 moves it into place.
  if (rank == 0) {
    try {
      out->commit();
    } catch (const formats::FileError& e) {
      failure = e.what();
    }
  }
  throw_if_failed(first_failure(comm, rank, ranks, failure));
  return {offset, bytes};
}

}  // namespace distributed
