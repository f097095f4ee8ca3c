// distributed::write_aut_parts against formats::write_aut_string, the
// single-process writer, on random LTSs: every rank builds the same LTS
// from the same seed and passes its share (part_of), the ranks write the
// file in parts, and rank 0 compares it byte for byte with the whole LTS
// written at once. The LTSs have labels holding '"' (written unquoted),
// tau under both names, states without transitions, fewer states than
// ranks (empty blocks), no transitions at all, and each source's
// transitions in no sorted order (the part's order must be kept). The
// pieces range from one byte (a collective step per line) to the default.
// Then the failures: a folder that does not exist must throw the same
// formats::FileError on every rank and leave nothing. Run by
// aut_part_writer.sh under mpirun at several R; exit 0 when every rank saw
// what it should, 1 otherwise.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include <mpi.h>

#include "distributed/aut_part_writer.hpp"
#include "distributed/lts_part.hpp"
#include "formats/aut_writer.hpp"
#include "formats/diagnostic.hpp"

namespace {

const char* const names[] = {"call push(1)", "ret pop(2)", "a\"b", "\"quoted\"", "x", "with,comma", "long name "
                                                                                                        "of a label"};

// The same LTS on every rank: the engine's raw numbers only, so no
// distribution's implementation can make the ranks differ.
lts::Lts random_lts(std::uint32_t seed) {
  std::mt19937 random(seed);
  lts::Lts lts;
  const std::uint32_t shape = random() % 8;
  lts.num_states = shape == 0 ? 1 + random() % 3 : 1 + random() % 60;
  const std::uint32_t labels = 1 + random() % std::size(names);
  for (std::uint32_t l = 0; l < labels; ++l) lts.labels.intern(names[(seed + l) % std::size(names)]);
  const std::uint32_t transitions = shape == 1 ? 0 : random() % (4 * lts.num_states + 1);
  for (std::uint32_t k = 0; k < transitions; ++k) {
    // Half the states have no transition: sources drawn from the even ids.
    const lts::StateId from = (random() % lts.num_states) & ~1u;
    lts.transitions.push_back({from, static_cast<lts::LabelId>(random() % lts.labels.size()),
                               static_cast<lts::StateId>(random() % lts.num_states)});
  }
  // By source, each source's transitions in the order they were drawn.
  std::stable_sort(lts.transitions.begin(), lts.transitions.end(),
                   [](const lts::Transition& a, const lts::Transition& b) { return a.from < b.from; });
  return lts;
}

std::string read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Only the output in the folder: no temporary file left.
bool only_output_in(const std::string& folder, const std::string& output) {
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().filename() != output) return false;
  return true;
}

bool check_random(int rank, int ranks, const std::string& folder) {
  const std::size_t chunks[] = {1, 37, 4096, distributed::aut_part_chunk_bytes};
  const std::string path = folder + "/out.aut";
  bool ok = true;
  for (std::uint32_t seed = 1; seed <= 80; ++seed) {
    const lts::Lts lts = random_lts(seed);
    formats::AutWriteOptions options;
    if (seed % 3 == 0) options.tau_name = "tau";
    const distributed::LtsPart part = distributed::part_of(lts, rank, ranks);
    distributed::write_aut_parts(MPI_COMM_WORLD, part, lts.labels, path, options, chunks[seed % std::size(chunks)]);
    if (rank != 0) continue;
    if (read_whole(path) != formats::write_aut_string(lts, options)) {
      std::fprintf(stderr, "R=%d seed %u: the file differs from write_aut_string\n", ranks, seed);
      ok = false;
    }
    if (!only_output_in(folder, "out.aut")) {
      std::fprintf(stderr, "R=%d seed %u: a temporary file is left\n", ranks, seed);
      ok = false;
    }
  }
  return ok;
}

bool check_missing_folder(int rank, int ranks, const std::string& folder) {
  const lts::Lts lts = random_lts(7);
  const std::string path = folder + "/no such folder/out.aut";
  std::string what;
  try {
    distributed::write_aut_parts(MPI_COMM_WORLD, distributed::part_of(lts, rank, ranks), lts.labels, path, {});
  } catch (const formats::FileError& e) {
    what = e.what();
  }
  // Every rank must have rank 0's message, naming the file and the folder.
  const std::string want = path + ": error: cannot write a result here: no folder " + folder + "/no such folder";
  if (what != want) {
    std::fprintf(stderr, "rank %d: error '%s', expected '%s'\n", rank, what.c_str(), want.c_str());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (argc != 2) {
    MPI_Finalize();
    return 2;
  }
  const std::string folder = argv[1];
  int ok = 1;
  try {
    ok = check_random(rank, ranks, folder) && check_missing_folder(rank, ranks, folder) ? 1 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Finalize();
  return all ? 0 : 1;
}
