#pragma once
// A 64-bit mixer of two words (the finaliser of MurmurHash3 over a
// combination of both): the hash behind signature refinement's hashed
// rounds, step tables and wide classes, and the acyclic classification.
#include <cstdint>

namespace bisim::signatures {

inline std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull + (a << 6) + (a >> 2));
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDull;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ull;
  x ^= x >> 33;
  return x;
}

}  // namespace bisim::signatures
