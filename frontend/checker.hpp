#pragma once
// From a parsed model to a compiled Program: resolves names, checks types and
// the one-shared-access-per-statement rule, inlines procedures up to the
// recursion bound, and lays out the state vector (docs/language.md).
#include <optional>
#include <string>
#include <utility>

#include "frontend/ast.hpp"
#include "frontend/program.hpp"

namespace frontend {

struct CompileOptions {
  std::string object;  // empty: the first object of the file
  int threads = 2;
  long ops = 1;                                 // -1: unbounded
  std::optional<std::pair<long, long>> values;  // overrides the model's `values`
  std::optional<long> pool;                     // overrides every node type's pool size
  bool spec = false;                            // each method body is one atomic step (--spec)
  bool reset_dead_locals = false;               // Program::dead_locals (frontend/liveness.hpp); gen's default
  // Program::symmetric (gen --symmetry, frontend/symmetry.hpp); a model that
  // names threads is refused.
  bool symmetry = false;
  // The memory model (docs/memory-models.md); under tso and pso each thread
  // has a store buffer of `buffer` entries (gen --buffer, default 2).
  Memory memory = Memory::sc;
  int buffer = 2;
};

Program compile(const ast::File& file, const CompileOptions& options);

// Reads, parses and compiles a model file ("-" reads standard input).
Program load_model(const std::string& path, const CompileOptions& options);
// The same from text, for tests.
Program load_model_text(const std::string& name, const std::string& text, const CompileOptions& options);

}  // namespace frontend
