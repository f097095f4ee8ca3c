#pragma once
// The state numbers `gen` gives a model's states in the LTS it writes, so
// that a replay can follow a path named by state numbers (a bisimilarity
// witness, docs/refines.md). The exploration is frontend::explore's:
// breadth-first from the initial state, successors of threads 1..K in the
// interpreter's order, each new canonical state numbered as it is found;
// the same order gives the same numbers (tests/frontend/replay_test.cpp
// checks it against explore's LTS).
#include <cstdint>
#include <optional>
#include <vector>

#include "frontend/canonical.hpp"
#include "frontend/program.hpp"
#include "frontend/state_store.hpp"

namespace frontend::replay {

class LtsNumbering {
 public:
  explicit LtsNumbering(const Program& p);
  std::uint32_t states() const { return count_; }
  // The number of the LTS state a concrete state (nodes not renumbered) is,
  // or nullopt when the LTS has no such state.
  std::optional<std::uint32_t> number(const std::vector<std::int32_t>& state);

 private:
  const Program& p_;
  StateStore store_;
  Canonicalizer canon_;
  std::uint32_t count_ = 0;
};

}  // namespace frontend::replay
