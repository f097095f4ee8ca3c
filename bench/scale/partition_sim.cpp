// partition_sim: what R machines exploring and reducing this LTS would
// exchange, under hash partitioning (docs/scaling.md, "The simulation").
//
//   partition_sim FILE.aut [--ranks 2,4,...] [--vector-bytes B] [--rate S/s]
//                 [--bandwidth B/s] [--latency S] [--store-bytes S]
//                 [--transition-bytes T] [--machine-gib G]
//
// Prints one Markdown row per R. Message formats and the model are those of
// docs/scaling.md; every constant is an option and printed with the table.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "bench/scale/partition_stats.hpp"
#include "formats/aut_reader.hpp"

namespace {
struct Model {
  double vector_bytes = 16;      // packed state vector sent per cross edge
  double rate = 1.5e6;           // states a core explores per second alone
  double bandwidth = 1.25e9;     // bytes per second a rank can send (10 Gbit/s)
  double latency = 20e-6;        // seconds per step of a reduction over R ranks
  double store_bytes = 24;       // bytes per stored state (gen -v)
  double transition_bytes = 50;  // bytes per transition at the quotient's peak
  double machine_gib = 24;
};

void print_table(const lts::Lts& lts, const std::vector<unsigned>& ranks, const Model& m) {
  const auto levels = bench_scale::bfs_levels(lts);
  const double n = lts.num_states, edges = double(lts.transitions.size());
  const double degree = n ? edges / n : 0;
  const double per_state = m.store_bytes + m.transition_bytes * degree;
  fmt::print("states {}, transitions {} ({:.2f} per state), breadth-first levels {}\n", lts.num_states,
             lts.transitions.size(), degree, levels);
  fmt::print(
      "model: vector {} B, {:.3g} states/s per rank, {:.3g} B/s per rank, {:.3g} s per "
      "reduction step, {} + {} x {:.2f} = {:.0f} B per state held, {} GiB per machine\n\n",
      m.vector_bytes, m.rate, m.bandwidth, m.latency, m.store_bytes, m.transition_bytes, degree, per_state,
      m.machine_gib);
  fmt::print(
      "| R | cross share | explore B/state | refine B/state/round | imbalance | "
      "busiest sender / mean | speed-up | states on R machines |\n");
  fmt::print("|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  const double t1 = n / m.rate;
  for (unsigned r : ranks) {
    const auto s = bench_scale::partition(lts, r);
    const double explore_msg = m.vector_bytes + 8, refine_msg = 8;
    const double busiest = std::max(s.max_rank_cross_out, s.max_rank_cross_in);
    const double mean = double(s.cross) / r;
    const double tr = double(s.max_rank_states) / m.rate + busiest * explore_msg / m.bandwidth +
                      levels * m.latency * std::ceil(std::log2(double(r)));
    const double fit = r * m.machine_gib * double(1ull << 30) / per_state;
    fmt::print("| {} | {:.4f} | {:.1f} | {:.1f} | {:.4f} | {:.4f} | {:.1f} | {:.3g} |\n", r, s.cross_share(),
               double(s.cross) * explore_msg / n, double(s.cross) * refine_msg / n, s.imbalance(),
               mean ? busiest / mean : 1, t1 / tr, fit);
  }
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Hash-partition an LTS over R ranks and print what each rank would send"};
  std::string file;
  std::vector<unsigned> ranks{2, 4, 8, 16, 32, 64};
  Model m;
  app.add_option("file", file, ".aut file")->required();
  app.add_option("--ranks", ranks, "Numbers of ranks R")->delimiter(',')->check(CLI::Range(1u, 1u << 20));
  app.add_option("--vector-bytes", m.vector_bytes, "Bytes of a packed state vector");
  app.add_option("--rate", m.rate, "States one rank explores per second");
  app.add_option("--bandwidth", m.bandwidth, "Bytes per second one rank sends or receives");
  app.add_option("--latency", m.latency, "Seconds per step of a global reduction");
  app.add_option("--store-bytes", m.store_bytes, "Bytes per stored state (gen -v)");
  app.add_option("--transition-bytes", m.transition_bytes, "Bytes per transition when reducing");
  app.add_option("--machine-gib", m.machine_gib, "Memory of one machine in GiB");
  CLI11_PARSE(app, argc, argv);
  try {
    print_table(formats::read_aut_file(file), ranks, m);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "partition_sim: %s\n", e.what());
    return 2;
  }
  return 0;
}
