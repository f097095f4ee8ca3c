#include "distributed/owner_hash.hpp"

namespace distributed {

// Each word goes through splitmix64's finaliser (Steele, Lea, Flood, "Fast
// splittable pseudorandom number generators", OOPSLA 2014) chained with the
// previous result: every bit of every word reaches every bit of the hash,
// so the owners of distinct states are independent and uniform.
std::uint64_t owner_hash(const std::uint32_t* leaves, std::size_t n) {
  std::uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
  for (std::size_t i = 0; i < n; ++i) {
    h += leaves[i] + 0x9e3779b97f4a7c15ull;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    h ^= h >> 31;
  }
  return h;
}

}  // namespace distributed
