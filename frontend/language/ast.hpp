#pragma once
// The parse tree of a model file, as written (names unresolved). The checker
// (checker.hpp) resolves it into the compiled program (program.hpp).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "frontend/language/source.hpp"

namespace frontend::ast {

struct TypeExpr {
  enum Kind { Named, Range, Tuple, Array, Seq, Set };
  Kind kind = Named;
  Loc loc;
  std::string name;                // Named: int, bool, value, lock, an enum or a node
  long lo = 0, hi = 0;             // Range lo..hi
  std::vector<TypeExpr> elems;     // Tuple members; Array/Seq/Set: elems[0]
  long length = 0;                 // Array length or Seq capacity
  bool length_is_threads = false;  // T[threads]
};

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Expr {
  enum Kind {
    Int,
    Bool,
    Null,
    Name,      // Name: variable, enum symbol, tid, threads
    Field,     // args[0].name
    Proj,      // args[0].value (tuple member)
    Index,     // args[0][args[1]]
    Call,      // name(args): cas, dcas, ll, sc, vl, choose, procedures
    Method,    // args[0].name(args[1..]) on sequences and sets
    New,       // new name(args)
    Unary,     // op args[0]
    Binary,    // args[0] op args[1]
    Tuple,     // (args...)
    EmptySeq,  // []
    EmptySet,  // {}
    Range,     // args[0]..args[1] (only inside choose)
  };
  Kind kind;
  Loc loc;
  std::string name;  // identifier, operator, field or method name
  long value = 0;
  std::vector<ExprPtr> args;
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct Stmt {
  enum Kind {
    Assign,
    Var,
    ExprStmt,
    If,
    While,
    Loop,
    Break,
    Continue,
    Return,
    Await,
    Atomic,
    Lock,
    Unlock,
    Free,
    Assert,
    Skip,
    Fence
  };
  Kind kind;
  Loc loc;
  std::string name;              // Var
  std::optional<TypeExpr> type;  // Var
  ExprPtr lhs, rhs;              // Assign; rhs is also Var's init, Return's value, conditions
  Block body, orelse;            // If/While/Loop/Atomic
};

struct Field {
  std::string name;
  TypeExpr type;
  Loc loc;
};

struct NodeDecl {
  std::string name;
  Loc loc;
  std::vector<Field> fields;
  long pool = -1;  // -1: not given
};

struct EnumDecl {
  std::string name;
  Loc loc;
  std::vector<std::pair<std::string, Loc>> symbols;
};

struct VarDecl {
  std::string name;
  Loc loc;
  TypeExpr type;
  ExprPtr init;         // may be null: zero of the type
  bool client = false;  // `client x: T;`: the client's own per-thread state
};

struct Param {
  std::string name;
  Loc loc;
  TypeExpr type;
};

struct Method {
  bool is_procedure = false;
  std::string name;
  Loc loc, end_loc;
  std::vector<Param> params;
  std::optional<TypeExpr> result;
  ExprPtr when;   // the client may call the method only when this holds
  Block on_call;  // assignments to client variables, made at the call
  Block body;
};

struct Object {
  bool is_spec = false;
  std::string name;
  Loc loc;
  std::optional<std::pair<long, long>> values;
  Loc values_loc;
  std::vector<EnumDecl> enums;
  std::vector<NodeDecl> nodes;
  std::vector<VarDecl> shared, thread_vars;
  std::vector<Method> methods;  // methods and procedures, in file order
  std::optional<Method> init;   // runs once, atomically, before the clients start
  long recursion = 4;           // inlining bound for procedures
};

struct File {
  std::string name;             // as shown in diagnostics
  std::vector<EnumDecl> enums;  // file-level enums, visible in every object
  std::vector<Object> objects;
};

}  // namespace frontend::ast
