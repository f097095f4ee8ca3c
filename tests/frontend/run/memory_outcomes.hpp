#pragma once
// The outcomes of a litmus model: the return values of threads that make one
// call each, read off the LTS gen writes (every path on which all of them
// returned), and the model explored under a memory model.
#include <set>
#include <string>
#include <vector>

#include "frontend/explore/explorer.hpp"
#include "frontend/language/checker.hpp"
#include "lts/lts.hpp"

namespace frontend::test {

using Outcome = std::vector<std::string>;  // per thread, its return value

std::set<Outcome> outcomes(const lts::Lts& l, int threads);

struct MemoryRun {
  Memory memory = Memory::sc;
  int buffer = 2;
  bool reduce = true;
  unsigned workers = 1;
};
lts::Lts explore_text(const std::string& text, const MemoryRun& run, int threads = 2);

}  // namespace frontend::test
