#include "distributed/ample_queries.hpp"

#include <algorithm>

namespace distributed {

AmpleQueries::AmpleQueries(MPI_Comm comm, std::size_t leaves) : comm_(comm), leaves_(leaves) {
  int ranks = 1;
  MPI_Comm_size(comm_, &ranks);
  out_.resize(static_cast<std::size_t>(ranks));
  asked_.resize(static_cast<std::size_t>(ranks));
}

void AmpleQueries::ask(std::uint32_t state, std::uint32_t candidate, std::uint32_t source,
                       const std::uint32_t* target, int owner) {
  const auto r = static_cast<std::size_t>(owner);
  out_[r].insert(out_[r].end(), target, target + leaves_);
  out_[r].push_back(source);
  asked_[r].push_back({state, candidate});
  ++questions_sent_;
}

std::vector<std::int32_t> AmpleQueries::answer(std::size_t states, const NumberedBy& numbered_by) {
  const std::vector<Words> questions = all_to_all(comm_, out_);
  for (Words& w : out_) Words().swap(w);
  std::vector<Words> replies(questions.size());
  const std::size_t width = leaves_ + 1;
  for (std::size_t r = 0; r < questions.size(); ++r)
    for (std::size_t k = 0; k + width <= questions[r].size(); k += width)
      replies[r].push_back(numbered_by(questions[r].data() + k, questions[r][k + leaves_]) ? 1u : 0u);
  const std::vector<Words> answers = all_to_all(comm_, replies);
  // A state's questions were asked in candidate order, but arrive grouped
  // by owner: its first candidate is the smallest index answered "not yet".
  std::vector<std::int32_t> chosen(states, -1);
  for (std::size_t r = 0; r < answers.size(); ++r) {
    for (std::size_t q = 0; q < answers[r].size(); ++q) {
      if (answers[r][q] != 0) continue;
      const Asked a = asked_[r][q];
      const auto c = static_cast<std::int32_t>(a.candidate);
      if (chosen[a.state] < 0 || c < chosen[a.state]) chosen[a.state] = c;
    }
    asked_[r].clear();
  }
  return chosen;
}

}  // namespace distributed
