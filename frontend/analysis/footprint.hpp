#pragma once
// What the rest of a thread's code may still touch, for the independence
// relation of the on-the-fly reduction (docs/reduction.md). A static analysis
// of the compiled program over abstract locations: one per slot of a shared
// variable and one per slot of a node type's layout (the flag and the fields,
// the same for every node of the type). For each instruction it gives the
// abstract locations the code from there to the method's end may read and
// write, and how many nodes of each garbage-collected type it may allocate.
// Initialising the fields of a fresh garbage-collected node is no write here:
// that node was unreachable, so no other thread can read it (its fields are
// written only by `new` and are read-only afterwards). An element whose
// indices are fixed by constants and `tid` (HP[tid - 1]) is its own location
// in each thread's footprint, so a program that names `tid` is analysed
// once per thread.
#include <cstdint>
#include <vector>

#include "frontend/language/program.hpp"

namespace frontend {

class Footprints {
 public:
  using Bits = std::vector<std::uint64_t>;
  static constexpr std::uint32_t unbounded = 0xFFFFFFFF;

  explicit Footprints(const Program& p);
  // False when the program is too large for the analysis: nothing is independent.
  bool usable() const { return usable_; }
  int locations() const { return locations_; }
  // The abstract location of a state slot in the shared part or the heap, -1 elsewhere.
  int location_of(std::int32_t slot) const;
  // That of node type n's flag; its fields follow. A shared slot is its own location.
  int heap_location(int n) const { return heap_location_[n]; }
  // Adds what thread u (from 0) of `state` may still read and write, up to
  // the end of its operations (the current one and every call still allowed).
  void add_future(const std::int32_t* state, int u, Bits& reads, Bits& writes) const;
  // How many nodes of type n thread part `tb` may still allocate (unbounded: no bound).
  std::uint64_t future_allocations(const std::int32_t* state, int tb, int n) const;

  static bool test(const Bits& b, int i) { return (b[i >> 6] >> (i & 63)) & 1; }

 private:
  // What one instruction, or expression, of thread `tid` (from 1) touches.
  struct Effects {
    const Footprints& f;
    int tid;
    Bits& reads;
    Bits& writes;
    void instruction(const Instr& in);
    void read(const RExpr& e);
    void write(const RExpr& e);
    void read_indices(const RExpr& e);
  };
  void set_location(const RExpr& e, int tid, Bits& b) const;
  void set_region(const RExpr& root, Bits& b) const;
  void set_node(int n, Bits& b) const;
  std::vector<int> successors(std::size_t i) const;
  void analyse_accesses(int variant);
  void analyse_allocations();

  const Program& p_;
  bool usable_ = true;
  int locations_ = 0;
  std::size_t words_ = 0;
  std::vector<int> heap_location_;                  // per node type: the abstract location of its flag
  int variants_ = 1;                                // 1, or one per thread when the program names `tid`
  std::vector<std::vector<Bits>> reads_, writes_;   // per variant, per instruction: from there to the method's end
  std::vector<Bits> all_reads_, all_writes_;        // per variant: every client method from its entry
  std::vector<int> method_end_;                     // per instruction: one past its method's code
  std::vector<std::vector<std::uint32_t>> allocs_;  // per node type, per instruction
  std::vector<std::uint32_t> allocs_per_op_;        // per node type: most over the methods
};

}  // namespace frontend
