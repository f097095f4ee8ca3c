// make_aut: writes a random .aut of a given size for benchmarks, quickly.
// Every state is reachable (the first N-1 transitions form a random tree
// from state 0); the rest join random states. Deterministic for a seed.
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

int main(int argc, char** argv) {
  CLI::App app("Write a random LTS in .aut format to stdout (for benchmarks).", "make_aut");
  std::uint64_t states = 1000, transitions = 4000, seed = 1;
  unsigned labels = 4;
  double tau = 0.3;
  bool call_labels = false;
  app.add_option("--states", states, "Number of states (all reachable)")->check(CLI::Range(1ull, 4'000'000'000ull));
  app.add_option("--transitions", transitions, "Number of transitions (at least states-1)");
  app.add_option("--labels", labels, "Number of visible labels")->check(CLI::Range(1u, 100000u));
  app.add_option("--tau", tau, "Fraction of tau transitions")->check(CLI::Range(0.0, 1.0));
  app.add_option("--seed", seed, "Random seed");
  app.add_flag("--call-labels", call_labels, "Name labels like gen does: call(T,m,V) / ret(T,m,V)");
  app.footer("Example: make_aut --states 1000000 --transitions 10000000 --tau 0.5 > big.aut");
  CLI11_PARSE(app, argc, argv);
  if (transitions + 1 < states) {
    std::fprintf(stderr, "make_aut: error: --transitions must be at least --states - 1\n");
    return 2;
  }
  std::vector<std::string> names;
  for (unsigned i = 0; i < labels; ++i)
    names.push_back(call_labels ? fmt::format("\"{}({},m{},{})\"", i % 2 ? "ret" : "call", 1 + i % 3, i / 6, i % 5)
                                : fmt::format("\"a{}\"", i));
  std::mt19937_64 rng(seed);
  std::bernoulli_distribution is_tau(tau);
  std::uniform_int_distribution<std::uint64_t> label(0, labels - 1);
  fmt::memory_buffer buf;
  auto flush = [&] {
    std::fwrite(buf.data(), 1, buf.size(), stdout);
    buf.clear();
  };
  fmt::format_to(std::back_inserter(buf), "des (0, {}, {})\n", transitions, states);
  for (std::uint64_t i = 0; i < transitions; ++i) {
    std::uint64_t from, to;
    if (i + 1 < states) {  // tree edge into state i+1 from an earlier state
      to = i + 1;
      from = std::uniform_int_distribution<std::uint64_t>(0, i)(rng);
    } else {
      from = std::uniform_int_distribution<std::uint64_t>(0, states - 1)(rng);
      to = std::uniform_int_distribution<std::uint64_t>(0, states - 1)(rng);
    }
    if (is_tau(rng)) fmt::format_to(std::back_inserter(buf), "({},i,{})\n", from, to);
    else fmt::format_to(std::back_inserter(buf), "({},{},{})\n", from, names[label(rng)], to);
    if (buf.size() > (1u << 20)) flush();
  }
  flush();
  return std::ferror(stdout) ? 2 : 0;
}
