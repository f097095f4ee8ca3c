#pragma once
// The front of the pipeline a model travels (docs/architecture.md): text,
// parse (language/parser), check (language/checker), then the passes on the
// Program that the options ask for: store-buffer layout under tso and pso
// (language/memory_model), the reset of dead locals (analysis/liveness) and the
// symmetry conditions (reduce/symmetry). What comes out is what the
// interpreter (run/) executes and the explorer (explore/) explores.
#include <string>

#include "frontend/language/ast.hpp"
#include "frontend/language/checker.hpp"
#include "frontend/language/program.hpp"

namespace frontend {

// Checks the options (a question without calls is refused), then the model.
Program compile(const ast::File& file, const CompileOptions& options);

// Reads, parses and compiles a model file ("-" reads standard input).
Program load_model(const std::string& path, const CompileOptions& options);
// The same from text, for tests.
Program load_model_text(const std::string& name, const std::string& text, const CompileOptions& options);

}  // namespace frontend
