#include "distributed/dense_states.hpp"

#include <algorithm>

#include "distributed/all_to_all.hpp"
#include "lts/sparse_states.hpp"

namespace distributed {

DenseStates make_dense(MPI_Comm comm, std::vector<lts::Transition>& transitions, std::uint64_t num_states,
                       std::uint64_t total_transitions, lts::StateId initial) {
  if (!lts::is_sparse(num_states, total_transitions))
    return {static_cast<lts::StateId>(num_states), initial};
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  Words ends;
  ends.reserve(2 * transitions.size() + 1);
  if (rank == 0) ends.push_back(initial);
  for (const lts::Transition& t : transitions) {
    ends.push_back(t.from);
    ends.push_back(t.to);
  }
  std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  const auto owner = [&](lts::StateId s) {
    return static_cast<int>(std::uint64_t{s} * static_cast<std::uint64_t>(ranks) / num_states);
  };
  // Sorted ends, cut by owner: the owners' ranges ascend with the values.
  std::vector<Words> asked(ranks);
  for (lts::StateId s : ends) asked[owner(s)].push_back(s);
  const std::vector<Words> received = all_to_all(comm, asked);
  Words mine;
  for (const Words& w : received) mine.insert(mine.end(), w.begin(), w.end());
  std::sort(mine.begin(), mine.end());
  mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
  std::uint64_t count = mine.size(), first = 0;
  MPI_Exscan(&count, &first, 1, MPI_UINT64_T, MPI_SUM, comm);
  if (rank == 0) first = 0;  // MPI_Exscan leaves rank 0's result undefined
  std::vector<Words> answers(ranks);
  for (int r = 0; r < ranks; ++r)
    for (lts::StateId s : received[r])
      answers[r].push_back(static_cast<lts::StateId>(first + (std::lower_bound(mine.begin(), mine.end(), s) - mine.begin())));
  const std::vector<Words> new_ids = all_to_all(comm, answers);
  Words renumbered;
  renumbered.reserve(ends.size());
  for (const Words& w : new_ids) renumbered.insert(renumbered.end(), w.begin(), w.end());
  const auto dense = [&](lts::StateId s) {
    return renumbered[static_cast<std::size_t>(std::lower_bound(ends.begin(), ends.end(), s) - ends.begin())];
  };
  for (lts::Transition& t : transitions) {
    t.from = dense(t.from);
    t.to = dense(t.to);
  }
  DenseStates d;
  d.initial = rank == 0 ? dense(initial) : 0;
  MPI_Bcast(&d.initial, 1, MPI_UINT32_T, 0, comm);
  const std::uint64_t total = sum_over_ranks(comm, count);
  d.num_states = static_cast<lts::StateId>(total);
  return d;
}

}  // namespace distributed
