#include "bench/scale/partition_stats.hpp"

#include <algorithm>

namespace bench_scale {

namespace {
std::uint64_t splitmix64(std::uint64_t x) {  // Steele, Lea, Flood, OOPSLA 2014
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
}  // namespace

unsigned owner(lts::StateId state, unsigned ranks) { return static_cast<unsigned>(splitmix64(state) % ranks); }

PartitionStats partition(const lts::Lts& lts, unsigned ranks) {
  PartitionStats s;
  s.ranks = ranks;
  s.states = lts.num_states;
  s.transitions = lts.transitions.size();
  std::vector<unsigned> own(lts.num_states);
  std::vector<std::uint64_t> held(ranks, 0), sent(ranks, 0), received(ranks, 0);
  for (lts::StateId q = 0; q < lts.num_states; ++q) ++held[own[q] = owner(q, ranks)];
  for (const auto& t : lts.transitions) {
    if (t.from == t.to) ++s.self_loops;
    if (own[t.from] == own[t.to]) continue;
    ++s.cross;
    ++sent[own[t.from]];
    ++received[own[t.to]];
  }
  s.max_rank_states = *std::max_element(held.begin(), held.end());
  s.max_rank_cross_out = *std::max_element(sent.begin(), sent.end());
  s.max_rank_cross_in = *std::max_element(received.begin(), received.end());
  return s;
}

std::uint32_t bfs_levels(const lts::Lts& lts) {
  std::vector<std::uint64_t> first(lts.num_states + std::size_t{1}, 0);
  for (const auto& t : lts.transitions) ++first[t.from + std::size_t{1}];
  for (std::size_t q = 0; q < lts.num_states; ++q) first[q + 1] += first[q];
  std::vector<lts::StateId> succ(lts.transitions.size());
  std::vector<std::uint64_t> fill(first.begin(), first.end() - 1);
  for (const auto& t : lts.transitions) succ[fill[t.from]++] = t.to;
  std::vector<bool> seen(lts.num_states, false);
  std::vector<lts::StateId> level{lts.initial}, next;
  seen[lts.initial] = true;
  std::uint32_t levels = 0;
  while (!level.empty()) {
    ++levels;
    next.clear();
    for (auto q : level)
      for (auto k = first[q]; k < first[q + 1]; ++k)
        if (!seen[succ[k]]) {
          seen[succ[k]] = true;
          next.push_back(succ[k]);
        }
    level.swap(next);
  }
  return levels;
}

}  // namespace bench_scale
