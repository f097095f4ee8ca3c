#pragma once
// A reference for linearizability that shares nothing with quotient and
// refines: the histories of an object system, each checked by the
// definition (Herlihy and Wing, "Linearizability: a correctness condition
// for concurrent objects", TOPLAS 12(3), 1990) with Wing and Gong's search
// for a legal order ("Testing and verifying concurrent objects", J. Parallel
// Distrib. Comput. 17, 1993). The sequential object is the --spec LTS of the
// same model, run one operation at a time: its call, its internal steps,
// its return. The pipeline's verdict (gen | quotient | refines, the seed
// paper's Theorem 3.5) must agree with it on every model.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lts/lts.hpp"

namespace frontend::test {

// The maximal visible traces of `impl` (tau abstracted), each a list of
// label names, or nullopt when there are more than `limit` of them. A visible
// cycle (unbounded operations) is a test error.
std::optional<std::vector<std::vector<std::string>>> maximal_histories(const lts::Lts& impl, std::size_t limit);

class Graph;

// The sequential object: the --spec LTS, kept for many histories (by
// reference: `spec` must outlive it).
class SequentialSpec {
 public:
  explicit SequentialSpec(const lts::Lts& spec);
  ~SequentialSpec();
  // Whether `history` (labels call(T,M,...) and ret(T,M[,V])) has a
  // linearization: an order of its completed operations, and of any of its
  // pending ones, that respects real time (an operation that returned
  // before another was called comes first) and that the spec can perform
  // one after another.
  bool linearizable(const std::vector<std::string>& history) const;

 private:
  std::unique_ptr<Graph> graph_;
};

}  // namespace frontend::test
