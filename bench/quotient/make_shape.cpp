// make_shape: .aut files of shapes that no part of quotient was tuned for,
// to check it against mCRL2's ltsconvert (bench/quotient/shapes.sh) where
// the usual benchmarks do not look: a state with a huge fan-out, a state
// with a huge fan-in, every transition written several times, a dense
// graph, many small tau-cycles and tau self-loops, labels of 100-200
// characters (as mCRL2 writes data), and 10^5 distinct labels (mCRL2's
// bakery protocol has 1.1*10^5). Every state is reachable from state 0.
// Deterministic for a seed.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace {

struct Step {
  std::uint32_t from, label, to;
};

// The LTS being made: label 0 is the internal action, written `i`.
struct Shape {
  std::uint32_t states = 0;
  std::vector<std::string> labels{"i"};
  std::vector<Step> steps;
  std::uint32_t label(std::string name) {
    labels.push_back(fmt::format("\"{}\"", name));
    return static_cast<std::uint32_t>(labels.size() - 1);
  }
  void add(std::uint64_t from, std::uint32_t label, std::uint64_t to) {
    steps.push_back({static_cast<std::uint32_t>(from), label, static_cast<std::uint32_t>(to)});
  }
  // A line through all states on its own label: every state reachable.
  void line() {
    const std::uint32_t c = label("line");
    for (std::uint32_t s = 0; s + 1 < states; ++s) add(s, c, s + 1);
  }
  void write() const {
    fmt::memory_buffer buf;
    fmt::format_to(std::back_inserter(buf), "des (0,{},{})\n", steps.size(), states);
    for (const Step& t : steps) {
      fmt::format_to(std::back_inserter(buf), "({},{},{})\n", t.from, labels[t.label], t.to);
      if (buf.size() > (1u << 20)) {
        std::fwrite(buf.data(), 1, buf.size(), stdout);
        buf.clear();
      }
    }
    std::fwrite(buf.data(), 1, buf.size(), stdout);
  }
};

using Rng = std::mt19937_64;
std::uint64_t below(Rng& rng, std::uint64_t n) { return std::uniform_int_distribution<std::uint64_t>(0, n - 1)(rng); }

// State 0 with a tau-step to each of k leaves; leaf j steps on one of 1000
// labels to a sink, every other one by tau too.
Shape star(std::uint64_t m, Rng&) {
  Shape l;
  const std::uint64_t k = std::max<std::uint64_t>(2 * m / 5, 1);
  l.states = static_cast<std::uint32_t>(k + 2);
  std::vector<std::uint32_t> a;
  for (int j = 0; j < 1000; ++j) a.push_back(l.label(fmt::format("a{}", j)));
  for (std::uint64_t j = 1; j <= k; ++j) l.add(0, 0, j);
  for (std::uint64_t j = 1; j <= k; ++j) l.add(j, a[j % 1000], k + 1);
  for (std::uint64_t j = 1; j <= k; j += 2) l.add(j, 0, k + 1);
  return l;
}

// Every state steps on `a` to state 0, and on `b` to the next one.
Shape fan_in(std::uint64_t m, Rng&) {
  Shape l;
  l.states = static_cast<std::uint32_t>(std::max<std::uint64_t>(m / 2, 2));
  const std::uint32_t a = l.label("a"), b = l.label("b");
  for (std::uint32_t s = 0; s < l.states; ++s) l.add(s, a, 0);
  for (std::uint32_t s = 0; s + 1 < l.states; ++s) l.add(s, b, s + 1);
  return l;
}

// A random LTS (a third of its steps tau) with each transition four times.
Shape duplicates(std::uint64_t m, Rng& rng) {
  Shape l;
  l.states = static_cast<std::uint32_t>(std::max<std::uint64_t>(m / 10, 2));
  const std::uint32_t labels[] = {0, l.label("a"), l.label("b")};
  for (std::uint64_t i = 0; i < m / 5; ++i) l.add(below(rng, l.states), labels[below(rng, 3)], below(rng, l.states));
  l.line();
  const std::vector<Step> once = l.steps;
  for (int copy = 1; copy < 4; ++copy) l.steps.insert(l.steps.end(), once.begin(), once.end());
  return l;
}

// sqrt(m) states, each with a step to every state on tau, a or b.
Shape dense(std::uint64_t m, Rng& rng) {
  Shape l;
  l.states = static_cast<std::uint32_t>(std::max<std::uint64_t>(std::sqrt(static_cast<double>(m)), 2));
  const std::uint32_t labels[] = {0, l.label("a"), l.label("b")};
  for (std::uint32_t s = 0; s < l.states; ++s)
    for (std::uint32_t t = 0; t < l.states; ++t) l.add(s, labels[below(rng, 3)], t);
  return l;
}

// States in pairs: a tau-cycle of two, a tau self-loop, or a tau-step; then
// random steps on tau, a and b.
Shape divergent(std::uint64_t m, Rng& rng) {
  Shape l;
  l.states = static_cast<std::uint32_t>(std::max<std::uint64_t>(m / 5, 2));
  const std::uint32_t labels[] = {0, l.label("a"), l.label("b")};
  for (std::uint32_t s = 0; s + 1 < l.states; s += 2) {
    switch (below(rng, 3)) {
      case 0: l.add(s, 0, s + 1), l.add(s + 1, 0, s); break;
      case 1: l.add(s, 0, s); break;
      default: l.add(s, 0, s + 1);
    }
  }
  for (std::uint64_t i = 0; i < 3 * m / 5; ++i)
    l.add(below(rng, l.states), labels[below(rng, 3)], below(rng, l.states));
  l.line();
  return l;
}

// Random steps, a fifth tau, the others on the labels `names`.
Shape random_labels(std::uint64_t m, Rng& rng, std::vector<std::string> names) {
  Shape l;
  l.states = static_cast<std::uint32_t>(std::max<std::uint64_t>(m / 5, 2));
  std::vector<std::uint32_t> ids;
  for (std::string& name : names) ids.push_back(l.label(std::move(name)));
  l.line();
  while (l.steps.size() < m)
    l.add(below(rng, l.states), below(rng, 5) == 0 ? 0 : ids[below(rng, ids.size())], below(rng, l.states));
  return l;
}

// 5000 labels send(d1,...,dk) of 30 to 60 numbers (100-200 characters).
Shape long_labels(std::uint64_t m, Rng& rng) {
  std::vector<std::string> names;
  for (int j = 0; j < 5000; ++j) {
    std::string name = "send(";
    const std::uint64_t k = 30 + below(rng, 31);
    for (std::uint64_t i = 0; i < k; ++i) name += fmt::format("{}{}", i ? "," : "", below(rng, 100));
    names.push_back(name + ")");
  }
  return random_labels(m, rng, std::move(names));
}

Shape many_labels(std::uint64_t m, Rng& rng) {
  std::vector<std::string> names;
  for (int j = 0; j < 100000; ++j) names.push_back(fmt::format("a{}", j));
  return random_labels(m, rng, std::move(names));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Write an .aut file of a given shape to stdout (for bench/quotient/shapes.sh).", "make_shape");
  std::string shape;
  std::uint64_t size = 1000, seed = 1;
  const std::vector<std::string> shapes{"star",      "fan-in",      "duplicates", "dense",
                                        "divergent", "long-labels", "many-labels"};
  app.add_option("shape", shape, "star, fan-in, duplicates, dense, divergent, long-labels or many-labels")
      ->check(CLI::IsMember(shapes))
      ->required();
  app.add_option("size", size, "About how many transitions")
      ->check(CLI::Range(std::uint64_t{10}, std::uint64_t{1'000'000'000}));
  app.add_option("--seed", seed, "Random seed");
  app.footer("Example: make_shape star 5000000 > star.aut");
  CLI11_PARSE(app, argc, argv);
  Rng rng(seed);
  Shape l = shape == "star"          ? star(size, rng)
            : shape == "fan-in"      ? fan_in(size, rng)
            : shape == "duplicates"  ? duplicates(size, rng)
            : shape == "dense"       ? dense(size, rng)
            : shape == "divergent"   ? divergent(size, rng)
            : shape == "long-labels" ? long_labels(size, rng)
                                     : many_labels(size, rng);
  l.write();
  std::fflush(stdout);
  return std::ferror(stdout) ? 2 : 0;
}
