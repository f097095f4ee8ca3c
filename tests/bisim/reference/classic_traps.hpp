#pragma once
// The classic traps of branching bisimulation, each a hand-built LTS with
// its partitions worked out by hand (the comments say why). Every
// partitioner is run on all of them: the reference here, the fast one in
// tests/bisim/branching.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "bisim/partition.hpp"
#include "tests/bisim/reference/small_lts.hpp"

namespace testing_support {

// A partition given as a block number per state.
inline bisim::Partition blocks(std::vector<std::uint32_t> b) {
  bisim::Partition p;
  for (auto x : b) p.num_blocks = std::max(p.num_blocks, x + 1);
  p.block = std::move(b);
  return p;
}

struct Trap {
  std::string name;
  lts::Lts lts;
  std::vector<std::uint32_t> branching;  // expected blocks, state by state
  std::vector<std::uint32_t> divbranching;
};

inline std::vector<Trap> classic_traps() {
  std::vector<Trap> traps;
  // 0 -a-> 1 and 0 -tau-> 1, 1 -a-> 2: after a, 0 can still do a, 1 cannot,
  // so the tau from 0 to 1 is not inert and all three states differ.
  // 3 -a-> 4, 3 -tau-> 4, 4 -a-> 4, 5 -a-> 5: here the tau is inert, 3 ~ 4 ~ 5.
  traps.push_back(
      {"visible action and tau to the same target",
       small_lts(6, {{0, "a", 1}, {0, "i", 1}, {1, "a", 2}, {3, "a", 4}, {3, "i", 4}, {4, "a", 4}, {5, "a", 5}}),
       {0, 1, 2, 3, 3, 3},
       {0, 1, 2, 3, 3, 3}});
  // A tau-cycle 0 -> 1 -> 2 -> 0 with exits 0 -a-> 3, 1 -a-> 3, 2 -b-> 4:
  // one class (each reaches both exits inertly); it diverges, and 5, with the
  // same exits but no cycle (5 -a-> 3, 5 -b-> 4), joins it only without
  // divergence sensitivity.
  traps.push_back(
      {"tau-cycles",
       small_lts(
           6, {{0, "i", 1}, {1, "i", 2}, {2, "i", 0}, {0, "a", 3}, {1, "a", 3}, {2, "b", 4}, {5, "a", 3}, {5, "b", 4}}),
       {0, 0, 0, 1, 1, 0},
       {0, 0, 0, 1, 1, 2}});
  // Two tau-cycles joined by a tau step: 0 <-> 1 -tau-> 2 <-> 3, with 3 -a-> 4
  // and 0 -b-> 4. The upper cycle can do b, the lower cannot: two classes
  // plus the deadlock, for both equivalences (both cycles diverge).
  traps.push_back(
      {"chained tau-cycles",
       small_lts(5, {{0, "i", 1}, {1, "i", 0}, {1, "i", 2}, {2, "i", 3}, {3, "i", 2}, {3, "a", 4}, {0, "b", 4}}),
       {0, 0, 1, 1, 2},
       {0, 0, 1, 1, 2}});
  // Divergence only inside a class: 0 -tau-> 0 -a-> 2 and 1 -a-> 2. Branching
  // merges 0 and 1 (the loop is inert); divergence-sensitive branching
  // separates them. A divergence reached inertly counts as well: 3 -tau-> 4,
  // 4 <-tau-> 5, all with a to 2, are divergent like 0.
  traps.push_back({"divergence only inside a class",
                   small_lts(6, {{0, "i", 0},
                                 {0, "a", 2},
                                 {1, "a", 2},
                                 {3, "i", 4},
                                 {4, "i", 5},
                                 {5, "i", 4},
                                 {3, "a", 2},
                                 {4, "a", 2},
                                 {5, "a", 2}}),
                   {0, 0, 1, 0, 0, 0},
                   {0, 1, 2, 0, 0, 0}});
  // 0 -tau-> 1 -a-> 2 with a tau-loop on 1, and 3 -tau-> 4 -a-> 2 without one.
  // Branching: 0, 1, 3, 4 are one class. Divergence-sensitive: 1 diverges and
  // 0 reaches 1 inertly, so 0 and 1 are divergent while 3 and 4 are not.
  traps.push_back({"divergence reached by inert steps",
                   small_lts(5, {{0, "i", 1}, {1, "a", 2}, {1, "i", 1}, {4, "a", 2}, {3, "i", 4}}),
                   {0, 0, 1, 0, 0},
                   {0, 0, 1, 2, 2}});
  // The shape of the MS-queue states of the seed paper's Appendix A (Fig. 6):
  // s1 -tau-> s2 and s3 -tau-> s4 -tau-> s5 with s2 ~ s5 but s4 not ~ s2. Here
  // s1 = d + tau.c + tau.s4 and s3 = d + tau.s4 with s4 = b + tau.c: weakly
  // bisimilar (Milner's third tau-law) but not branching bisimilar, since s3
  // can answer s1 -tau-> s2 only through s4, which is like neither s1 nor s2.
  //   0 = s1, 1 = s2, 2 = s3, 3 = s4, 4 = s5, 5 = deadlock.
  traps.push_back({"weakly but not branching bisimilar",
                   small_lts(6, {{0, "d", 5},
                                 {0, "i", 1},
                                 {0, "i", 3},
                                 {1, "c", 5},
                                 {2, "d", 5},
                                 {2, "i", 3},
                                 {3, "b", 5},
                                 {3, "i", 4},
                                 {4, "c", 5}}),
                   {0, 1, 2, 3, 1, 4},
                   {0, 1, 2, 3, 1, 4}});
  return traps;
}

}  // namespace testing_support
