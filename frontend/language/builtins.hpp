#pragma once
// The language's built-in operations, one entry each: the atomic
// primitives called as functions (`cas(l, o, n)`, `ll(l)`, ...) and the
// operations of sequences and sets (`s.push_back(x)`, `s.front`, ...). The
// checker (check_expr.cpp, check_stmt.cpp) reads only these tables, so a
// new built-in is one entry here plus its evaluation (frontend/run/eval.cpp).
#include <span>
#include <string_view>

#include "frontend/language/program.hpp"

namespace frontend {

// An atomic primitive `NAME(l1, .., lL, v1, .., vM)`: L locations, then
// operands, operand i typed as location i mod L. One shared access in all,
// one atomic step.
struct Primitive {
  std::string_view name;
  RExpr::Op op;
  int arity;             // arguments in all
  int locations;         // leading arguments that are locations (1 or 2)
  bool returns_value;    // the result is the first location's value; otherwise a bool (success)
  bool may_stand_alone;  // may be a statement of its own (it writes, or creates a link)
  bool links;            // takes part in load-linked/store-conditional (Program::uses_ll)
  bool writes;           // may write its locations (the reduction's footprints, frontend/analysis/footprint.cpp)
  std::string_view doc;
};

// An operation on a sequence or a set value: `s.NAME` (no argument) or
// `s.NAME(x)` (one element argument). Sequences and sets are values: an
// operation that changes one returns the new value.
struct ContainerOp {
  enum class Result { Element, Same, Bool, Int };
  Type::Kind container;  // Type::Seq or Type::Set
  std::string_view name;
  RExpr::Op op;
  bool takes_element;  // s.NAME(x) rather than s.NAME
  Result result;
  std::string_view doc;
};

std::span<const Primitive> primitives();
std::span<const ContainerOp> container_ops();

// The entry for a name or an operation, or nullptr.
const Primitive* find_primitive(std::string_view name);
const Primitive* find_primitive(RExpr::Op op);
const ContainerOp* find_container_op(Type::Kind container, std::string_view name, bool takes_element);

}  // namespace frontend
