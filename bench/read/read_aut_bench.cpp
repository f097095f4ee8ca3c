// read_aut_bench FILE: times formats::read_aut_file alone and reports the
// memory the loaded LTS holds, for bench/read/run.sh.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>

#include "formats/aut_reader.hpp"

namespace {
long peak_rss_kib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: read_aut_bench FILE\n");
    return 2;
  }
  const long rss_before = peak_rss_kib();
  const auto start = std::chrono::steady_clock::now();
  const lts::Lts l = formats::read_aut_file(argv[1]);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double held = static_cast<double>(l.transitions.capacity() * sizeof(lts::Transition));
  // seconds transitions peak_rss_kib rss_before_kib bytes_held
  std::printf("%.3f %zu %ld %ld %.0f\n", seconds, l.transitions.size(), peak_rss_kib(), rss_before, held);
  return 0;
}
