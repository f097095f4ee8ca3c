#pragma once
// A counterexample as `refines --cex` writes it (docs/refines.md): one label
// per line. A weak trace is only visible labels. A lasso (--lockfree,
// --progress) is the stem's labels, a line `# cycle`, then the cycle's
// labels; `i` is an internal step of any thread and `step(T)` one of thread
// T. `refines --progress --cex` writes one lasso per failing property, each
// block opened by `# lasso PROPERTY`. Other lines starting with `#` are
// comments.
#include <cstddef>
#include <string>
#include <vector>

namespace frontend::replay {

struct CexItem {
  bool visible = true;
  std::string label;  // as written
  int thread = -1;    // internal: the thread from 0, or -1 for any
  std::size_t line = 0;
};

struct Counterexample {
  std::vector<CexItem> stem, cycle;
  bool lasso = false;
  std::string property;  // after `# lasso`; empty without that line
};

// Throws formats::ParseError naming FILE:LINE for a malformed line or an
// empty cycle.
std::vector<Counterexample> parse_counterexamples(const std::string& file, const std::string& text);
// The same for a file that holds exactly one counterexample.
Counterexample parse_counterexample(const std::string& file, const std::string& text);

}  // namespace frontend::replay
