#pragma once
// From a parsed model to a Program: resolves names, checks types and the
// one-shared-access-per-statement rule, inlines procedures up to the
// recursion bound, and lays out the state vector (docs/language.md).
#include <optional>
#include <string>
#include <utility>

#include "frontend/language/ast.hpp"
#include "frontend/language/program.hpp"

namespace frontend {

struct CompileOptions {
  std::string object;  // empty: the first object of the file
  int threads = 2;
  long ops = 1;                                 // -1: unbounded
  std::optional<std::pair<long, long>> values;  // overrides the model's `values`
  std::optional<long> pool;                     // overrides every node type's pool size
  bool spec = false;                            // each method body is one atomic step (--spec)
  bool reset_dead_locals = false;               // Program::dead_locals (frontend/analysis/liveness.hpp); gen's default
  // Program::symmetric (gen --symmetry, frontend/reduce/symmetry.hpp); a model that
  // names threads is refused.
  bool symmetry = false;
  // The memory model (docs/memory-models.md); under tso and pso each thread
  // has a store buffer of `buffer` entries (gen --buffer, default 2).
  Memory memory = Memory::sc;
  int buffer = 2;
};

// The object options.object of the file (the first when empty) as a
// Program: names resolved, types checked, procedures inlined, the state laid
// out. The passes that follow (store buffers, dead locals, symmetry) and the
// checks of the options are compile's (frontend/compile.hpp).
Program check(const ast::File& file, const CompileOptions& options);

}  // namespace frontend
