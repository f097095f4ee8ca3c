#pragma once
// Where a fence may be placed (docs/memory-models.md, "Fence inference"): a
// position is a statement of one of the object's methods (or procedures),
// and a fence at it runs right after that statement.
//
// Only statements that may put a store into the buffer are positions, and
// only when the statement after them does not drain the buffer anyway:
//  - A fence does one thing: the thread waits until its buffer is empty
//    (Owens, Sarkar, Sewell, TPHOLs 2009, Sec. 3: MFENCE). Let a fence F
//    follow a statement s that buffers no store, and let r be the plain
//    store that runs last before s (straight-line code: every run reaches s
//    through r). Every run of the program with F moved up to just after r is
//    a run with F where s found the buffer already empty: between r and s
//    the thread buffers nothing, so the wait at F admits it, and flushes are
//    steps of their own that may come at any time. So moving F up only
//    removes runs and histories; a set with F after s is sufficient only if
//    the set with F after r is, and the search loses no sufficient set of
//    the same size. Where the store before s is not unique (after a join of
//    control flow, or at a method's start, where the buffer holds the stores
//    of an earlier call) one position after s can stand for several after
//    stores: the sets reported are then minimal among the positions after
//    stores, which the docs say.
//  - A store inside an atomic block, or in a draining statement (cas, dcas,
//    ll/sc/vl, lock, unlock), goes to memory directly: nothing to order.
//  - When every statement that can run next after s drains the buffer
//    (a cas, lock, unlock, atomic block, or a fence already there), a fence
//    after s waits for what that statement waits for anyway, and the thread
//    does nothing in between: the same histories, so the position is left out.
#include <string>
#include <vector>

#include "frontend/language/ast.hpp"
#include "frontend/language/program.hpp"

namespace fences {

struct Position {
  frontend::Loc loc;      // of the statement the fence follows
  std::string method;     // the method or procedure it is in
  std::string statement;  // its source text, up to its ';'
};

// The positions of `object` (the file's first when empty), in source order.
// `program` is that object compiled under --memory tso or pso (its code says
// which statements store to memory and which drain); `text` is the source.
std::vector<Position> fence_positions(const frontend::ast::File& file, const std::string& object,
                                      const frontend::Program& program, const std::string& text);

// The object of `file` named `object` (the first when empty), or null.
const frontend::ast::Object* find_object(const frontend::ast::File& file, const std::string& object);
frontend::ast::Object* find_object(frontend::ast::File& file, const std::string& object);

}  // namespace fences
