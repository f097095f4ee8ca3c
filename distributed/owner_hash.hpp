#pragma once
// The owner of a state: a fixed 64-bit hash of its packed leaf values
// (frontend::StateStore::pack) modulo the number of ranks. Fixed means the
// same on every rank and every run, so every rank sends a state to the one
// rank that stores it (Stern and Dill, "Parallelizing the Murphi verifier",
// CAV 1997, sec. 3; docs/scaling.md, "Owner").
#include <cstddef>
#include <cstdint>

namespace distributed {

std::uint64_t owner_hash(const std::uint32_t* leaves, std::size_t n);
inline int owner_of(const std::uint32_t* leaves, std::size_t n, int ranks) {
  return static_cast<int>(owner_hash(leaves, n) % static_cast<std::uint64_t>(ranks));
}

}  // namespace distributed
