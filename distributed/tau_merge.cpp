#include "distributed/tau_merge.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "distributed/all_to_all.hpp"
#include "distributed/transition_routing.hpp"

namespace distributed {

namespace {

using lts::no_state;
using lts::StateId;

constexpr std::uint32_t invalid = no_state;  // an answer about a state the question should not reach

// Throws std::logic_error on every rank unless `ok` holds on every rank.
void check_everywhere(MPI_Comm comm, bool ok, const std::string& what) {
  int mine = ok ? 1 : 0, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, comm);
  if (!all) throw std::logic_error("the single-step merge across ranks: " + what);
}

// For each global id in `ids`, the W words answer(local index) gives at the
// id's owner, in the order of `ids`: one all-to-all of the questions, one
// of the answers.
template <std::size_t W, typename Answer>
std::vector<std::array<std::uint32_t, W>> look_up(MPI_Comm comm, const LtsPart& part, const std::vector<StateId>& ids,
                                                  Answer answer) {
  std::vector<Words> out(part.ranks);
  for (StateId s : ids) out[part.owner(s)].push_back(s);
  std::vector<Words> in = all_to_all(comm, out);
  out = {};
  for (Words& w : in) {
    Words reply;
    reply.reserve(w.size() * W);
    for (StateId s : w) {
      const std::array<std::uint32_t, W> a = answer(part.local(s));
      reply.insert(reply.end(), a.begin(), a.end());
    }
    w = std::move(reply);
  }
  const std::vector<Words> back = all_to_all(comm, in);
  std::vector<std::size_t> at(part.ranks, 0);
  std::vector<std::array<std::uint32_t, W>> result(ids.size());
  for (std::size_t k = 0; k < ids.size(); ++k) {
    const int r = part.owner(ids[k]);
    std::copy_n(back[r].begin() + static_cast<std::ptrdiff_t>(at[r]), W, result[k].begin());
    at[r] += W;
  }
  return result;
}

// The single tau target of each local state whose only transition is a
// tau-step, no_state for the others; the initial state is never merged
// (lts/single_tau_merge.cpp).
std::vector<StateId> single_tau_targets(const LtsPart& part) {
  std::vector<StateId> next(part.local_count(), no_state);
  for (std::uint32_t i = 0; i < part.local_count(); ++i)
    if (part.first[i + 1] - part.first[i] == 1 && part.label[part.first[i]] == lts::tau &&
        part.global(i) != part.initial)
      next[i] = part.target[part.first[i]];
  return next;
}

// The rounds after which a pointer has jumped over 2^rounds >= num_states
// steps: past any chain's end, and round any ring.
unsigned rounds_for(StateId num_states) {
  unsigned k = 0;
  while ((std::uint64_t{1} << k) < num_states) ++k;
  return k;
}

enum class Node : std::uint8_t { outside, terminal, pending, done };

// Pointer jumping (J. C. Wyllie, "The complexity of parallel computations",
// Cornell 1979; J. JaJa, "An introduction to parallel algorithms", 1992,
// Sec. 2.2): each round every pending state s replaces pointer(s) by
// pointer(pointer(s)), so after k rounds it has followed 2^k steps, or
// stopped at a terminal state (done). path_min(s) is the smallest id on the
// steps followed, s included and pointer(s) not.
struct PointerJumping {
  std::vector<StateId> pointer, path_min;  // per local state, global ids
  std::vector<Node> node;
};

// At most `rounds` rounds, fewer when no state is pending on any rank.
// Returns the number of states still pending over all ranks.
std::uint64_t jump(MPI_Comm comm, const LtsPart& part, PointerJumping& j, unsigned rounds) {
  const auto pending_here = [&] {
    return static_cast<std::uint64_t>(std::count(j.node.begin(), j.node.end(), Node::pending));
  };
  std::uint64_t left = sum_over_ranks(comm, pending_here());
  for (unsigned round = 0; round < rounds && left > 0; ++round) {
    std::vector<std::uint32_t> asking;
    std::vector<StateId> ids;
    for (std::uint32_t i = 0; i < part.local_count(); ++i)
      if (j.node[i] == Node::pending) asking.push_back(i), ids.push_back(j.pointer[i]);
    // Answered from the values before this round's updates: every rank
    // answers all questions before it changes any pointer.
    const auto answers = look_up<3>(comm, part, ids, [&](std::uint32_t u) -> std::array<std::uint32_t, 3> {
      switch (j.node[u]) {
        case Node::terminal: return {part.global(u), 1, part.global(u)};
        case Node::outside: return {invalid, 1, invalid};
        default: return {j.pointer[u], j.node[u] == Node::done ? 1u : 0u, j.path_min[u]};
      }
    });
    bool ok = true;
    for (std::size_t k = 0; k < asking.size(); ++k) {
      const std::uint32_t i = asking[k];
      ok = ok && answers[k][0] != invalid;
      j.pointer[i] = answers[k][0];
      j.path_min[i] = std::min(j.path_min[i], answers[k][2]);
      if (answers[k][1]) j.node[i] = Node::done;
    }
    check_everywhere(comm, ok, "a pointer left the states it follows");
    left = sum_over_ranks(comm, pending_here());
  }
  return left;
}

// The merge targets of the states in rings' basins (the mergeable states
// from which the single tau-steps never reach a kept state), set in
// `into`. `chains` is the first jumping after rounds_for(num_states)
// rounds: its pending states are the basins' and their pointers lie on
// the rings (the path has passed any feeding chain), and a ring state's
// path_min is its ring's smallest state, the ring's name. The sequential
// walk (lts/single_tau_merge.cpp) starts at the smallest state of a basin
// and keeps the first ring state on its path: that state's entry.
void resolve_rings(MPI_Comm comm, const LtsPart& part, const std::vector<StateId>& next, const PointerJumping& chains,
                   std::vector<StateId>& into) {
  const std::uint32_t n = part.local_count();
  std::vector<std::uint32_t> basin;
  for (std::uint32_t i = 0; i < n; ++i)
    if (chains.node[i] == Node::pending) basin.push_back(i);
  std::vector<StateId> at_ring(basin.size());
  for (std::size_t k = 0; k < basin.size(); ++k) at_ring[k] = chains.pointer[basin[k]];
  // The ring states are exactly the pointers' targets: jumping 2^k steps
  // maps each ring onto itself one to one.
  std::vector<std::uint8_t> on_ring(n, 0);
  {
    std::vector<Words> hits(part.ranks);
    for (StateId s : at_ring) hits[part.owner(s)].push_back(s);
    bool ok = true;
    for (const Words& w : all_to_all(comm, hits))
      for (StateId s : w) {
        ok = ok && chains.node[part.local(s)] == Node::pending;
        on_ring[part.local(s)] = 1;
      }
    check_everywhere(comm, ok, "a ring state outside the rings' basins");
  }
  std::vector<StateId> ring_of(basin.size());
  {
    const auto names = look_up<1>(comm, part, at_ring, [&](std::uint32_t u) -> std::array<std::uint32_t, 1> {
      return {on_ring[u] ? chains.path_min[u] : invalid};
    });
    bool ok = true;
    for (std::size_t k = 0; k < basin.size(); ++k) {
      ring_of[k] = names[k][0];
      ok = ok && ring_of[k] != invalid;
    }
    check_everywhere(comm, ok, "a pointer past the rounds is not on a ring");
  }
  // The smallest state of each basin, at its ring's name's owner.
  std::vector<StateId> basin_min(n, no_state);
  {
    std::vector<Words> out(part.ranks);
    for (std::size_t k = 0; k < basin.size(); ++k)
      out[part.owner(ring_of[k])].insert(out[part.owner(ring_of[k])].end(), {ring_of[k], part.global(basin[k])});
    for (const Words& w : all_to_all(comm, out))
      for (std::size_t k = 0; k < w.size(); k += 2)
        basin_min[part.local(w[k])] = std::min(basin_min[part.local(w[k])], w[k + 1]);
  }
  // Each basin state's entry, its first ring state: a second jumping in
  // which the ring states are terminal, bounded as the first.
  PointerJumping entry;
  entry.node.assign(n, Node::outside);
  entry.pointer.assign(n, no_state);
  entry.path_min.assign(n, no_state);
  for (std::uint32_t i : basin) {
    entry.node[i] = on_ring[i] ? Node::terminal : Node::pending;
    entry.pointer[i] = on_ring[i] ? part.global(i) : next[i];
  }
  check_everywhere(comm, jump(comm, part, entry, rounds_for(part.num_states) + 1) == 0,
                   "the chains into the rings did not end in the bounded rounds");
  // Each ring keeps the entry of its basin's smallest state.
  std::vector<std::uint32_t> names;
  std::vector<StateId> smallest;
  for (std::uint32_t i = 0; i < n; ++i)
    if (basin_min[i] != no_state) names.push_back(i), smallest.push_back(basin_min[i]);
  std::vector<StateId> kept_of_ring(n, no_state);
  {
    const auto entries = look_up<1>(comm, part, smallest, [&](std::uint32_t u) -> std::array<std::uint32_t, 1> {
      return {entry.node[u] == Node::outside ? invalid : entry.pointer[u]};
    });
    for (std::size_t k = 0; k < names.size(); ++k) kept_of_ring[names[k]] = entries[k][0];
  }
  const auto kept = look_up<1>(comm, part, ring_of, [&](std::uint32_t u) -> std::array<std::uint32_t, 1> {
    return {kept_of_ring[u]};
  });
  bool ok = true;
  for (std::size_t k = 0; k < basin.size(); ++k) {
    ok = ok && kept[k][0] != invalid;
    into[basin[k]] = kept[k][0];
  }
  check_everywhere(comm, ok, "a ring without a kept state");
}

// Per local state, the old id of the kept state it is or merges into.
std::vector<StateId> merge_targets(MPI_Comm comm, const LtsPart& part) {
  const std::uint32_t n = part.local_count();
  const std::vector<StateId> next = single_tau_targets(part);
  PointerJumping chains;
  chains.node.resize(n);
  chains.pointer.resize(n);
  chains.path_min.resize(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    chains.node[i] = next[i] == no_state ? Node::terminal : Node::pending;
    chains.pointer[i] = next[i] == no_state ? part.global(i) : next[i];
    chains.path_min[i] = part.global(i);
  }
  // A chain that ends at a kept state has fewer than num_states steps, so
  // whatever is pending after these rounds is in a ring's basin.
  const std::uint64_t in_basins = jump(comm, part, chains, rounds_for(part.num_states));
  std::vector<StateId> into = chains.pointer;  // the terminal's, for the states done
  if (in_basins > 0) resolve_rings(comm, part, next, chains, into);
  return into;
}

// The new id of each kept local state (no_state for the others): the
// number of kept states before it in global id order. The ids are dealt
// in blocks of consecutive ids to the ranks, which count their block's
// kept states; MPI_Exscan of the counts gives each block's first number.
std::vector<StateId> number_kept(MPI_Comm comm, const LtsPart& part, const std::vector<std::uint8_t>& kept,
                                 StateId* total) {
  const std::uint64_t block = (std::uint64_t{part.num_states} + part.ranks - 1) / part.ranks;
  const std::uint64_t base = block * static_cast<std::uint64_t>(part.rank);
  std::vector<Words> out(part.ranks);
  for (std::uint32_t i = 0; i < part.local_count(); ++i)
    if (kept[i]) out[part.global(i) / block].push_back(part.global(i));
  std::vector<Words> in = all_to_all(comm, out);
  std::vector<std::uint8_t> in_block(static_cast<std::size_t>(block), 0);
  for (const Words& w : in)
    for (StateId s : w) in_block[s - base] = 1;
  std::vector<StateId> number(static_cast<std::size_t>(block), no_state);
  unsigned long long here = 0, before = 0;
  for (std::size_t k = 0; k < in_block.size(); ++k)
    if (in_block[k]) number[k] = static_cast<StateId>(here++);
  in_block = {};
  MPI_Exscan(&here, &before, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm);
  if (part.rank == 0) before = 0;
  *total = static_cast<StateId>(sum_over_ranks(comm, here));
  for (Words& w : in)
    for (StateId& s : w) s = static_cast<StateId>(before + number[s - base]);
  const std::vector<Words> back = all_to_all(comm, in);
  std::vector<StateId> result(part.local_count(), no_state);
  std::vector<std::size_t> at(part.ranks, 0);
  for (std::uint32_t i = 0; i < part.local_count(); ++i)
    if (kept[i]) {
      const auto r = static_cast<std::size_t>(part.global(i) / block);
      result[i] = back[r][at[r]++];
    }
  return result;
}

// The kept states' transitions with new ids at both ends, each at its new
// source's owner, sorted by (label, target) without repeats.
LtsPart retarget(MPI_Comm comm, const LtsPart& part, const std::vector<std::uint8_t>& kept,
                 const std::vector<StateId>& new_id, StateId num_states, StateId initial) {
  std::vector<StateId> targets;
  for (std::uint32_t i = 0; i < part.local_count(); ++i)
    if (kept[i])
      for (std::uint64_t k = part.first[i]; k < part.first[i + 1]; ++k) targets.push_back(part.target[k]);
  const auto new_target = look_up<1>(comm, part, targets, [&](std::uint32_t u) -> std::array<std::uint32_t, 1> {
    return {new_id[u]};
  });
  targets = {};
  const auto ranks = static_cast<std::uint32_t>(part.ranks);
  std::vector<Words> out(part.ranks);
  for (std::uint32_t i = 0, t = 0; i < part.local_count(); ++i)
    if (kept[i])
      for (std::uint64_t k = part.first[i]; k < part.first[i + 1]; ++k, ++t)
        out[new_id[i] % ranks].insert(out[new_id[i] % ranks].end(), {new_id[i], part.label[k], new_target[t][0]});
  return receive_sorted_part(comm, std::move(out), num_states, initial);
}

}  // namespace

LtsPart merge_single_tau_states(MPI_Comm comm, LtsPart&& part) {
  const std::uint32_t n = part.local_count();
  const std::vector<StateId> into = merge_targets(comm, part);
  std::vector<std::uint8_t> kept(n);
  for (std::uint32_t i = 0; i < n; ++i) kept[i] = into[i] == part.global(i);
  StateId num_states = 0;
  const std::vector<StateId> number = number_kept(comm, part, kept, &num_states);
  // Every state's new id: its own if kept, else its kept state's.
  std::vector<StateId> merged, new_id = number;
  for (std::uint32_t i = 0; i < n; ++i)
    if (!kept[i]) merged.push_back(into[i]);
  const auto numbers = look_up<1>(comm, part, merged, [&](std::uint32_t u) -> std::array<std::uint32_t, 1> {
    return {number[u]};
  });
  bool ok = true;
  for (std::uint32_t i = 0, k = 0; i < n; ++i)
    if (!kept[i]) {
      ok = ok && numbers[k][0] != no_state;
      new_id[i] = numbers[k++][0];
    }
  check_everywhere(comm, ok, "a state merged into a state that is not kept");
  // The initial state is kept; its owner tells its new id.
  StateId initial = part.owner(part.initial) == part.rank ? new_id[part.local(part.initial)] : 0;
  MPI_Bcast(&initial, 1, MPI_UINT32_T, part.owner(part.initial), comm);
  return retarget(comm, part, kept, new_id, num_states, initial);
}

}  // namespace distributed
