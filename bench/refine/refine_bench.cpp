// refine_bench: one trace-inclusion check, timed without reading the files.
// Prints: verdict product_states subsets seconds peak_rss_kib
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "formats/aut_reader.hpp"
#include "refine/inclusion/trace_inclusion.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: refine_bench IMPL SPEC [--no-antichains]\n");
    return 2;
  }
  const lts::Lts impl = formats::read_aut_file(argv[1]);
  const lts::Lts spec = formats::read_aut_file(argv[2]);
  refine::InclusionOptions options;
  options.antichains = !(argc > 3 && std::string(argv[3]) == "--no-antichains");
  const auto start = std::chrono::steady_clock::now();
  const refine::InclusionResult r = refine::check_trace_inclusion(impl, spec, options);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("%s %llu %llu %.6f %ld\n", r.holds ? "holds" : "fails",
              static_cast<unsigned long long>(r.stats.product_states), static_cast<unsigned long long>(r.stats.subsets),
              secs, usage.ru_maxrss);
  return 0;
}
