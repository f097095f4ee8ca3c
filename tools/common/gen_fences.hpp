#pragma once
// gen --suggest-fences (docs/memory-models.md, "Fence inference"): the
// options, and the run that prints the minimal fence sets (fences/).
#include <string>

#include "tools/common/cli_fwd.hpp"
#include "tools/common/gen_options.hpp"

namespace tools {

struct FenceOptions {
  bool suggest = false;
  int max_fences = 3;
  std::string spec_object;  // empty: the object's methods run atomically (gen --spec)
};

void add_fence_options(CLI::App& app, FenceOptions& f);
// The options --suggest-fences excludes, or that need it: a UsageError.
void check_fence_options(const CLI::App& app, const GenOptions& g, const FenceOptions& f);
// Prints the result on standard output and progress on standard error;
// returns 0 (a sufficient set found), 1 (none of at most --max-fences).
int suggest_fences(const GenOptions& g, const FenceOptions& f, const frontend::ExploreOptions& explore);

}  // namespace tools
