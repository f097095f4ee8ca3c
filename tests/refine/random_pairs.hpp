#pragma once
// Random (IMPL, SPEC) pairs for trace inclusion: independent LTSs (inclusion
// mostly fails early), IMPL a sub-LTS of SPEC (it holds), and either of those
// with a few mutations (it fails late, or holds by chance).
#include <cstdint>
#include <random>
#include <utility>

#include "lts/lts.hpp"

namespace refine_test {

std::pair<lts::Lts, lts::Lts> random_pair(std::mt19937_64& rng, std::uint32_t max_states);

// How many random rounds a property test runs: BB_RANDOM_ROUNDS if set,
// otherwise `ci_default`.
std::uint64_t random_rounds(std::uint64_t ci_default);

}  // namespace refine_test
