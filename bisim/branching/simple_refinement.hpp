#pragma once
// Branching bisimulation by the O(mn) algorithm of Groote & Vaandrager
// ("An efficient algorithm for branching bisimulation and stuttering
// equivalence", ICALP 1990). Kept beside the O(m log n) algorithm
// as a simpler, independent second route for tests and for comparison.
#include <cstdint>
#include <vector>

#include "lts/lts.hpp"

namespace bisim::branching {

// The coarsest branching bisimulation of a tau-acyclic LTS (as made by
// contract_tau_sccs), as a block number per state, and the number of blocks.
std::vector<std::uint32_t> simple_branching_blocks(const lts::Lts& acyclic, std::uint32_t& num_blocks);

}  // namespace bisim::branching
