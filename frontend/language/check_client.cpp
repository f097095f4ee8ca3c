// The client protocol of a method (docs/language.md, "Clients"): `when COND`
// restricts when a client may call it, `on call { x := e; }` updates the
// client's own variables at the call. Both see only what a client knows: its
// client variables, the method's arguments, tid and threads.
#include <fmt/format.h>

#include "frontend/language/checker_impl.hpp"

namespace frontend::detail {

void Checker::client_clauses(const ast::Method& m) {
  MethodInfo& info = p_.methods.back();
  client_context_ = true;
  auto no_memory = [&](const RExpr& e, Loc loc) {
    if (accesses(e) > 0) error(loc, "a client clause cannot touch the object's memory");
  };
  if (m.when) {
    info.guard = condition(*m.when);
    no_memory(*info.guard, m.when->loc);
  }
  for (const auto& s : m.on_call) {
    if (s->kind != ast::Stmt::Assign || s->lhs->kind != ast::Expr::Name)
      error(s->loc, "'on call' holds assignments to client variables only: NAME := EXPR;");
    Var v;
    int kind = 0;
    if (!lookup(s->lhs->name, v, kind) || kind != RExpr::ThreadVar || !v.client)
      error(s->lhs->loc,
            fmt::format("'{}' is not a client variable (declare it: client {}: TYPE;)", s->lhs->name, s->lhs->name));
    RExprP var = expr(*s->lhs);
    RExprP value = expr(*s->rhs, var->type);
    require(var->type, value->type, s->rhs->loc, "client assignment");
    no_memory(*value, s->rhs->loc);
    info.on_call.emplace_back(std::move(var), std::move(value));
  }
  client_context_ = false;
}

}  // namespace frontend::detail
