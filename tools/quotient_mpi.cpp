// quotient-mpi: quotient's strong, branching and divbranching quotients
// computed by R MPI ranks (distributed/signature_refinement.hpp,
// docs/scaling.md); `mpirun -np R quotient-mpi -e E FILE` writes the bytes
// `quotient -e E FILE` writes. Every rank reads its byte range of the file
// (distributed/aut_part_reader.hpp) and sends each transition to the owner
// of its source; rank 0 assembles and writes the quotient.
#include <cstdio>

#include <fmt/format.h>
#include <mpi.h>
#include <CLI/CLI.hpp>

#include "distributed/aut_part_reader.hpp"
#include "distributed/dense_states.hpp"
#include "distributed/distributed_quotient.hpp"
#include "distributed/transition_routing.hpp"
#include "formats/aut_writer.hpp"
#include "formats/output_file.hpp"
#include "tools/common/mpi_tool.hpp"
#include "tools/common/quotient_options.hpp"

namespace {

tools::MpiRun mpi;

struct Input {
  distributed::LtsPart part;
  lts::LabelTable labels;
  std::uint64_t states = 0, transitions = 0;
};

// Options that quotient-mpi does not support: refused, never ignored.
Input read_share(const tools::QuotientSettings& s, bisim::Equivalence e) {
  if (e == bisim::Equivalence::none) throw tools::UsageError("-e none: use quotient on one machine");
  if (!s.job.map_path.empty()) throw tools::UsageError("--map is not distributed yet; run quotient on one machine");
  if (!s.job.dot_path.empty()) throw tools::UsageError("--dot is not distributed yet; run quotient on one machine");
  const std::string input = tools::resolve_input(s.input);
  if (input == "-") throw tools::UsageError("the input must be a file: mpirun gives standard input to rank 0 only");
  if (mpi.rank == 0) {
    formats::check_output_path(s.output.path);
    formats::check_outputs_spare_inputs({s.output.path}, {input});
  }
  distributed::AutPart read = distributed::read_aut_part(MPI_COMM_WORLD, input, s.job.read);
  const distributed::DenseStates dense = distributed::make_dense(MPI_COMM_WORLD, read.transitions, read.num_states,
                                                                 read.num_transitions, read.initial);
  Input in;
  in.states = dense.num_states;
  in.transitions = read.num_transitions;
  in.part = distributed::route_to_owners(MPI_COMM_WORLD, read.transitions, dense.num_states, dense.initial);
  in.labels = std::move(read.labels);
  return in;
}

int reduce(const tools::QuotientSettings& s) {
  const bisim::Equivalence e = *bisim::parse_equivalence(s.equivalence);
  const Input in = tools::set_up_on_every_rank([&] { return read_share(s, e); });
  tools::restore_stderr();
  const auto on_round = [&](const distributed::RoundProgress& p) {
    if (mpi.rank == 0) fmt::print(stderr, "quotient-mpi: round {}: {} blocks, {:.3f} s\n", p.round, p.blocks, p.seconds);
  };
  const lts::Lts q = tools::or_abort("quotient-mpi", [&] {
    const distributed::DistributedPartition p = distributed::refine(MPI_COMM_WORLD, in.part, e, on_round);
    return distributed::gather_quotient(MPI_COMM_WORLD, in.part, p, e, in.labels);
  });
  if (mpi.rank != 0) return 0;
  if (s.verbose)
    fmt::print(stderr, "quotient-mpi: {} states, {} transitions -> {} states, {} transitions ({}, {} ranks)\n",
               in.states, in.transitions, q.num_states, q.num_transitions(), bisim::name(e), mpi.ranks);
  formats::OutputFile out(s.output.path);
  formats::write_aut(q, out.stream(), s.output.aut);
  out.commit();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  mpi = tools::start_mpi(&argc, &argv);
  CLI::App app(
      "Minimise an LTS (.aut) on R MPI ranks and write its quotient (.aut): the bytes 'quotient' writes.\n"
      "Run as: mpirun -np R quotient-mpi [-e strong|branching|divbranching] FILE [options]",
      "quotient-mpi");
  tools::describe_tool(app,
                       "Examples:\n"
                       "  mpirun -np 4 quotient-mpi -e divbranching impl.aut -o impl.q.aut\n"
                       "Each rank reads its part of FILE (a file, not standard input) with MPI-IO.\n"
                       "Refused: -e none, --map, --dot (docs/scaling.md).\n"
                       "Exit status: 0 on success, 2 on an error (on any rank; no output is written).");
  tools::QuotientSettings settings;
  tools::add_quotient_options(app, settings);
  const int status = tools::run_tool(app, argc, argv, [&] { return reduce(settings); });
  MPI_Finalize();
  return status;
}
