// The checker's statement pass: compiles method bodies to code, inlining
// procedures up to the object's recursion bound.
#include <algorithm>

#include <fmt/format.h>

#include "frontend/language/checker_impl.hpp"
#include "frontend/language/limits.hpp"

namespace frontend::detail {

namespace {

RExprP local_ref(const TypeP& t, int offset, Loc loc) {
  auto e = std::make_unique<RExpr>();
  e->op = RExpr::Local;
  e->type = t;
  e->a = offset;
  e->loc = loc;
  return e;
}

// Per slot of a value of type t: its range and, for references, the node type.
void slot_info(const TypeP& t, int threads, std::vector<std::tuple<long, long, int>>& out) {
  switch (t->kind) {
    case Type::Tuple:
      for (const auto& m : t->elems) slot_info(m, threads, out);
      return;
    case Type::Array:
      for (int i = 0; i < t->length; ++i) slot_info(t->elems[0], threads, out);
      return;
    case Type::Seq:
      out.emplace_back(0, t->length, -1);
      for (int i = 0; i < t->length; ++i) slot_info(t->elems[0], threads, out);
      return;
    case Type::Set:
      for (int i = 0; i < t->length; ++i) out.emplace_back(0, 1, -1);
      return;
    case Type::Ref: out.emplace_back(0, t->hi, t->id); return;
    default: out.emplace_back(t->lo, t->hi, -1);
  }
}

bool breaks_out(const ast::Block& b) {  // a `break` that leaves the enclosing loop
  for (const auto& s : b) {
    if (s->kind == ast::Stmt::Break) return true;
    if ((s->kind == ast::Stmt::If || s->kind == ast::Stmt::Atomic) && (breaks_out(s->body) || breaks_out(s->orelse)))
      return true;
  }
  return false;
}

// Whether control can go on from `s` to the statement after it in its
// block: not after return, break or continue, a loop that never breaks
// out, or an if whose every branch stops so.
bool stmt_falls(const ast::Stmt& s) {
  switch (s.kind) {
    case ast::Stmt::Return:
    case ast::Stmt::Break:
    case ast::Stmt::Continue: return false;
    case ast::Stmt::If: return falls_through(s.body) || s.orelse.empty() || falls_through(s.orelse);
    case ast::Stmt::Loop: return breaks_out(s.body);
    case ast::Stmt::While:
      if (s.rhs->kind == ast::Expr::Bool && s.rhs->value) return breaks_out(s.body);
      return true;
    case ast::Stmt::Atomic: return falls_through(s.body);
    default: return true;
  }
}

}  // namespace

bool falls_through(const ast::Block& b) {
  for (const auto& s : b)
    if (!stmt_falls(*s)) return false;
  return true;
}

int Checker::emit(Instr i) {
  if (p_.code.size() >= limits::max_code)
    error(i.loc, fmt::format("the code exceeds {} instructions once procedures are inlined; lower the object's "
                             "'recursion' bound or call fewer procedures",
                             limits::max_code));
  p_.code.push_back(std::move(i));
  return static_cast<int>(p_.code.size()) - 1;
}

void Checker::check_accesses(Instr& i, int count) {
  i.shared = count > 0 || i.op == Instr::New || i.op == Instr::Await || i.op == Instr::Lock || i.op == Instr::Unlock ||
             i.op == Instr::Free;
  if (count > 1 && atomic_depth_ == 0 && !obj_.is_spec)
    error(i.loc, fmt::format("this statement accesses shared memory {} times, but one atomic step may access it "
                             "only once; read into a local first, or use 'atomic {{ ... }}'",
                             count));
}

void Checker::declare_local(const std::string& name, const TypeP& t, Loc loc, bool method_scope) {
  auto& scope = scopes_[method_scope ? scope_floor_ : scopes_.size() - 1];
  if (scope.count(name)) error(loc, fmt::format("'{}' declared twice", name));
  // A local would hide the variable for the rest of its method (a client
  // variable in its `when` clause): writes meant for shared memory would
  // silently stay local, a slip no state space shows.
  if (shared_.count(name) || thread_vars_.count(name)) {
    const char* kind = shared_.count(name) ? "shared" : thread_vars_.at(name).client ? "client" : "thread";
    error(loc, fmt::format("the local '{}' would hide the {} variable of that name; rename one of them", name, kind));
  }
  std::vector<std::tuple<long, long, int>> slots;
  slot_info(t, p_.threads, slots);
  const int offset = frame_top_;
  for (const auto& [lo, hi, ref] : slots) {
    const std::size_t i = static_cast<std::size_t>(frame_top_++);
    if (i >= local_ranges_.size()) {
      local_ranges_.emplace_back(lo, hi);
    } else {
      local_ranges_[i].first = std::min<std::int32_t>(local_ranges_[i].first, lo);
      local_ranges_[i].second = std::max<std::int32_t>(local_ranges_[i].second, hi);
    }
    if (ref >= 0) p_.methods[method_index_].local_refs.emplace_back(static_cast<int>(i), ref);
  }
  if (frame_top_ > 1024) error(loc, "more than 1024 local slots in one method (procedure inlining too deep?)");
  scope[name] = Var{t, offset};
  p_.methods[method_index_].local_names.push_back({name, t, offset});
}

void Checker::method(const ast::Method& m, bool atomic) {
  for (const auto& other : p_.methods)
    if (other.name == m.name) error(m.loc, fmt::format("method '{}' declared twice", m.name));
  method_index_ = static_cast<int>(p_.methods.size());
  p_.methods.emplace_back();
  p_.methods.back().name = m.name;
  p_.methods.back().loc = m.loc;
  scopes_.assign(1, {});
  scope_floor_ = 0;
  frame_top_ = 0;
  atomic_depth_ = atomic ? 1 : 0;
  double domain = 1;
  for (const auto& prm : m.params) {
    TypeP t = resolve(prm.type);
    if (t->kind != Type::Int && t->kind != Type::Bool && t->kind != Type::Enum)
      error(prm.loc, "a method parameter is a value, a bounded integer, a boolean or an enumeration");
    if (t->hi < t->lo) error(prm.loc, "this parameter's type has no value, so the method could never be called");
    domain *= t->hi - t->lo + 1;
    if (domain > 100000)
      error(prm.loc, "the parameters of a method range over more than 100000 argument tuples; narrow their types");
    p_.methods.back().params.push_back(t);
    p_.methods.back().param_offsets.push_back(frame_top_);
    declare_local(prm.name, t, prm.loc, true);
  }
  client_clauses(m);
  p_.methods.back().result = m.result ? resolve(*m.result) : void_;
  p_.methods.back().entry = static_cast<int>(p_.code.size());
  implicit_locals_.clear();
  read_locals_.clear();
  block(m.body);
  require_implicit_locals_read();
  Instr end;
  end.loc = m.end_loc;
  if (p_.methods.back().result->kind == Type::Void) {
    end.op = Instr::Return;
    end.node = method_index_;
  } else {
    if (falls_through(m.body)) error(m.end_loc, fmt::format("missing return at the end of method '{}'", m.name));
    end.op = Instr::Fail;
    end.message = "reached the end of a method without a return";
  }
  emit(std::move(end));
}

void Checker::require_implicit_locals_read() const {
  for (const ImplicitLocal& l : implicit_locals_)
    if (!read_locals_.count(l.offset))
      error(l.loc, fmt::format("'{}' becomes a local here that nothing reads, so this statement does nothing: a "
                               "misspelt variable? (to keep it, declare it: 'var {}: TYPE := ...;')",
                               l.name, l.name));
}

void Checker::block(const ast::Block& b) {
  scopes_.emplace_back();
  for (std::size_t i = 0; i < b.size(); ++i) {
    // Code no run reaches is a slip (a return or break too early); it would
    // vanish from the LTS without a word.
    if (i > 0 && !stmt_falls(*b[i - 1]))
      error(b[i]->loc, "unreachable: the statement before this one never continues here");
    statement(*b[i]);
  }
  scopes_.pop_back();
}

void Checker::statement(const ast::Stmt& s) {
  using S = ast::Stmt;
  Instr in;
  in.loc = s.loc;
  auto simple = [&](Instr::Op op, RExprP rhs) {
    in.op = op;
    const int n = rhs ? accesses(*rhs) : 0;
    in.rhs = std::move(rhs);
    check_accesses(in, n);
    emit(std::move(in));
  };
  switch (s.kind) {
    case S::Assign:
    case S::Var: return assignment(s);
    case S::ExprStmt: {
      const ast::Expr& e = *s.rhs;
      if (e.kind == ast::Expr::Call && procedures_.count(e.name)) return inline_call(e, nullptr, s.loc);
      RExprP r = expr(e);
      if (const Primitive* p = find_primitive(r->op); !p || !p->may_stand_alone)
        error(e.loc, "this expression's value is not used");
      return simple(Instr::Eval, std::move(r));
    }
    case S::If: {
      in.op = Instr::Branch;
      in.rhs = condition(*s.rhs);
      check_accesses(in, accesses(*in.rhs));
      const int branch = emit(std::move(in));
      block(s.body);
      if (s.orelse.empty()) {
        p_.code[branch].target = static_cast<int>(p_.code.size());
        return;
      }
      Instr j;
      j.op = Instr::Jump;
      j.loc = s.loc;
      const int jump = emit(std::move(j));
      p_.code[branch].target = static_cast<int>(p_.code.size());
      block(s.orelse);
      p_.code[jump].target = static_cast<int>(p_.code.size());
      return;
    }
    case S::While:
    case S::Loop: {
      const int top = static_cast<int>(p_.code.size());
      int branch = -1;
      if (s.kind == S::While) {
        in.op = Instr::Branch;
        in.rhs = condition(*s.rhs);
        check_accesses(in, accesses(*in.rhs));
        branch = emit(std::move(in));
      }
      loops_.push_back(LoopCtx{top, {}, atomic_depth_});
      block(s.body);
      Instr j;
      j.op = Instr::Jump;
      j.loc = s.loc;
      j.target = top;
      emit(std::move(j));
      const int end = static_cast<int>(p_.code.size());
      if (branch >= 0) p_.code[branch].target = end;
      for (int b : loops_.back().breaks) p_.code[b].target = end;
      loops_.pop_back();
      return;
    }
    case S::Break:
    case S::Continue: {
      const std::size_t floor = procs_.empty() ? 0 : procs_.back().loop_floor;
      const char* what = s.kind == S::Break ? "break" : "continue";
      if (loops_.size() <= floor) error(s.loc, fmt::format("'{}' outside a loop", what));
      if (loops_.back().atomic_depth != atomic_depth_)
        error(s.loc, fmt::format("'{}' may not leave an atomic block", what));
      in.op = Instr::Jump;
      in.target = loops_.back().continue_target;
      const int at = emit(std::move(in));
      if (s.kind == S::Break) loops_.back().breaks.push_back(at);
      return;
    }
    case S::Return: return return_statement(s);
    case S::Await: return simple(Instr::Await, condition(*s.rhs));
    case S::Assert: return simple(Instr::Assert, condition(*s.rhs));
    case S::Atomic: {
      in.op = Instr::AtomicBegin;
      emit(std::move(in));
      ++atomic_depth_;
      block(s.body);
      --atomic_depth_;
      Instr end;
      end.op = Instr::AtomicEnd;
      end.loc = s.loc;
      emit(std::move(end));
      return;
    }
    case S::Lock:
    case S::Unlock: {
      RExprP lv = location(*s.rhs);
      if (lv->type->kind != Type::Lock) error(s.rhs->loc, fmt::format("expected a lock, found {}", describe(lv->type)));
      return simple(s.kind == S::Lock ? Instr::Lock : Instr::Unlock, std::move(lv));
    }
    case S::Free: {
      RExprP r = expr(*s.rhs);
      if (r->type->kind != Type::Ref)
        error(s.rhs->loc, fmt::format("free: expected a node reference, found {}", describe(r->type)));
      p_.nodes[r->type->id].manual = true;
      return simple(Instr::Free, std::move(r));
    }
    case S::Skip: return;
    case S::Fence:
      // A no-op under sc (nothing compiled, so no LTS changes); under tso
      // and pso a local statement that waits for an empty store buffer.
      if (!p_.weak()) return;
      in.op = Instr::Fence;
      emit(std::move(in));
      return;
  }
}

// The declared result type's range per slot, which every returned value
// must lie in (the value's own type may be wider, as `return C` with a
// shared C of 0..5 from a method of 0..2): checked when the method returns.
void Checker::declared_result(const TypeP& result, const RExpr* value, Instr& in) const {
  if (!value || value->type->kind == Type::Enum) return;  // an outcome: a symbol of its own type
  std::vector<std::tuple<long, long, int>> slots;
  slot_info(result, p_.threads, slots);
  if (slots.size() != static_cast<std::size_t>(value->type->size)) return;
  for (const auto& [lo, hi, node] : slots)
    in.result_ranges.emplace_back(static_cast<std::int32_t>(lo), static_cast<std::int32_t>(hi));
  in.message = range_name(*result);
}

void Checker::return_statement(const ast::Stmt& s) {
  Instr in;
  in.loc = s.loc;
  const bool in_proc = !procs_.empty();
  const TypeP result = in_proc ? procs_.back().result : p_.methods[method_index_].result;
  const std::string what = in_proc ? fmt::format("procedure '{}'", procs_.back().proc->name)
                                   : fmt::format("method '{}'", p_.methods[method_index_].name);
  RExprP value;
  if (s.rhs) {
    if (result->kind == Type::Void) error(s.rhs->loc, fmt::format("{} returns nothing", what));
    value = expr(*s.rhs, result);
    // A method may also return an enumeration symbol (e.g. `empty`) as an outcome.
    if (!(value->type->kind == Type::Enum && !in_proc)) require(result, value->type, s.rhs->loc, "return value");
  } else if (result->kind != Type::Void) {
    error(s.loc, fmt::format("{} must return {}", what, describe(result)));
  }
  if (!in_proc) {
    if (value) {  // the result slots (spec semantics) hold any method's return value
      std::vector<std::tuple<long, long, int>> slots;
      const bool unbounded = value->type->kind == Type::Int && !value->type->bounded;
      slot_info(unbounded ? result : value->type, p_.threads, slots);
      for (std::size_t i = 0; i < slots.size(); ++i) {
        const auto lo = static_cast<std::int32_t>(std::get<0>(slots[i]));
        const auto hi = static_cast<std::int32_t>(std::get<1>(slots[i]));
        if (i >= result_ranges_.size()) {
          result_ranges_.emplace_back(lo, hi);
        } else {
          result_ranges_[i] = {std::min(result_ranges_[i].first, lo), std::max(result_ranges_[i].second, hi)};
        }
      }
    }
    in.op = Instr::Return;
    in.node = method_index_;
    declared_result(result, value.get(), in);
    const int n = value ? accesses(*value) : 0;
    if (n > 0 || atomic_depth_ > 0) pending_returns_ = true;
    in.rhs = std::move(value);
    check_accesses(in, n);
    emit(std::move(in));
    return;
  }
  ProcCtx& pc = procs_.back();
  if (atomic_depth_ != pc.atomic_depth) error(s.loc, "'return' from a procedure may not leave an atomic block");
  if (value) {
    in.op = Instr::Assign;
    in.lhs = local_ref(result, pc.result_offset, s.loc);
    const int n = accesses(*value);
    in.rhs = std::move(value);
    check_accesses(in, n);
    emit(std::move(in));
  }
  Instr j;
  j.op = Instr::Jump;
  j.loc = s.loc;
  pc.returns.push_back(emit(std::move(j)));
}

// The target of `x := ...`: declares x on first assignment when it is new.
RExprP Checker::target(const ast::Expr& lhs, const TypeP& type, Loc rhs_loc) {
  Var v;
  int kind;
  if (lhs.kind == ast::Expr::Name && !lookup(lhs.name, v, kind) && !symbols_.count(lhs.name) && lhs.name != "tid" &&
      lhs.name != "threads") {
    if (type->kind == Type::Null)
      error(rhs_loc, fmt::format("cannot tell the type of '{}' from null; declare it: 'var {}: NODE := null;'",
                                 lhs.name, lhs.name));
    if (type->kind == Type::Int && !type->bounded)
      error(rhs_loc,
            fmt::format("cannot tell the range of '{}'; declare it, e.g. 'var {}: 0..3 := ...;'", lhs.name, lhs.name));
    declare_local(lhs.name, type, lhs.loc, true);
  }
  assigning_name_ = lhs.kind == ast::Expr::Name;
  RExprP lv = location(lhs);
  assigning_name_ = false;
  if (lhs.kind == ast::Expr::Name && lv->op != RExpr::Local && lv->op != RExpr::ThreadVar && lv->op != RExpr::Shared)
    error(lhs.loc, fmt::format("cannot assign to '{}'", lhs.name));
  return lv;
}

RExprP Checker::unpack_target(const ast::Expr& lhs, const TypeP& type, Loc rhs_loc, int& n) {
  if (type->kind != Type::Tuple || type->elems.size() != lhs.args.size())
    error(rhs_loc, fmt::format("cannot unpack {} into {} variables", describe(type), lhs.args.size()));
  auto lv = std::make_unique<RExpr>();
  lv->op = RExpr::TupleLit;
  lv->type = type;
  lv->loc = lhs.loc;
  for (std::size_t i = 0; i < lhs.args.size(); ++i) {
    lv->k.push_back(target(*lhs.args[i], type->elems[i], rhs_loc));
    require(lv->k.back()->type, type->elems[i], rhs_loc, "unpacked value");
    n += accesses(*lv->k.back());
  }
  return lv;
}

void Checker::assignment(const ast::Stmt& s) {
  Instr in;
  in.loc = s.loc;
  const ast::Expr* rhs = s.rhs.get();
  if (s.kind == ast::Stmt::Var) {
    TypeP t = s.type ? resolve(*s.type) : nullptr;
    RExprP value = rhs ? expr(*rhs, t) : nullptr;
    if (!t && !value) error(s.loc, fmt::format("give '{}' a type or an initial value", s.name));
    if (!t) {
      t = value->type;
      if (t->kind == Type::Null || (t->kind == Type::Int && !t->bounded))
        error(s.loc, fmt::format("cannot tell the type of '{}'; write 'var {}: TYPE := ...;'", s.name, s.name));
    }
    if (value) require(t, value->type, rhs->loc, "initial value");
    declare_local(s.name, t, s.loc, false);
    in.op = Instr::Assign;
    in.lhs = local_ref(t, scopes_.back().at(s.name).offset, s.loc);
    if (!value) {
      if (t->size != 1) return;  // aggregates start as zero at method start
      value = std::make_unique<RExpr>();
      value->type = t;
      value->a = zero_of(t);
    }
    const int n = accesses(*value);
    in.rhs = std::move(value);
    check_accesses(in, n);
    emit(std::move(in));
    return;
  }
  if (rhs->kind == ast::Expr::Call && procedures_.count(rhs->name)) return inline_call(*rhs, s.lhs.get(), s.loc);
  if (rhs->kind == ast::Expr::New) return new_statement(s);
  if (rhs->kind == ast::Expr::Call && rhs->name == "choose") return choose_statement(s);
  in.op = Instr::Assign;
  if (s.lhs->kind == ast::Expr::Tuple) {  // (a, b) := e
    RExprP value = expr(*rhs);
    int n = accesses(*value);
    in.lhs = unpack_target(*s.lhs, value->type, rhs->loc, n);
    in.rhs = std::move(value);
    check_accesses(in, n);
    emit(std::move(in));
    return;
  }
  // Resolve the right side first when the left is a new name, so it gets its type.
  Var v;
  int kind;
  const bool fresh = s.lhs->kind == ast::Expr::Name && !lookup(s.lhs->name, v, kind);
  RExprP value, lv;
  if (fresh) {
    value = expr(*rhs);
    lv = target(*s.lhs, value->type, rhs->loc);
    // Without a shared access the statement does nothing but make the local.
    if (accesses(*value) == 0) implicit_locals_.push_back({s.lhs->name, s.lhs->loc, static_cast<int>(lv->a)});
  } else {
    lv = target(*s.lhs, nullptr, rhs->loc);
    value = expr(*rhs, lv->type);
  }
  require(lv->type, value->type, rhs->loc, "assigned value");
  const int n = accesses(*lv) + accesses(*value);
  in.lhs = std::move(lv);
  in.rhs = std::move(value);
  check_accesses(in, n);
  emit(std::move(in));
}

void Checker::new_statement(const ast::Stmt& s) {
  const ast::Expr& e = *s.rhs;
  auto it = node_ids_.find(e.name);
  if (it == node_ids_.end()) error(e.loc, fmt::format("unknown node type '{}'", e.name));
  const NodeType& nt = p_.nodes[it->second];
  Instr in;
  in.op = Instr::New;
  in.loc = s.loc;
  in.node = it->second;
  // Values for every field, or for every field but the locks (which start free), or none.
  std::vector<std::size_t> given;
  for (std::size_t f = 0; f < nt.field_names.size(); ++f)
    if (e.args.size() == nt.field_names.size() || nt.field_types[f]->kind != Type::Lock) given.push_back(f);
  if (!e.args.empty() && e.args.size() != given.size())
    error(e.loc, fmt::format("'new {}' takes {} field values (or none)", nt.name, nt.field_names.size()));
  int n = 1;
  for (std::size_t i = 0; i < e.args.size(); ++i) {
    const std::size_t f = given[i];
    in.args.push_back(expr(*e.args[i], nt.field_types[f]));
    require(nt.field_types[f], in.args.back()->type, e.args[i]->loc,
            fmt::format("field '{}'", nt.field_names[f]).c_str());
    n += accesses(*in.args.back());
    in.fields.push_back(nt.field_offsets[f]);
  }
  Type rt;
  rt.kind = Type::Ref;
  rt.id = it->second;
  rt.hi = nt.pool;
  rt.name = nt.name;
  in.lhs = target(*s.lhs, std::make_shared<const Type>(rt), e.loc);
  require(in.lhs->type, std::make_shared<const Type>(rt), e.loc, "new node");
  n += accesses(*in.lhs);
  check_accesses(in, n);
  emit(std::move(in));
}

void Checker::choose_statement(const ast::Stmt& s) {
  const ast::Expr& e = *s.rhs;
  Instr in;
  in.op = Instr::Choose;
  in.loc = s.loc;
  if (e.args.size() != 1) error(e.loc, "write 'choose(LO..HI)', 'choose(value)' or 'choose(bool)'");
  const ast::Expr& a = *e.args[0];
  TypeP t;
  if (a.kind == ast::Expr::Range && a.args[0]->kind == ast::Expr::Int && a.args[1]->kind == ast::Expr::Int) {
    ast::TypeExpr te;
    te.kind = ast::TypeExpr::Range;
    te.loc = a.loc;
    te.lo = a.args[0]->value;
    te.hi = a.args[1]->value;
    t = resolve(te);
  } else if (a.kind == ast::Expr::Name && (a.name == "value" || a.name == "bool" || enum_ids_.count(a.name))) {
    ast::TypeExpr te;
    te.loc = a.loc;
    te.name = a.name;
    t = resolve(te);
  } else {
    error(a.loc, "write 'choose(LO..HI)' with integer constants, 'choose(value)', 'choose(bool)' or 'choose(ENUM)'");
  }
  if (t->hi - t->lo >= 4096) error(a.loc, "'choose' picks from at most 4096 values");
  in.lo = t->lo;
  in.hi = t->hi;
  in.lhs = target(*s.lhs, t, e.loc);
  require(in.lhs->type, t, e.loc, "chosen value");
  check_accesses(in, accesses(*in.lhs));
  emit(std::move(in));
}

void Checker::inline_call(const ast::Expr& call, const ast::Expr* lhs, Loc loc) {
  const ast::Method& pr = *procedures_.at(call.name);
  if (call.args.size() != pr.params.size())
    error(call.loc, fmt::format("procedure '{}' takes {} arguments", pr.name, pr.params.size()));
  const auto depth = std::count_if(procs_.begin(), procs_.end(), [&](const ProcCtx& c) { return c.proc == &pr; });
  if (procs_.size() >= limits::max_call_nesting)
    error(loc, fmt::format("procedure calls nest more than {} deep here once inlined; lower the object's "
                           "'recursion' bound",
                           limits::max_call_nesting));
  if (depth > obj_.recursion) {  // `recursion N`: N calls of a procedure inside itself; 0 forbids recursion only
    Instr f;
    f.op = Instr::Fail;
    f.loc = loc;
    f.message = fmt::format("'{}' calls itself more than {} deep, the recursion bound; raise it with 'recursion N;'",
                            pr.name, obj_.recursion);
    emit(std::move(f));
    if (lhs && pr.result) target(*lhs, resolve(*pr.result), call.loc);  // so later uses still resolve
    return;
  }
  const TypeP result = pr.result ? resolve(*pr.result) : void_;
  if (lhs && result->kind == Type::Void) error(call.loc, fmt::format("procedure '{}' returns nothing", pr.name));
  std::vector<RExprP> args;
  std::vector<TypeP> types;
  for (std::size_t i = 0; i < pr.params.size(); ++i) {
    types.push_back(resolve(pr.params[i].type));
    args.push_back(expr(*call.args[i], types.back()));
    require(types.back(), args.back()->type, call.args[i]->loc, "argument");
  }
  // The procedure's body sees only its own names (and the object's).
  const std::size_t saved_floor = scope_floor_;
  scopes_.emplace_back();
  scope_floor_ = scopes_.size() - 1;
  for (std::size_t i = 0; i < pr.params.size(); ++i) {
    declare_local(pr.params[i].name, types[i], pr.params[i].loc, true);
    Instr in;
    in.op = Instr::Assign;
    in.loc = call.args[i]->loc;
    in.lhs = local_ref(types[i], scopes_.back().at(pr.params[i].name).offset, in.loc);
    const int n = accesses(*args[i]);
    in.rhs = std::move(args[i]);
    check_accesses(in, n);
    emit(std::move(in));
  }
  int result_offset = -1;
  if (result->kind != Type::Void) {
    declare_local(fmt::format("$result{}", p_.code.size()), result, loc, true);
    result_offset = frame_top_ - result->size;
  }
  procs_.push_back(ProcCtx{&pr, result, result_offset, {}, loops_.size(), atomic_depth_});
  block(pr.body);
  if (result->kind != Type::Void && falls_through(pr.body))
    error(pr.end_loc, fmt::format("missing return at the end of procedure '{}'", pr.name));
  for (int r : procs_.back().returns) p_.code[r].target = static_cast<int>(p_.code.size());
  procs_.pop_back();
  scopes_.pop_back();
  scope_floor_ = saved_floor;
  if (lhs) {
    Instr in;
    in.op = Instr::Assign;
    in.loc = loc;
    int n = 0;
    if (lhs->kind == ast::Expr::Tuple) {  // (a, b) := f(x)
      in.lhs = unpack_target(*lhs, result, call.loc, n);
    } else {
      in.lhs = target(*lhs, result, call.loc);
      require(in.lhs->type, result, call.loc, "result");
      n = accesses(*in.lhs);
    }
    in.rhs = local_ref(result, result_offset, loc);
    check_accesses(in, n);
    emit(std::move(in));
  }
}

}  // namespace frontend::detail
