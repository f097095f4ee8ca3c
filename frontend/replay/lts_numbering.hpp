#pragma once
// The state numbers `gen` gives a model's states in the LTS it writes, so
// that a replay can follow a path named by state numbers (a bisimilarity
// witness, docs/refines.md): it runs frontend::explore with gen's options
// (the reduction changes the numbers) and keeps the visited states
// (tests/frontend/replay/replay_test.cpp checks it against explore's LTS).
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "frontend/explore/explorer.hpp"
#include "frontend/explore/state_store.hpp"
#include "frontend/language/program.hpp"
#include "frontend/run/canonical.hpp"

namespace frontend::replay {

class LtsNumbering {
 public:
  // gen: the options gen explored with; those that change the LTS (the
  // reduction, step(T) labels) change the numbering, the others do not.
  LtsNumbering(const Program& p, const ExploreOptions& gen);
  std::uint32_t states() const { return count_; }
  // The number of the LTS state a concrete state (nodes not renumbered) is,
  // or was merged into (a state whose only step is internal, a tau-step to
  // that state: lts/single_tau_merge.hpp); nullopt when gen never visits it.
  std::optional<std::uint32_t> number(const std::vector<std::int32_t>& state) {
    const auto n = lookup(state);
    return n ? std::optional<std::uint32_t>(n->number) : std::nullopt;
  }
  struct Numbered {
    std::uint32_t number;
    bool merged;  // merged into LTS state `number`, not that state itself
  };
  std::optional<Numbered> lookup(const std::vector<std::int32_t>& state);

 private:
  ExploredStates explored_;
  std::uint32_t visited_ = 0;
  Canonicalizer canon_;
  std::uint32_t count_ = 0;
};

}  // namespace frontend::replay
