#pragma once
// gen --progress (docs/progress.md, "On an orbit LTS"): the object system
// explored with step(T) labels and its progress properties decided in the
// same process, on the orbit LTS with --symmetry (which has no .aut form),
// on the LTS otherwise. Prints what `refines --progress` prints.
#include <functional>
#include <string>

#include "tools/common/cli_fwd.hpp"

#include "frontend/explore/explorer.hpp"
#include "frontend/language/program.hpp"
#include "refine/reports.hpp"

namespace tools {

struct GenProgressOptions {
  std::string properties;  // as refines --progress: "all" or names separated by commas
  std::string cex_path;
  refine::TraceStyle style;
  bool wanted() const { return !properties.empty(); }  // tools::run_tool refuses an empty value
};

void add_gen_progress_options(CLI::App& app, GenProgressOptions& o);
// The exit status: 0 every property holds, 1 one fails (its lasso printed
// and written to --cex). `model` names the input in the report; `explore`:
// gen's options (its on_progress kept), with step(T) labels added;
// `explored` is called once the exploration ends; `report`: each search
// on stderr as it starts and ends (with -v, or when stderr is a terminal).
int check_progress(const frontend::Program& program, const std::string& model, const GenProgressOptions& o,
                   frontend::ExploreOptions explore, const std::function<void(const frontend::ExploreStats&)>& explored,
                   bool report);

}  // namespace tools
