#pragma once
// Quotient construction (Yang, Katoen, Lin, Wu, "Proving linearizability via
// branching bisimulation", Definition 3.3; for divergence sensitivity,
// Definitions 4.2-4.3): one state per class of a partition.
#include <string>
#include <vector>

#include "bisim/equivalence.hpp"
#include "bisim/partition.hpp"
#include "bisim/phase_callback.hpp"
#include "lts/lts.hpp"
#include "lts/reachability.hpp"  // lts::no_state

namespace bisim {

// The quotient of `lts` by `partition`, which must be a bisimulation of kind
// `e` (as bisim::partition computes). Its states are the classes reachable
// from the class of the initial state. Transitions:
//   - a visible transition s -a-> t gives [s] -a-> [t];
//   - a tau transition s -tau-> t gives [s] -tau-> [t] only when [s] != [t]
//     under branching and divbranching (inert tau is dropped); under strong
//     and none every tau transition is kept like a visible one;
//   - under divbranching, each divergent class (one whose states have a
//     tau-cycle inside the class) gets exactly one tau self-loop;
//   - no duplicates.
// Canonical numbering: the initial class is 0 and the others are numbered
// breadth-first, visiting a class's successors by label name (tau first) and
// then by their smallest member state; transitions are sorted by (source,
// label name, target). So the same input always gives byte-identical output,
// label ids never matter, and the quotient of a quotient is the same LTS.
// The label table is the input's. If class_to_state is given, it receives
// for every block its quotient state, or lts::no_state when unreachable.
// If state_order (a permutation of the states) is given, a class's smallest
// member is its first in that order: minimise passes the order of the
// original states when `lts` is a renumbered (contracted) form of them.
lts::Lts quotient(const lts::Lts& lts, const Partition& partition, Equivalence e,
                  std::vector<lts::StateId>* class_to_state = nullptr,
                  const std::vector<lts::StateId>* state_order = nullptr);
// The same, releasing the memory of `lts`'s transitions as soon as they have
// been read, to lower the peak on large inputs. When the caller knows that
// the only tau-cycles of `lts` are tau self-loops (minimise does, when the
// LTS has no other cycles), a divergent class is one with a tau self-loop,
// and no search for tau-cycles is made.
lts::Lts quotient(lts::Lts&& lts, const Partition& partition, Equivalence e,
                  std::vector<lts::StateId>* class_to_state = nullptr,
                  const std::vector<lts::StateId>* state_order = nullptr, bool tau_cycles_are_self_loops = false);

// The whole pipeline in one call: the reachable part of `lts`, its coarsest
// partition under `e`, and the quotient. For Equivalence::none the result is
// the reachable part unchanged (original order, duplicates kept).
struct Minimised {
  lts::Lts quotient;
  // For every state of the input: its state in `quotient`, or lts::no_state
  // when it is unreachable from the initial state.
  std::vector<lts::StateId> state_map;
  // Empty when state_map has an entry per input state, in order. For a
  // sparse input (lts/sparse_states.hpp) it lists the input states that
  // occur (initial state, transition ends), increasing: state_map[i] is
  // then the state of input state mapped_states[i], and the states not
  // listed are isolated, so unreachable.
  std::vector<lts::StateId> mapped_states;
  // How the partition was found, stage by stage (Partition::log).
  std::vector<std::string> refine_log;
};
Minimised minimise(const lts::Lts& lts, Equivalence e);

// The same, consuming `lts` so that its memory is released once it is no
// longer needed, and reporting its phases (reach, scc, refine, build) to `on_phase` when given. Under branching and
// divbranching the tau-SCCs are contracted first (bisim/branching/tau_contraction.hpp). Without `with_state_map` the
// result's state_map is left empty, which saves 4 bytes per input state at the peak.
Minimised minimise(lts::Lts&& lts, Equivalence e, const PhaseCallback& on_phase, bool with_state_map = true);

}  // namespace bisim
