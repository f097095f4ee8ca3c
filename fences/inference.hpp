#pragma once
// Fence inference (docs/memory-models.md, "Fence inference"): the minimal
// sets of fence positions (fences/positions.hpp) that make an object
// linearizable under --memory tso or pso at the given bounds, found by
// trying fence sets smallest first (fences/search.hpp; Kuperstein, Vechev,
// Yahav, "Automatic inference of memory fences", FMCAD 2010).
//
// A set is sufficient when the branching quotient of the object system with
// those fences has only traces of the specification (seed paper, Theorem
// 3.5: what `gen | quotient | refines SPEC` checks). The specification runs
// under sc: the object's own methods as atomic steps (gen --spec), or a
// named object of the same file. Nothing here prints: progress goes to a
// callback and the verdicts come back in the result. Errors (in the model,
// the options, or a run-time fault such as a full store buffer while a set
// is explored) are thrown as formats::ParseError or std::invalid_argument,
// never taken for a verdict.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fences/positions.hpp"
#include "fences/search.hpp"
#include "frontend/explore/explorer.hpp"
#include "frontend/language/checker.hpp"

namespace fences {

struct FenceQuery {
  std::string name;                  // the model as shown in messages
  std::string text;                  // its source
  frontend::CompileOptions options;  // the object and bounds; memory tso or pso; spec false
  std::string spec_object;           // empty: the object's methods run atomically
  frontend::ExploreOptions explore;  // for every exploration (the object's and the specification's)
  int max_fences = 3;
};

struct Counterexample {
  FenceSet set;
  std::string history;  // as refines reports it: the shortest trace the specification refuses
};

struct FenceReport {
  std::string object;  // its name
  std::vector<Position> positions;
  std::vector<FenceSet> minimal;  // the minimal sufficient sets; {} alone: no fence needed
  std::vector<Counterexample> insufficient;
  std::uint64_t tried = 0;
  int largest_size = 0;  // of the sets that could be tried: min(max_fences, positions)
};

struct InferenceProgress {
  std::uint64_t index = 0, bound = 0;  // candidate index of at most bound
  const FenceSet* set = nullptr;
};

FenceReport infer_fences(const FenceQuery& q, const std::function<void(const InferenceProgress&)>& on_progress = {});

// "FILE:LINE:COL: after `STMT` in METHOD".
std::string describe(const std::string& file, const Position& p);

}  // namespace fences
