#pragma once
// The three forms of a replayed run (docs/replay.md): a text table with one
// row per step and one column per thread, JSON with one object per step, and
// the heap at the run's focus (refusal, cycle start or fault) as Graphviz.
#include <string>
#include <vector>

#include "frontend/language/program.hpp"
#include "frontend/replay/run.hpp"

namespace frontend::replay {

// `source`: the model's lines, for the statements' text (may be empty).
std::string render_text(const Program& p, const Run& run, const std::vector<std::string>& source);
std::string render_json(const Program& p, const Run& run, const std::vector<std::string>& source);
std::string render_dot(const Program& p, const Run& run);

}  // namespace frontend::replay
