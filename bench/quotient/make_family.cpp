// make_family: .aut families on which partition refinement by repeated
// rounds (naive signature refinement, or any O(mn) algorithm) needs one round
// per state, so takes time quadratic in the size, while an O(m log n)
// algorithm stays near linear. For bench/quotient/run.sh.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

namespace {

class AutWriter {
 public:
  AutWriter(std::uint64_t transitions, std::uint64_t states) {
    fmt::format_to(std::back_inserter(buf_), "des (0,{},{})\n", transitions, states);
  }
  ~AutWriter() { flush(); }
  void add(std::uint64_t from, const char* label, std::uint64_t to) {
    fmt::format_to(std::back_inserter(buf_), "({},{},{})\n", from, label, to);
    if (buf_.size() > (1u << 20)) flush();
  }

 private:
  void flush() {
    std::fwrite(buf_.data(), 1, buf_.size(), stdout);
    buf_.clear();
  }
  fmt::memory_buffer buf_;
};

// 0 -a-> 1 -a-> ... -a-> n-1 -b-> n-1: every state differs from every other
// by its distance to b; one round of naive refinement separates one state.
void line(std::uint64_t n) {
  AutWriter out(n, n);
  for (std::uint64_t s = 0; s + 1 < n; ++s) out.add(s, "\"a\"", s + 1);
  out.add(n - 1, "\"b\"", n - 1);
}

// The same line with an inert tau before every a: s_i -i-> t_i -a-> s_i+1.
// Branching bisimulation merges s_i with t_i; strong bisimulation does not.
void tau_line(std::uint64_t n) {
  const std::uint64_t k = n / 2;  // pairs
  AutWriter out(2 * k, 2 * k);
  for (std::uint64_t i = 0; i + 1 < k; ++i) {
    out.add(2 * i, "i", 2 * i + 1);
    out.add(2 * i + 1, "\"a\"", 2 * i + 2);
  }
  out.add(2 * (k - 1), "i", 2 * (k - 1) + 1);
  out.add(2 * (k - 1) + 1, "\"b\"", 2 * (k - 1) + 1);
}

// n/length copies of a line of `length` states, entered by tau from state 0:
// the quotient has length + 1 states, and naive refinement needs `length`
// rounds over all n transitions.
void lines(std::uint64_t n, std::uint64_t length) {
  const std::uint64_t copies = n / length;
  AutWriter out(copies * (length + 1), copies * length + 1);
  for (std::uint64_t c = 0; c < copies; ++c) {
    const std::uint64_t head = 1 + c * length;
    out.add(0, "i", head);
    for (std::uint64_t s = 0; s + 1 < length; ++s) out.add(head + s, "\"a\"", head + s + 1);
    out.add(head + length - 1, "\"b\"", head + length - 1);
  }
}

// The line closed into a ring: 0 -a-> 1 -a-> ... -a-> n-1 -a-> 0, with
// n-1 -b-> n-1. The states still differ by their distance to b, but the
// graph is a cycle, so the one-pass classification of acyclic LTSs
// (bisim/acyclic/acyclic_classes.hpp) does not apply and partition refinement does
// all the work.
void ring(std::uint64_t n) {
  AutWriter out(n + 1, n);
  for (std::uint64_t s = 0; s + 1 < n; ++s) out.add(s, "\"a\"", s + 1);
  out.add(n - 1, "\"a\"", 0);
  out.add(n - 1, "\"b\"", n - 1);
}

// The ring with an inert tau before every a, as tau-line.
void tau_ring(std::uint64_t n) {
  const std::uint64_t k = n / 2;  // pairs
  AutWriter out(2 * k + 1, 2 * k);
  for (std::uint64_t i = 0; i < k; ++i) {
    out.add(2 * i, "i", 2 * i + 1);
    out.add(2 * i + 1, "\"a\"", (2 * i + 2) % (2 * k));
  }
  out.add(2 * (k - 1) + 1, "\"b\"", 2 * (k - 1) + 1);
}

// The tau-ring with a visible self-loop on every state before a tau:
// s_i -c-> s_i, s_i -i-> t_i -a-> s_i+1. No tau-step is inert (s_i has
// its c, t_i has none) and no state is merged into its tau-successor, so
// the branching kinds cannot fall back on strong bisimulation: their
// partition refinement makes one block per state.
void tau_ring_loops(std::uint64_t n) {
  const std::uint64_t k = std::max<std::uint64_t>(n / 3, 1);  // pairs
  AutWriter out(3 * k + 1, 2 * k);
  for (std::uint64_t i = 0; i < k; ++i) {
    out.add(2 * i, "\"c\"", 2 * i);
    out.add(2 * i, "i", 2 * i + 1);
    out.add(2 * i + 1, "\"a\"", (2 * i + 2) % (2 * k));
  }
  out.add(2 * (k - 1) + 1, "\"b\"", 2 * (k - 1) + 1);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Write an .aut family that makes O(mn) partition refinement quadratic, to stdout.", "make_family");
  std::string family = "line";
  std::uint64_t size = 1000, length = 1000;
  app.add_option("family", family, "line, tau-line, lines, ring, tau-ring or tau-ring-loops")
      ->check(CLI::IsMember({"line", "tau-line", "lines", "ring", "tau-ring", "tau-ring-loops"}))
      ->required();
  app.add_option("size", size, "About how many transitions")
      ->check(CLI::Range(std::uint64_t{2}, std::uint64_t{4'000'000'000}));
  app.add_option("--length", length, "Length of each line of the 'lines' family")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{4'000'000'000}));
  app.footer("Example: make_family tau-line 1000000 > tau_line.aut");
  CLI11_PARSE(app, argc, argv);
  if (family == "line") line(size);
  else if (family == "tau-line") tau_line(size);
  else if (family == "ring") ring(size);
  else if (family == "tau-ring") tau_ring(size);
  else if (family == "tau-ring-loops") tau_ring_loops(size);
  else lines(size, std::min(length, size));
  std::fflush(stdout);
  return std::ferror(stdout) ? 2 : 0;
}
