#pragma once
// Heap canonicalisation, so that isomorphic heaps are one state
// (docs/language.md, "Heap"). Nodes are renumbered in the order a
// breadth-first traversal first meets them, starting from the roots in a
// fixed order: shared variables, then each thread's variables, locals and
// LL/SC link. Garbage-collected node types drop the nodes it never meets;
// node types that use `free` keep every allocated node (leaks stay visible)
// and freed nodes that are still referenced (dangling pointers, ABA).
#include <cstdint>
#include <vector>

#include "frontend/language/program.hpp"

namespace frontend {

class Canonicalizer {
 public:
  // renumber = false only collects garbage and keeps node numbers (for tests).
  explicit Canonicalizer(const Program& p, bool renumber = true);
  void run(std::int32_t* state);
  // The method a thread's pc belongs to (pc from 1), -1 when idle.
  int method_of(std::int32_t pc) const { return pc == 0 ? -1 : method_of_code_[pc - 1]; }

 private:
  void visit(int type, std::int32_t ref);
  template <class F>
  void for_each_root(std::int32_t* s, F&& f);
  // Store buffers (tso, pso): calls f(node type, reference slot) for the
  // node each pending store writes into, then g(slot) for each reference it
  // carries, thread 1 first, oldest first.
  template <class F, class G>
  void for_each_buffer_ref(std::int32_t* s, F&& f, G&& g);

  const Program& p_;
  bool renumber_;
  std::vector<int> method_of_code_;
  std::vector<std::vector<std::int32_t>> map_;  // per node type: old number -> new number
  std::vector<std::int32_t> next_;
  std::vector<std::pair<int, std::int32_t>> queue_;
  std::vector<std::int32_t> heap_;
  bool identity_ = true;  // every node met so far keeps its number
  // Per slot of shared memory and the heap (only with store buffers): the
  // node type it lies in (-1: a shared variable), and the node type of the
  // reference it holds (-1: no reference).
  std::vector<int> in_node_, holds_ref_;
};

}  // namespace frontend
