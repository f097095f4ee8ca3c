#pragma once
// Hash-partitioned, level-synchronous breadth-first exploration over MPI
// ranks (Stern and Dill, CAV 1997; Blom, van de Pol, Weber, "LTSmin", CAV
// 2010; docs/scaling.md). Every rank stores the states it owns in its own
// tree-compressed StateStore and expands them with the interpreter; a
// successor goes to its owner as (packed leaves, source id, label, successor
// index); transitions are kept at their target's owner. The numbering of
// each level follows the single-process gen (level_numbering.hpp) and the
// label ids follow its first requests (lts_gather.hpp), so the LTS on rank 0
// is the one frontend::explore builds without reduction, byte for byte once
// written. With ExploreOptions::reduce, the partial-order reduction takes
// the same ample steps as gen's (ample_queries.hpp), so the LTS is gen's
// default one. A program compiled with symmetry is explored by
// explore_orbits (orbit_gather.hpp), with or without the reduction.
#include <cstdint>
#include <functional>

#include <mpi.h>

#include "distributed/lts_gather.hpp"
#include "frontend/language/program.hpp"
#include "lts/lts.hpp"
#include "lts/orbit_lts.hpp"

namespace distributed {

struct LevelProgress {
  std::uint32_t level = 0;
  std::uint64_t states = 0;    // over all ranks, this level's included
  std::uint64_t frontier = 0;  // the states new in this level
  double seconds = 0;
};

struct ExploreOptions {
  bool thread_steps = false;
  // The partial-order reduction with gen's cycle proviso (ample_queries.hpp)
  // and its merge of single internal steps: gen's default LTS.
  bool reduce = false;
  std::uint64_t max_states = 0;  // 0: no bound
  std::uint64_t max_work = 0;    // Interpreter::limit_work
  std::function<void(const LevelProgress&)> on_level;  // on rank 0, after each level
};

struct ExploreStats {
  std::uint64_t states = 0, transitions = 0, levels = 0;
  std::uint64_t own_states = 0;              // this rank's
  std::uint64_t bytes_sent = 0, records_sent = 0;  // this rank's successor records
  std::uint64_t questions_sent = 0;          // this rank's ample candidates asked about (ample_queries.hpp)
  std::size_t store_bytes = 0;               // this rank's visited set
  double seconds = 0;
  bool any_call = false;  // some thread can call a method (over all ranks)
};

// Collective over comm. On rank 0 the LTS, elsewhere an empty one. A
// run-time fault of the model throws formats::ParseError on the rank that
// met it (the others then wait: the caller must end the run, MPI_Abort).
lts::Lts explore(const frontend::Program& p, MPI_Comm comm, const ExploreOptions& options, ExploreStats* stats);

// The orbit LTS of a program compiled with symmetry, on rank 0, the one
// frontend::explore_orbits builds with the same options; elsewhere an empty
// one. stats->transitions counts orbit transitions.
lts::OrbitLts explore_orbits(const frontend::Program& p, MPI_Comm comm, const ExploreOptions& options,
                             ExploreStats* stats);

// The same LTS left spread over the ranks (lts_gather.hpp), for the
// distributed reduction: no rank ever holds it whole; with the reduction
// its single internal steps are merged across the ranks (tau_merge.hpp).
// stats->transitions is then the total over all ranks.
SharedLts explore_shared(const frontend::Program& p, MPI_Comm comm, const ExploreOptions& options,
                         ExploreStats* stats);

}  // namespace distributed
