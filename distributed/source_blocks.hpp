#pragma once
// The transitions of an LTS spread as lts_part.hpp spreads it (state s on
// rank s mod R) regrouped by contiguous ranges of sources: rank k gets the
// k-th of R blocks of source ids, the range of the file that it writes
// (aut_part_writer.hpp). One exchange moves every transition once, 8 bytes
// each and 4 per state.
#include <cstdint>
#include <vector>

#include <mpi.h>

#include "distributed/all_to_all.hpp"
#include "distributed/lts_part.hpp"

namespace distributed {

// The first source id of block k of R over `states` ids: floor(states·k/R),
// so blocks differ by at most one id and are empty when R > states.
lts::StateId block_begin(lts::StateId states, int k, int ranks);

// The sources [begin, end) and their transitions, each source's in the
// part's order. Read with for_each_source.
class SourceBlock {
 public:
  lts::StateId begin() const { return begin_; }
  lts::StateId end() const { return end_; }
  // visit(source, count, pairs): pairs[2i] the label, pairs[2i+1] the
  // target of the i-th of the source's `count` transitions, for every
  // source of the block in order.
  template <typename Visit>
  void for_each_source(Visit visit) const {
    std::vector<std::size_t> at(from_.begin(), from_.end() - 1);
    for (lts::StateId s = begin_; s < end_; ++s) {
      std::size_t& k = at[s % ranks_];
      const std::uint32_t count = words_[k];
      visit(s, count, words_.data() + k + 1);
      k += 1 + 2 * static_cast<std::size_t>(count);
    }
  }

 private:
  friend SourceBlock source_block(MPI_Comm comm, const LtsPart& part);
  lts::StateId begin_ = 0, end_ = 0;
  std::uint32_t ranks_ = 1;
  // From rank r, words_[from_[r], from_[r+1]): for each of r's sources in
  // the block in order, the count of its transitions, then (label, target)
  // per transition.
  Words words_;
  std::vector<std::size_t> from_;
};

// Collective over comm. Throws std::length_error on every rank when some
// rank would send or receive 2^31 words or more (start more ranks).
SourceBlock source_block(MPI_Comm comm, const LtsPart& part);

}  // namespace distributed
