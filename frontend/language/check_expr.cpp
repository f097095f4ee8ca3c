// The checker's expression pass: names, types, and shared-access counting.
#include <fmt/format.h>

#include "frontend/language/builtins.hpp"
#include "frontend/language/checker_impl.hpp"

namespace frontend::detail {

namespace {

RExprP node(RExpr::Op op, TypeP type, Loc loc, long a = 0) {
  auto e = std::make_unique<RExpr>();
  e->op = op;
  e->type = std::move(type);
  e->a = a;
  e->loc = loc;
  return e;
}

bool is_int(const TypeP& t) { return t->kind == Type::Int; }

}  // namespace

bool Checker::lookup(const std::string& name, Var& v, int& kind) const {
  for (std::size_t i = scopes_.size(); i-- > scope_floor_;)
    if (auto it = scopes_[i].find(name); it != scopes_[i].end()) {
      v = it->second;
      kind = RExpr::Local;
      return true;
    }
  if (auto it = thread_vars_.find(name); it != thread_vars_.end()) {
    v = it->second;
    kind = RExpr::ThreadVar;
    return true;
  }
  if (auto it = shared_.find(name); it != shared_.end()) {
    v = it->second;
    kind = RExpr::Shared;
    return true;
  }
  return false;
}

bool Checker::is_shared_location(const RExpr& e) {
  switch (e.op) {
    case RExpr::Shared:
    case RExpr::Field: return true;
    case RExpr::Index:
    case RExpr::Proj: return is_shared_location(*e.k[0]);
    default: return false;
  }
}

// Shared accesses made while computing a location's address (not the access itself).
int Checker::location_accesses(const RExpr& e) const {
  switch (e.op) {
    case RExpr::Field: return accesses(*e.k[0]);
    case RExpr::Index: return location_accesses(*e.k[0]) + accesses(*e.k[1]);
    case RExpr::Proj: return is_location(*e.k[0]) ? location_accesses(*e.k[0]) : accesses(*e.k[0]);
    default: return 0;
  }
}

int Checker::accesses(const RExpr& e) const {
  if (is_location(e)) return (is_shared_location(e) ? 1 : 0) + location_accesses(e);
  int n = 0;
  if (const Primitive* p = find_primitive(e.op)) {
    // One access for all the locations of a primitive, plus their addresses and the operands.
    const std::size_t locations = static_cast<std::size_t>(p->locations);
    bool shared = false;
    for (std::size_t i = 0; i < locations; ++i) {
      shared = shared || is_shared_location(*e.k[i]);
      n += location_accesses(*e.k[i]);
    }
    n += shared ? 1 : 0;
    for (std::size_t i = locations; i < e.k.size(); ++i) n += accesses(*e.k[i]);
    return n;
  }
  for (const auto& k : e.k) n += accesses(*k);
  return n;
}

RExprP Checker::condition(const ast::Expr& e) {
  RExprP r = expr(e, bool_);
  require(bool_, r->type, e.loc, "condition");
  return r;
}

RExprP Checker::location(const ast::Expr& e) {
  RExprP r = expr(e);
  if (!is_location(*r)) error(e.loc, "expected a variable, a field, an array element or a tuple member");
  return r;
}

// A container operation (builtins.hpp) on `base`, with `arg` its element argument or null.
RExprP Checker::container_op(RExprP base, const std::string& n, RExprP arg, Loc loc) {
  const Type& st = *base->type;
  const ContainerOp* c = find_container_op(st.kind, n, arg != nullptr);
  if (!c) error(loc, fmt::format("{} has no operation '{}'", describe(base->type), n));
  TypeP t;
  switch (c->result) {
    case ContainerOp::Result::Element: t = st.elems[0]; break;
    case ContainerOp::Result::Same: t = base->type; break;
    case ContainerOp::Result::Bool: t = bool_; break;
    case ContainerOp::Result::Int: t = int_; break;
  }
  auto r = node(c->op, t, loc);
  r->k.push_back(std::move(base));
  if (arg) r->k.push_back(std::move(arg));
  return r;
}

RExprP Checker::expr(const ast::Expr& e, const TypeP& expected) {
  using K = ast::Expr;
  switch (e.kind) {
    case K::Int: return node(RExpr::Const, int_, e.loc, e.value);
    case K::Bool: return node(RExpr::Const, bool_, e.loc, e.value);
    case K::Null: return node(RExpr::Const, null_, e.loc, 0);
    case K::Name: return name_expr(e);
    case K::Field: return field_expr(e);
    case K::Proj: return proj_expr(e);
    case K::Index: return index_expr(e);
    case K::Unary: return unary_expr(e);
    case K::Binary: return binary_expr(e);
    case K::Tuple: return tuple_expr(e, expected);
    case K::EmptySeq:
    case K::EmptySet: {
      const bool seq = e.kind == K::EmptySeq;
      if (!expected || expected->kind != (seq ? Type::Seq : Type::Set))
        error(e.loc, seq ? "cannot tell the type of '[]' here" : "cannot tell the type of '{}' here");
      return node(seq ? RExpr::SeqEmpty : RExpr::SetEmpty, expected, e.loc);
    }
    case K::Method: return method_expr(e);
    case K::Call: return call_expr(e);
    case K::New: error(e.loc, "'new' may only be the right side of ':='");
    case K::Range: error(e.loc, "a range 'a..b' may only be the argument of 'choose'");
  }
  error(e.loc, "unsupported expression");
}

// A variable, an enumeration symbol, `tid` or `threads`.
RExprP Checker::name_expr(const ast::Expr& e) {
  Var v;
  int kind;
  if (lookup(e.name, v, kind)) {
    if (v.client && !client_context_)
      error(e.loc, fmt::format("'{}' is a client variable: only the 'when' and 'on call' clauses of methods "
                               "see it, the object does not",
                               e.name));
    if (client_context_ && (kind == RExpr::Shared || (kind == RExpr::ThreadVar && !v.client)))
      error(e.loc, fmt::format("a client clause cannot see the object's variable '{}' (it sees client "
                               "variables, the method's parameters, tid and threads)",
                               e.name));
    if (kind == RExpr::Local && !assigning_name_) read_locals_.insert(v.offset);
    return node(static_cast<RExpr::Op>(kind), v.type, e.loc, v.offset);
  }
  if (auto it = symbols_.find(e.name); it != symbols_.end()) {
    Type t;
    t.kind = Type::Enum;
    t.id = it->second.first;
    t.hi = static_cast<long>(p_.enum_symbols[t.id].size()) - 1;
    t.name = p_.enum_names[t.id];
    return node(RExpr::Const, std::make_shared<const Type>(t), e.loc, it->second.second);
  }
  if (e.name == "tid") return node(RExpr::Tid, int_, e.loc);
  if (e.name == "threads") return node(RExpr::Const, int_, e.loc, p_.threads);
  error(e.loc, fmt::format("undeclared name '{}'", e.name));
}

// `b.f`: a node field, or an operation of a sequence or a set without argument.
RExprP Checker::field_expr(const ast::Expr& e) {
  RExprP base = expr(*e.args[0]);
  if (base->type->kind == Type::Seq || base->type->kind == Type::Set)
    return container_op(std::move(base), e.name, nullptr, e.loc);
  if (base->type->kind != Type::Ref)
    error(e.loc, fmt::format("field access '.{}' on {}, which is not a node reference", e.name, describe(base->type)));
  const NodeType& nt = p_.nodes[base->type->id];
  for (std::size_t f = 0; f < nt.field_names.size(); ++f)
    if (nt.field_names[f] == e.name) {
      auto r = node(RExpr::Field, nt.field_types[f], e.loc, nt.field_offsets[f]);
      r->node = base->type->id;
      r->k.push_back(std::move(base));
      return r;
    }
  error(e.loc, fmt::format("node type '{}' has no field '{}'", nt.name, e.name));
}

// `t.N`: member N of a tuple.
RExprP Checker::proj_expr(const ast::Expr& e) {
  RExprP base = expr(*e.args[0]);
  if (base->type->kind != Type::Tuple)
    error(e.loc, fmt::format("'.{}' on {}, which is not a tuple", e.value, describe(base->type)));
  if (e.value >= static_cast<long>(base->type->elems.size()))
    error(e.loc, fmt::format("tuple {} has no member {}", describe(base->type), e.value));
  long off = 0;
  for (long i = 0; i < e.value; ++i) off += base->type->elems[i]->size;
  auto r = node(RExpr::Proj, base->type->elems[e.value], e.loc, off);
  r->k.push_back(std::move(base));
  return r;
}

// `a[i]`: an element of an array held in a variable or a field.
RExprP Checker::index_expr(const ast::Expr& e) {
  RExprP base = expr(*e.args[0]);
  if (base->type->kind != Type::Array)
    error(e.loc, fmt::format("indexing {}, which is not an array", describe(base->type)));
  if (!is_location(*base)) error(e.loc, "only arrays held in variables or fields can be indexed");
  RExprP index = expr(*e.args[1]);
  if (!is_int(index->type))
    error(e.args[1]->loc, fmt::format("array index: expected an integer, found {}", describe(index->type)));
  auto r = node(RExpr::Index, base->type->elems[0], e.loc);
  r->k.push_back(std::move(base));
  r->k.push_back(std::move(index));
  return r;
}

// `!a` and `-a`.
RExprP Checker::unary_expr(const ast::Expr& e) {
  RExprP a = expr(*e.args[0]);
  if (e.name == "!") {
    require(bool_, a->type, e.args[0]->loc, "operand of '!'");
    auto r = node(RExpr::Not, bool_, e.loc);
    r->k.push_back(std::move(a));
    return r;
  }
  if (!is_int(a->type))
    error(e.args[0]->loc, fmt::format("operand of '-': expected an integer, found {}", describe(a->type)));
  auto r = node(RExpr::Neg, int_, e.loc);
  r->k.push_back(std::move(a));
  return r;
}

// Logic, comparison and arithmetic.
RExprP Checker::binary_expr(const ast::Expr& e) {
  RExprP a = expr(*e.args[0]);
  RExprP b = expr(*e.args[1], a->type);
  const std::string& o = e.name;
  RExpr::Op op;
  TypeP t = bool_;
  if (o == "&&" || o == "||") {
    require(bool_, a->type, e.args[0]->loc, fmt::format("operand of '{}'", o).c_str());
    require(bool_, b->type, e.args[1]->loc, fmt::format("operand of '{}'", o).c_str());
    op = o == "&&" ? RExpr::And : RExpr::Or;
  } else if (o == "==" || o == "!=") {
    if (!compatible(a->type, b->type))
      error(e.loc, fmt::format("cannot compare {} with {}", describe(a->type), describe(b->type)));
    if (a->type->size != b->type->size) error(e.loc, "compared values differ in size");
    op = o == "==" ? RExpr::Eq : RExpr::Ne;
  } else {
    for (const RExprP* x : {&a, &b})
      if (!is_int((*x)->type))
        error((*x)->loc, fmt::format("operand of '{}': expected an integer, found {}", o, describe((*x)->type)));
    if (o == "<") op = RExpr::Lt;
    else if (o == "<=") op = RExpr::Le;
    else if (o == ">") op = RExpr::Gt;
    else if (o == ">=") op = RExpr::Ge;
    else {
      t = int_;
      op = o == "+" ? RExpr::Add : o == "-" ? RExpr::Sub : o == "*" ? RExpr::Mul : o == "/" ? RExpr::Div : RExpr::Mod;
    }
  }
  auto r = node(op, t, e.loc);
  r->k.push_back(std::move(a));
  r->k.push_back(std::move(b));
  return r;
}

// `(a, b, ...)`; `expected` types its null members.
RExprP Checker::tuple_expr(const ast::Expr& e, const TypeP& expected) {
  Type t;
  t.kind = Type::Tuple;
  t.size = 0;
  std::vector<RExprP> ks;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < e.args.size(); ++i) {
    const TypeP want =
        expected && expected->kind == Type::Tuple && i < expected->elems.size() ? expected->elems[i] : nullptr;
    ks.push_back(expr(*e.args[i], want));
    TypeP mt = ks.back()->type;
    if (mt->kind == Type::Null && want) mt = want;
    if (mt->kind == Type::Null)
      error(e.args[i]->loc,
            "cannot tell which node type this null is; compare or assign the tuple to a typed variable");
    t.elems.push_back(mt);
    t.size += mt->size;
    names.push_back(mt->name);
  }
  t.name = fmt::format("({})", fmt::join(names, ", "));
  auto r = node(RExpr::TupleLit, std::make_shared<const Type>(t), e.loc);
  r->k = std::move(ks);
  return r;
}

// `s.NAME(x)` on a sequence or a set.
RExprP Checker::method_expr(const ast::Expr& e) {
  RExprP base = expr(*e.args[0]);
  const Type& st = *base->type;
  if (st.kind != Type::Seq && st.kind != Type::Set)
    error(e.loc, fmt::format("operation '{}' on {}, which is not a sequence or a set", e.name, describe(base->type)));
  if (e.args.size() == 1) return container_op(std::move(base), e.name, nullptr, e.loc);  // s.front() is s.front
  if (e.args.size() != 2) error(e.loc, fmt::format("'{}' takes one argument", e.name));
  RExprP arg = expr(*e.args[1], st.elems[0]);
  require(st.elems[0], arg->type, e.args[1]->loc, "element");
  return container_op(std::move(base), e.name, std::move(arg), e.loc);
}

// `NAME(args)` in an expression: a primitive of builtins.hpp (procedures are statements).
RExprP Checker::call_expr(const ast::Expr& e) {
  if (const Primitive* p = find_primitive(e.name)) return primitive(*p, e);
  if (e.name == "choose") error(e.loc, "'choose' may only be the right side of ':='");
  if (procedures_.count(e.name))
    error(e.loc, fmt::format("procedure '{}' may only be called as a statement or as the right side of ':='", e.name));
  error(e.loc, fmt::format("undeclared procedure '{}'", e.name));
}

// Its locations first, then each operand typed as location i mod L.
RExprP Checker::primitive(const Primitive& p, const ast::Expr& e) {
  if (e.args.size() != static_cast<std::size_t>(p.arity))
    error(e.loc, fmt::format("'{}' takes {} arguments", e.name, static_cast<std::size_t>(p.arity)));
  std::vector<RExprP> ks;
  for (int i = 0; i < p.locations; ++i) ks.push_back(location(*e.args[i]));
  const std::string what = fmt::format("{} operand", p.name);
  for (int i = p.locations; i < p.arity; ++i) {
    const TypeP want = ks[(i - p.locations) % p.locations]->type;
    RExprP v = expr(*e.args[i], want);
    require(want, v->type, e.args[i]->loc, what.c_str());
    ks.push_back(std::move(v));
  }
  auto r = node(p.op, p.returns_value ? ks[0]->type : bool_, e.loc);
  r->k = std::move(ks);
  if (p.links) p_.uses_ll = true;
  return r;
}

}  // namespace frontend::detail
