#pragma once
// The cycle proviso of the partial-order reduction across ranks
// (docs/reduction.md, "The cycle proviso"; docs/scaling.md, "The reduction
// on ranks"). gen takes a state's ample candidate alone when its target is
// new or numbered after the state, and tries the next candidate otherwise
// (Bošnački and Holzmann, "Improving Spin's partial-order reduction for
// breadth-first search", SPIN 2005). In a level-synchronous search, once
// level L is numbered every stored state has its global id and every state
// found later gets a larger one, so "numbered no later than the source" is
// a question about the store alone: "is the target stored with an id <= the
// source's?". The owner of each candidate's target answers it, in one
// all-to-all round of questions and one of answers per level, before the
// level's successors are sent.
#include <cstdint>
#include <functional>
#include <vector>

#include <mpi.h>

#include "distributed/all_to_all.hpp"

namespace distributed {

class AmpleQueries {
 public:
  // leaves: the words of a packed target (owner_hash.hpp's key).
  AmpleQueries(MPI_Comm comm, std::size_t leaves);
  // Candidate `candidate` (its index among all successors) of the level's
  // state number `state` (its place in this rank's frontier), with global
  // id `source`; its target's packed leaves and owner.
  void ask(std::uint32_t state, std::uint32_t candidate, std::uint32_t source, const std::uint32_t* target,
           int owner);
  // numbered_by(target, source): whether this rank stores `target` with a
  // global id <= source. Collective. Returns per frontier state (`states` of
  // them) its first candidate whose target is not numbered by its source,
  // or -1: expand every successor. Forgets the questions.
  using NumberedBy = std::function<bool(const std::uint32_t* target, std::uint32_t source)>;
  std::vector<std::int32_t> answer(std::size_t states, const NumberedBy& numbered_by);
  std::uint64_t questions_sent() const { return questions_sent_; }

 private:
  MPI_Comm comm_;
  std::size_t leaves_;
  std::vector<Words> out_;  // per owner: (leaves..., source) per question
  struct Asked {
    std::uint32_t state, candidate;
  };
  std::vector<std::vector<Asked>> asked_;  // per owner, in the order of out_
  std::uint64_t questions_sent_ = 0;
};

}  // namespace distributed
