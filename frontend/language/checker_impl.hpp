#pragma once
// Internal to the checker: the state shared by its declaration, expression
// and statement passes (checker.cpp, check_expr.cpp, check_stmt.cpp).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/language/builtins.hpp"
#include "frontend/language/checker.hpp"

namespace frontend::detail {

struct Var {
  TypeP type;
  int offset = 0;       // local offset, thread-variable offset or shared slot
  bool client = false;  // a client variable (a thread variable only the client clauses see)
};

class Checker {
 public:
  Checker(const ast::File& file, const ast::Object& obj, const CompileOptions& options, Program& p);
  void run();

  // ---- the steps of run (checker.cpp)
  void declare_object();
  void declare_enums();
  void declare_node_types();
  void declare_procedures();
  void lay_out_shared_and_heap();
  int declare_thread_vars();
  void compile_methods();
  void lay_out_threads(int thread_vars_size);
  void init_shared_and_heap();
  void init_threads();

  // ---- types (checker.cpp)
  TypeP resolve(const ast::TypeExpr& t);
  TypeP int_type() const { return int_; }
  TypeP bool_type() const { return bool_; }
  TypeP value_type() const { return value_; }
  static bool compatible(const TypeP& a, const TypeP& b);  // may compare / assign
  std::string describe(const TypeP& t) const;
  void declared_result(const TypeP& result, const RExpr* value, Instr& in) const;
  void require(const TypeP& want, const TypeP& got, Loc loc, const char* what);
  [[noreturn]] void error(Loc loc, const std::string& message) const;

  // ---- expressions (check_expr.cpp)
  RExprP expr(const ast::Expr& e, const TypeP& expected = nullptr);
  RExprP condition(const ast::Expr& e);
  RExprP location(const ast::Expr& e);  // an lvalue
  RExprP container_op(RExprP base, const std::string& name, RExprP arg, Loc loc);
  RExprP name_expr(const ast::Expr& e);
  RExprP field_expr(const ast::Expr& e);
  RExprP proj_expr(const ast::Expr& e);
  RExprP index_expr(const ast::Expr& e);
  RExprP unary_expr(const ast::Expr& e);
  RExprP binary_expr(const ast::Expr& e);
  RExprP tuple_expr(const ast::Expr& e, const TypeP& expected);
  RExprP method_expr(const ast::Expr& e);
  RExprP call_expr(const ast::Expr& e);
  RExprP primitive(const Primitive& p, const ast::Expr& e);
  static bool is_shared_location(const RExpr& e);
  int accesses(const RExpr& e) const;                             // shared accesses when evaluated
  int location_accesses(const RExpr& e) const;                    // of its address computation only
  bool lookup(const std::string& name, Var& v, int& kind) const;  // kind: RExpr::Local/ThreadVar/Shared

  // ---- statements (check_stmt.cpp)
  void method(const ast::Method& m, bool atomic = false);
  void client_clauses(const ast::Method& m);  // `when` and `on call` (check_client.cpp)
  bool client_context_ = false;               // compiling a client clause
  void block(const ast::Block& b);
  void statement(const ast::Stmt& s);
  int emit(Instr i);
  void check_accesses(Instr& i, int count);
  void return_statement(const ast::Stmt& s);
  void assignment(const ast::Stmt& s);
  void new_statement(const ast::Stmt& s);
  void choose_statement(const ast::Stmt& s);
  RExprP target(const ast::Expr& lhs, const TypeP& type, Loc rhs_loc);
  // `(a, b, ...)` receiving a tuple of `type`; `accesses` gets the targets' shared accesses.
  RExprP unpack_target(const ast::Expr& lhs, const TypeP& type, Loc rhs_loc, int& accesses);
  void require_implicit_locals_read() const;

  const ast::File& file_;
  const ast::Object& obj_;
  const CompileOptions& opt_;
  Program& p_;
  TypeP int_, bool_, value_, null_, void_, lock_;
  std::map<std::string, int> node_ids_, enum_ids_;
  std::map<std::string, std::pair<int, int>> symbols_;  // enum symbol -> (enum, index)
  std::map<std::string, Var> shared_, thread_vars_;
  std::map<std::string, const ast::Method*> procedures_;

  // Per method being compiled.
  std::vector<std::map<std::string, Var>> scopes_;
  std::size_t scope_floor_ = 0;  // scopes below this belong to a caller (procedure inlining)
  int frame_top_ = 0;
  // Locals that a first assignment without a shared access introduced, and
  // the local slots read: a misspelt shared variable (`Tpo := n;`) becomes
  // a local no one reads, and the statement does nothing.
  struct ImplicitLocal {
    std::string name;
    Loc loc;
    int offset;
  };
  std::vector<ImplicitLocal> implicit_locals_;
  std::set<int> read_locals_;
  bool assigning_name_ = false;  // the name being compiled is the target of ':='
  int method_index_ = -1;
  int atomic_depth_ = 0;
  struct LoopCtx {
    int continue_target;
    std::vector<int> breaks;
    int atomic_depth;
  };
  std::vector<LoopCtx> loops_;
  struct ProcCtx {
    const ast::Method* proc;
    TypeP result;
    int result_offset;
    std::vector<int> returns;
    std::size_t loop_floor;
    int atomic_depth;
  };
  std::vector<ProcCtx> procs_;
  std::vector<std::pair<std::int32_t, std::int32_t>> local_ranges_;   // union over methods
  std::vector<std::pair<std::int32_t, std::int32_t>> result_ranges_;  // union over return values
  // Some method returns a value read from shared memory, or returns from an
  // atomic block: its result is stored by an internal step and returned by
  // the next, as under --spec, so the result slots are needed.
  bool pending_returns_ = false;
  void relocate_thread_vars(Instr& in);
  void relocate_thread_vars(RExpr* e);
  void declare_local(const std::string& name, const TypeP& t, Loc loc, bool method_scope);
  void inline_call(const ast::Expr& call, const ast::Expr* lhs, Loc loc);

  // ---- layout (checker.cpp)
  void layout_slots(const TypeP& t, int base, std::vector<std::pair<int, int>>* refs);
  void const_init(const ast::Expr& e, const TypeP& t, int base);
  std::int32_t zero_of(const TypeP& t) const;
  void fits(long slots, Loc loc) const;
};

// Whether control can reach the end of `b` (missing-return check).
bool falls_through(const ast::Block& b);

}  // namespace frontend::detail
