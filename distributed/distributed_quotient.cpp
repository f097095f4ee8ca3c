#include "distributed/distributed_quotient.hpp"

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "bisim/partition.hpp"
#include "bisim/quotient.hpp"

namespace distributed {

namespace {

// What every rank sends rank 0: `words` there, nothing elsewhere.
std::vector<Words> gather_at_root(MPI_Comm comm, const LtsPart& part, Words words) {
  std::vector<Words> out(part.ranks);
  out[0] = std::move(words);
  return all_to_all(comm, out);
}

// The blocks of the targets of every local transition.
std::vector<std::uint32_t> target_blocks(MPI_Comm comm, const LtsPart& part, const DistributedPartition& p) {
  const Ghosts ghosts(comm, part, [](std::uint64_t) { return true; });
  std::vector<std::uint32_t> values = p.block;
  ghosts.exchange(values);
  std::vector<std::uint32_t> blocks(part.target.size());
  for (std::uint64_t k = 0; k < part.target.size(); ++k) blocks[k] = values[ghosts.slot(part.target[k])];
  return blocks;
}

// This rank's part for rank 0: (block, smallest reachable member) pairs,
// then (block, label, block) triples, each list after its length.
Words block_level_part(MPI_Comm comm, const LtsPart& part, const DistributedPartition& p, bisim::Equivalence e) {
  const std::vector<bool> reached = reachable_states(comm, part);
  const std::vector<std::uint32_t> to = target_blocks(comm, part, p);
  std::unordered_map<std::uint32_t, lts::StateId> smallest;
  std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> steps;
  for (std::uint32_t i = 0; i < part.local_count(); ++i) {
    if (!reached[i]) continue;
    const std::uint32_t b = p.block[i];
    smallest.emplace(b, part.global(i));  // local states run in increasing global order
    if (bisim::divergence_sensitive(e) && p.divergent[i]) steps.emplace_back(b, lts::tau, b);
    for (std::uint64_t k = part.first[i]; k < part.first[i + 1]; ++k) {
      if (bisim::hides_inert_tau(e) && part.label[k] == lts::tau && to[k] == b) continue;
      steps.emplace_back(b, part.label[k], to[k]);
    }
  }
  std::sort(steps.begin(), steps.end());
  steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  Words w{static_cast<std::uint32_t>(smallest.size())};
  for (const auto& [b, s] : smallest) w.insert(w.end(), {b, s});
  w.push_back(static_cast<std::uint32_t>(steps.size()));
  for (const auto& [b, a, c] : steps) w.insert(w.end(), {b, a, c});
  return w;
}

// Rank 0: the LTS of the reachable blocks, numbered by smallest member.
lts::Lts block_lts(const std::vector<Words>& parts, std::uint32_t initial_block, const lts::LabelTable& labels) {
  std::unordered_map<std::uint32_t, lts::StateId> smallest;
  for (const Words& w : parts)
    for (std::uint32_t k = 0, n = w[0]; k < n; ++k) {
      const std::uint32_t b = w[1 + 2 * k], s = w[2 + 2 * k];
      auto [it, fresh] = smallest.emplace(b, s);
      if (!fresh) it->second = std::min(it->second, s);
    }
  std::vector<std::pair<lts::StateId, std::uint32_t>> order;
  for (const auto& [b, s] : smallest) order.emplace_back(s, b);
  std::sort(order.begin(), order.end());
  std::unordered_map<std::uint32_t, lts::StateId> state_of;
  for (std::size_t k = 0; k < order.size(); ++k) state_of[order[k].second] = static_cast<lts::StateId>(k);
  lts::Lts q;
  q.labels = labels;
  q.num_states = static_cast<lts::StateId>(order.size());
  q.initial = state_of.at(initial_block);
  for (const Words& w : parts) {
    std::size_t k = 1 + 2 * std::size_t{w[0]};
    for (std::uint32_t j = 0, n = w[k++]; j < n; ++j, k += 3)
      q.transitions.push_back({state_of.at(w[k]), w[k + 1], state_of.at(w[k + 2])});
  }
  return q;
}

}  // namespace

std::vector<bool> reachable_states(MPI_Comm comm, const LtsPart& part) {
  std::vector<bool> reached(part.local_count(), false);
  std::vector<std::uint32_t> frontier;
  if (part.owner(part.initial) == part.rank) {
    reached[part.local(part.initial)] = true;
    frontier.push_back(part.local(part.initial));
  }
  while (sum_over_ranks(comm, frontier.size()) != 0) {
    std::vector<Words> out(part.ranks);
    for (std::uint32_t i : frontier)
      for (std::uint64_t k = part.first[i]; k < part.first[i + 1]; ++k) out[part.owner(part.target[k])].push_back(part.target[k]);
    frontier.clear();
    for (const Words& w : all_to_all(comm, out))
      for (lts::StateId s : w)
        if (!reached[part.local(s)]) reached[part.local(s)] = true, frontier.push_back(part.local(s));
  }
  return reached;
}

lts::Lts gather_quotient(MPI_Comm comm, const LtsPart& part, const DistributedPartition& p, bisim::Equivalence e,
                         const lts::LabelTable& labels) {
  std::uint32_t initial_block = part.owner(part.initial) == part.rank ? p.block[part.local(part.initial)] : 0;
  MPI_Bcast(&initial_block, 1, MPI_UINT32_T, part.owner(part.initial), comm);
  const std::vector<Words> parts = gather_at_root(comm, part, block_level_part(comm, part, p, e));
  if (part.rank != 0) return lts::Lts{};
  lts::Lts blocks = block_lts(parts, initial_block, labels);
  bisim::Partition identity;
  identity.num_blocks = blocks.num_states;
  identity.block.resize(blocks.num_states);
  for (lts::StateId s = 0; s < blocks.num_states; ++s) identity.block[s] = s;
  return bisim::quotient(std::move(blocks), identity, e, nullptr, nullptr, /*tau_cycles_are_self_loops=*/true);
}

}  // namespace distributed
