#pragma once
// The search over fence sets, smallest first (Kuperstein, Vechev, Yahav,
// "Automatic inference of memory fences", FMCAD 2010, Sec. 4, which
// enumerates fence sets by size and keeps the minimal sufficient ones),
// independent of what a position is: positions are 0..n-1 and an oracle
// says whether a set is sufficient.
//
// Sufficiency is monotone: a fence only removes runs (the thread waits for
// an empty buffer and changes nothing else), so a superset of a sufficient
// set is sufficient. Hence trying sizes 0, 1, 2, ... and skipping the
// supersets of the sets already found sufficient reports exactly the
// minimal sufficient sets of at most `max_size` positions: a set found
// sufficient at size k has no sufficient proper subset, since every proper
// subset was either tried (and failed) or skipped as a superset of a
// sufficient set, which would be a sufficient proper subset and would have
// made this set skipped too.
#include <cstdint>
#include <functional>
#include <vector>

namespace fences {

using FenceSet = std::vector<int>;  // increasing positions

struct SearchProgress {
  std::uint64_t index = 0;  // the candidate about to be tried, from 1
  std::uint64_t bound = 0;  // sets of at most max_size positions: an upper bound on the candidates tried
  const FenceSet* set = nullptr;
};

struct SearchResult {
  std::vector<FenceSet> minimal;       // the minimal sufficient sets, by size, then lexicographically
  std::vector<FenceSet> insufficient;  // every set tried and found insufficient, in the order tried
  std::uint64_t tried = 0;
};

// Whether the set is sufficient; may throw (the search then stops).
using Oracle = std::function<bool(const FenceSet&)>;

SearchResult minimal_sufficient_sets(int n, int max_size, const Oracle& sufficient,
                                     const std::function<void(const SearchProgress&)>& on_progress = {});

// The number of sets of at most k of n positions (saturating).
std::uint64_t sets_up_to(int n, int k);

}  // namespace fences
