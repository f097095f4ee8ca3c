#include "distributed/transition_routing.hpp"

#include <algorithm>

#include "distributed/all_to_all.hpp"

namespace distributed {

LtsPart receive_sorted_part(MPI_Comm comm, std::vector<Words>&& out, lts::StateId num_states, lts::StateId initial) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  std::vector<lts::Transition> mine;
  for (const Words& w : all_to_all(comm, out))
    for (std::size_t k = 0; k + 2 < w.size(); k += 3) mine.push_back({w[k], w[k + 1], w[k + 2]});
  out = {};
  std::sort(mine.begin(), mine.end());
  mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
  return part_from_transitions(mine, rank, ranks, num_states, initial);
}

LtsPart route_to_owners(MPI_Comm comm, std::vector<lts::Transition>& transitions, lts::StateId num_states,
                        lts::StateId initial) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  std::vector<Words> out(ranks);
  for (const lts::Transition& t : transitions) {
    Words& w = out[t.from % static_cast<std::uint32_t>(ranks)];
    w.push_back(t.from);
    w.push_back(t.label);
    w.push_back(t.to);
  }
  std::vector<lts::Transition>().swap(transitions);
  std::vector<Words> in = all_to_all(comm, out);
  std::vector<Words>().swap(out);
  std::vector<lts::Transition> mine;
  for (Words& w : in) {
    for (std::size_t k = 0; k + 2 < w.size(); k += 3) mine.push_back({w[k], w[k + 1], w[k + 2]});
    Words().swap(w);
  }
  return part_from_transitions(mine, rank, ranks, num_states, initial);
}

}  // namespace distributed
