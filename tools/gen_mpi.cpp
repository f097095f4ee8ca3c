// gen-mpi: gen's LTS explored by R MPI ranks (distributed/,
// docs/scaling.md), each writing its part of the file; `mpirun -np R gen-mpi MODEL ...` writes the bytes
// `gen MODEL ... -j 1` writes, with or without --no-reduce; with --quotient
// E those of `gen MODEL ... -j 1 | quotient -e E`; with --symmetry
// those of `gen --symmetry` (the orbit LTS explored across the ranks, its
// quotient computed on rank 0:
// distributed/orbit_gather.hpp). The set-up and the ending of a failed run are
// tools/common/mpi_tool.hpp's.
#include <cstdio>
#include <new>
#include <optional>

#include <fmt/format.h>
#include <mpi.h>
#include <CLI/CLI.hpp>

#include "bisim/equivalence.hpp"
#include "distributed/aut_part_writer.hpp"
#include "distributed/distributed_explorer.hpp"
#include "distributed/distributed_quotient.hpp"
#include "formats/aut_writer.hpp"
#include "formats/output_file.hpp"
#include "frontend/compile.hpp"
#include "tools/common/gen_options.hpp"
#include "tools/common/gen_symmetry.hpp"
#include "tools/common/mpi_tool.hpp"
#include "tools/common/tool.hpp"

namespace {

tools::MpiRun mpi;

// Options of gen that the distributed route does not support yet: refused,
// never ignored (docs/scaling.md, "What gen-mpi supports").
void refuse_unsupported(const CLI::App& app, const tools::GenOptions& g, const std::string& quotient) {
  if (g.symmetry && !quotient.empty())
    throw tools::UsageError(
        "--symmetry with --quotient: the distributed quotient reduces a full LTS, not an orbit LTS; --symmetry "
        "alone already writes the divbranching quotient (computed on rank 0)");
  if (app.count("--jobs") != 0)
    throw tools::UsageError("-j/--jobs: each rank explores with one thread; start more ranks instead");
}

// Whether every rank writes its own part of the file at its offset
// (distributed/aut_part_writer.hpp), rather than rank 0 the LTS gathered
// whole: the output must be a file replaced by rename (standard output, a
// FIFO, a terminal or a device cannot be written at offsets), and the LTS
// is the spread one explore_shared gives (with the reduction, its single
// internal steps merged across the ranks: distributed/tau_merge.hpp). Rank 0's
// answer holds: only it sees the output as the caller gave it.
bool written_in_parts(const tools::GenOptions& g, const std::string& quotient) {
  return !g.symmetry && quotient.empty() && !formats::names_standard_output(g.output.path) &&
         formats::output_renamed_into_place(g.output.path);
}

// The spread LTS into its file, each rank writing its part. A failed write
// (on any rank) is said once, by rank 0, and nothing is left.
int write_in_parts(const distributed::SharedLts& shared, const tools::GenOptions& g) {
  std::optional<std::string> failure;
  distributed::AutPartWritten written;
  tools::or_abort("gen-mpi", [&] {
    try {
      written = distributed::write_aut_parts(MPI_COMM_WORLD, shared.part, shared.labels, g.output.path, g.output.aut);
    } catch (const formats::FileError& e) {
      failure = e.what();  // the same on every rank
    }
  });
  if (!failure && g.stats)
    fmt::print(stderr, "gen-mpi: rank {}: {} bytes of the output written at offset {}\n", mpi.rank, written.bytes,
               written.offset);
  if (!failure) return 0;
  if (mpi.rank != 0) return tools::exit_error;
  throw formats::FileError(*failure);
}

// The quotient under `e` of the LTS the ranks explored (with the
// reduction, its single internal steps merged across the ranks), never
// gathered whole: the bytes of `gen [--no-reduce] | quotient -e E`.
lts::Lts quotient_of_shared(const frontend::Program& program, const distributed::ExploreOptions& options,
                            distributed::ExploreStats& st, bisim::Equivalence e) {
  const distributed::SharedLts shared = distributed::explore_shared(program, MPI_COMM_WORLD, options, &st);
  const auto on_round = [&](const distributed::RoundProgress& p) {
    if (mpi.rank == 0) fmt::print(stderr, "gen-mpi: round {}: {} blocks, {:.3f} s\n", p.round, p.blocks, p.seconds);
  };
  const distributed::DistributedPartition p = distributed::refine(MPI_COMM_WORLD, shared.part, e, on_round);
  return distributed::gather_quotient(MPI_COMM_WORLD, shared.part, p, e, shared.labels);
}

// gen --symmetry's output from the orbit LTS the ranks explored, computed
// on rank 0 (the others return an empty LTS).
lts::Lts quotient_of_orbits(const frontend::Program& program, const distributed::ExploreOptions& options,
                            distributed::ExploreStats& st, bool report) {
  lts::OrbitLts orbits = distributed::explore_orbits(program, MPI_COMM_WORLD, options, &st);
  if (mpi.rank != 0) return {};
  return tools::quotient_modulo_symmetry(std::move(orbits), program.threads, report, "gen-mpi");
}

int generate(const CLI::App& app, const tools::GenOptions& g, const std::string& quotient) {
  frontend::ExploreOptions gen_explore;
  const frontend::Program program = tools::set_up_on_every_rank([&] {
    refuse_unsupported(app, g, quotient);
    if (g.model == "-") throw tools::UsageError("the model must be a file: mpirun gives standard input to rank 0 only");
    const frontend::CompileOptions compile = tools::compile_options(g);
    gen_explore = tools::explore_options(app, g);
    if (mpi.rank == 0) {
      formats::check_output_path(g.output.path);
      formats::check_outputs_spare_inputs({g.output.path}, {g.model});
    }
    return frontend::load_model(g.model, compile);
  });
  int in_parts = mpi.rank == 0 && written_in_parts(g, quotient) ? 1 : 0;
  MPI_Bcast(&in_parts, 1, MPI_INT, 0, MPI_COMM_WORLD);
  // The set-up is over: from here on every rank's errors are its own.
  tools::restore_stderr();
  // Under store buffers no step is independent, so the query round finds
  // no candidate and the reduction keeps only its single-step merge, as gen.
  if (const std::string note = tools::memory_note(g); !note.empty() && mpi.rank == 0)
    fmt::print(stderr, "gen-mpi{}", note.substr(3));
  distributed::ExploreOptions options;
  options.thread_steps = g.thread_steps;
  options.reduce = !g.no_reduce;
  options.max_states = gen_explore.max_states;
  options.on_level = [&](const distributed::LevelProgress& p) {
    fmt::print(stderr, "gen-mpi: level {}: {} new states, {} in all, {:.3f} s\n", p.level, p.frontier, p.states,
               p.seconds);
  };
  distributed::ExploreStats st;
  std::optional<distributed::SharedLts> shared;
  lts::Lts lts = tools::or_abort("gen-mpi", [&] {
    if (in_parts) {
      shared = distributed::explore_shared(program, MPI_COMM_WORLD, options, &st);
      return lts::Lts{};
    }
    if (!quotient.empty()) return quotient_of_shared(program, options, st, *bisim::parse_equivalence(quotient));
    return g.symmetry ? quotient_of_orbits(program, options, st, g.stats) : distributed::explore(program, MPI_COMM_WORLD, options, &st);
  });
  if (g.stats) {
    fmt::print(stderr,
               "gen-mpi: rank {}: {} states stored, {:.1f} bytes/state stored, {} records sent, {} bytes sent, {} "
               "candidates asked about\n",
               mpi.rank, st.own_states, static_cast<double>(st.store_bytes) / std::max<std::uint64_t>(st.own_states, 1),
               st.records_sent, st.bytes_sent, st.questions_sent);
  }
  if (!st.any_call) {
    if (mpi.rank != 0) return tools::exit_error;
    throw formats::ParseError(formats::Diagnostic{
        program.file, 0, 0,
        fmt::format("no thread of object '{}' can ever call a method, so the LTS would have no visible action "
                    "and every check on it would hold vacuously",
                    program.object)});
  }
  if (g.stats && mpi.rank == 0)
    fmt::print(stderr, "gen-mpi: {} states, {} transitions, {} levels, {} ranks, {:.3f} s\n", st.states,
               st.transitions, st.levels, mpi.ranks, st.seconds);
  if (shared) return write_in_parts(*shared, g);
  if (mpi.rank != 0) return 0;
  formats::OutputFile out(g.output.path);
  formats::write_aut(lts, out.stream(), g.output.aut);
  out.commit();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  mpi = tools::start_mpi(&argc, &argv);
  CLI::App app(
      "Generate the LTS (.aut) of a concurrent object on R MPI ranks: the bytes 'gen -j 1' writes, with the\n"
      "same partial-order reduction, or without it under --no-reduce; with --symmetry, the bytes\n"
      "'gen --symmetry' writes.\n"
      "Run as: mpirun -np R gen-mpi MODEL [options]",
      "gen-mpi");
  tools::describe_tool(app,
                       "Examples:\n"
                       "  mpirun -np 4 gen-mpi models/ms_queue.conc -t 2 -n 2 -o impl.aut\n"
                       "  mpirun -np 4 gen-mpi models/ms_queue.conc -t 3 -n 2 --quotient divbranching -o impl.q.aut\n"
                       "  mpirun -np 4 gen-mpi models/treiber_stack.conc -t 3 -n 1 --symmetry -o impl.q.aut\n"
                       "Supported: the partial-order reduction (default), --no-reduce, --thread-steps, --max-states,\n"
                       "--memory-limit (per rank); --quotient, with or without --no-reduce; --symmetry, with or without\n"
                       "--no-reduce (the orbit LTS explored across the ranks, its divbranching quotient on rank 0,\n"
                       "which then holds the orbit LTS whole).\n"
                       "--memory tso|pso (without --symmetry, as gen).\n"
                       "Refused: --symmetry with --quotient, -j (docs/scaling.md).\n"
                       "Exit status: 0 on success, 2 on an error (on any rank; no output is written).");
  tools::GenOptions g;
  tools::add_gen_options(app, g);
  std::string quotient;
  app.add_option("--quotient", quotient,
                 "Write the quotient under E instead of the LTS, which no rank then holds whole: the bytes of\n"
                 "'gen [--no-reduce] | quotient -e E'")
      ->check(CLI::IsMember({"strong", "branching", "divbranching"}))
      ->type_name("E");
  const int status = tools::run_tool(app, argc, argv, [&] { return generate(app, g, quotient); });
  MPI_Finalize();
  return status;
}
