#pragma once
// Which shared slots no thread can write any more, judged from their value:
// the independence relation's rule for locations that are written only by a
// compare-and-swap expecting a known value (docs/reduction.md, "Settled
// slots"). Once the Michael-Scott queue's `next` field is not null, no
// `cas(t.next, null, n)` can succeed on it; once a Harris list's node is
// marked, no `cas(p.next, (c, false), ...)` can. A read of such a slot
// commutes with every step of the other threads, whatever their code.
//
// A static analysis of the compiled program: every instruction of a client
// method that may write an abstract location (footprint.hpp) is a guarded
// write when it is a `cas` whose expected value has a component the
// analysis knows, a constant or a local that a branch condition (`if x ==
// null`) or an assignment fixed on every path to it; any other write
// (assignment, `sc`, `dcas`, `choose`, a lock, `free`, a manual pool's
// `new`) makes the location unguarded. Initialising a fresh
// garbage-collected node is no write (footprint.hpp says why).
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "frontend/analysis/footprint.hpp"
#include "frontend/language/program.hpp"

namespace frontend {

class GuardedWrites {
 public:
  GuardedWrites(const Program& p, const Footprints& footprints);
  // Whether no write of any client method can change `slot` (in the shared
  // part or the heap, of abstract location `location`) from its value in
  // `state`: every write of the location is a cas that would fail on it.
  // The caller makes sure that the node holding `slot` cannot be collected
  // and handed out again meanwhile.
  bool settled(const std::int32_t* state, std::int32_t slot, int location) const;

 private:
  // A cas that writes the location only when every component listed here
  // (slot offset from the location's slot, value) holds the value.
  using Guard = std::vector<std::pair<int, std::int32_t>>;
  // Locals of one-slot type whose value is known: (offset, value), sorted.
  using Facts = std::vector<std::pair<int, std::int32_t>>;

  // `method`: the method of each instruction (methods_of_code).
  std::vector<std::optional<Facts>> known_locals(const std::vector<int>& method) const;
  void add_writes(const Instr& in, const Facts& facts);
  void add_expr_writes(const RExpr& e, const Facts& facts);
  void unguard(const RExpr& target);
  void add_cas(const RExpr& target, const RExpr& expected, const Facts& facts);
  // The abstract locations a write of `target` may change: `size` of them
  // from `first`; the whole array when `target` is an element of one.
  struct Region {
    int first = 0, size = 0;
    bool element = false;
  };
  // nullopt for a thread's own variable.
  std::optional<Region> region(const RExpr& target) const;

  const Program& p_;
  const Footprints& footprints_;
  std::vector<bool> unguarded_;             // per abstract location
  std::vector<std::vector<Guard>> guards_;  // per abstract location
};

}  // namespace frontend
