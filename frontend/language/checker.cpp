#include "frontend/language/checker.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "formats/input_file.hpp"
#include "frontend/language/checker_impl.hpp"
#include "frontend/language/limits.hpp"
#include "frontend/language/memory_model.hpp"

namespace frontend {
namespace detail {

namespace {
TypeP make(Type t) { return std::make_shared<const Type>(std::move(t)); }
bool has_ref(const TypeP& t) {
  if (t->kind == Type::Ref) return true;
  for (const auto& e : t->elems)
    if (has_ref(e)) return true;
  return false;
}
TypeP scalar(Type::Kind k, long lo, long hi, std::string name, bool bounded = true) {
  Type t;
  t.kind = k;
  t.lo = lo;
  t.hi = hi;
  t.bounded = bounded;
  t.name = std::move(name);
  return make(std::move(t));
}
}  // namespace

Checker::Checker(const ast::File& file, const ast::Object& obj, const CompileOptions& options, Program& p)
    : file_(file), obj_(obj), opt_(options), p_(p) {
  constexpr long big = std::numeric_limits<std::int32_t>::max();
  int_ = scalar(Type::Int, -big, big, "int", false);
  bool_ = scalar(Type::Bool, 0, 1, "bool");
  null_ = scalar(Type::Null, 0, 0, "null");
  void_ = scalar(Type::Void, 0, 0, "nothing");
  lock_ = scalar(Type::Lock, 0, options.threads, "lock");
}

void Checker::error(Loc loc, const std::string& message) const { fail(file_.name, loc, message); }

void Checker::require(const TypeP& want, const TypeP& got, Loc loc, const char* what) {
  if (!compatible(want, got)) error(loc, fmt::format("{}: expected {}, found {}", what, describe(want), describe(got)));
}

bool Checker::compatible(const TypeP& a, const TypeP& b) {
  if (a->kind == Type::Null) return b->kind == Type::Ref || b->kind == Type::Null;
  if (b->kind == Type::Null) return a->kind == Type::Ref;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
    case Type::Enum:
    case Type::Ref: return a->id == b->id;
    case Type::Tuple:
      if (a->elems.size() != b->elems.size()) return false;
      for (std::size_t i = 0; i < a->elems.size(); ++i)
        if (!compatible(a->elems[i], b->elems[i]) || a->elems[i]->size != b->elems[i]->size) return false;
      return true;
    case Type::Array:
    case Type::Seq:
    case Type::Set: return a->length == b->length && a->size == b->size && compatible(a->elems[0], b->elems[0]);
    default: return true;
  }
}

std::string Checker::describe(const TypeP& t) const { return t->name; }

TypeP Checker::resolve(const ast::TypeExpr& te) {
  Type t;
  switch (te.kind) {
    case ast::TypeExpr::Named: {
      if (te.name == "bool") return bool_;
      if (te.name == "value") return value_;
      if (te.name == "lock") return lock_;
      if (te.name == "int") error(te.loc, "give 'int' a range, e.g. 'int[0..3]' or '0..3'");
      if (auto it = enum_ids_.find(te.name); it != enum_ids_.end()) {
        t.kind = Type::Enum;
        t.id = it->second;
        t.hi = static_cast<long>(p_.enum_symbols[t.id].size()) - 1;
        t.name = te.name;
        return make(std::move(t));
      }
      if (auto it = node_ids_.find(te.name); it != node_ids_.end()) {
        t.kind = Type::Ref;
        t.id = it->second;
        t.hi = p_.nodes[t.id].pool;
        t.name = te.name;
        return make(std::move(t));
      }
      error(te.loc, fmt::format("unknown type '{}'", te.name));
    }
    case ast::TypeExpr::Range:
      if (te.lo > te.hi) error(te.loc, fmt::format("empty range {}..{}", te.lo, te.hi));
      return scalar(Type::Int, te.lo, te.hi, fmt::format("{}..{}", te.lo, te.hi));
    case ast::TypeExpr::Tuple: {
      t.kind = Type::Tuple;
      t.size = 0;
      std::vector<std::string> names;
      for (const auto& m : te.elems) {
        t.elems.push_back(resolve(m));
        t.size += t.elems.back()->size;
        names.push_back(t.elems.back()->name);
      }
      t.name = fmt::format("({})", fmt::join(names, ", "));
      break;
    }
    case ast::TypeExpr::Array: {
      t.kind = Type::Array;
      t.elems.push_back(resolve(te.elems[0]));
      t.length = te.length_is_threads ? opt_.threads : static_cast<int>(te.length);
      if (t.length < 1 || t.length > 64) error(te.loc, "an array has 1 to 64 elements");
      t.size = t.length * t.elems[0]->size;
      t.name = fmt::format("{}[{}]", t.elems[0]->name, t.length);
      break;
    }
    case ast::TypeExpr::Seq: {
      t.kind = Type::Seq;
      t.elems.push_back(resolve(te.elems[0]));
      t.length = static_cast<int>(te.length);
      if (t.length < 1 || t.length > 64) error(te.loc, "a sequence holds 1 to 64 elements");
      t.size = 1 + t.length * t.elems[0]->size;
      t.name = fmt::format("seq<{}>[{}]", t.elems[0]->name, t.length);
      break;
    }
    case ast::TypeExpr::Set: {
      t.kind = Type::Set;
      t.elems.push_back(resolve(te.elems[0]));
      const Type& e = *t.elems[0];
      if (e.kind != Type::Int && e.kind != Type::Bool && e.kind != Type::Enum)
        error(te.loc, "a set holds integers of a range, booleans or enumeration symbols");
      t.length = static_cast<int>(e.hi - e.lo + 1);
      if (t.length > 64) error(te.loc, "a set's element type has at most 64 values");
      t.size = t.length;
      t.name = fmt::format("set<{}>", e.name);
      break;
    }
  }
  if (t.size > 256) error(te.loc, "a value of this type needs more than 256 slots");
  return make(std::move(t));
}

std::int32_t Checker::zero_of(const TypeP& t) const {
  return static_cast<std::int32_t>(std::clamp<long>(0, t->lo, t->hi));
}

// Records the range of every slot of a value of type t at `base`, and where
// its references are.
void Checker::layout_slots(const TypeP& t, int base, std::vector<std::pair<int, int>>* refs) {
  auto set = [&](int slot, long lo, long hi) {
    p_.slot_lo[slot] = static_cast<std::int32_t>(lo);
    p_.slot_hi[slot] = static_cast<std::int32_t>(hi);
    p_.initial[slot] = static_cast<std::int32_t>(std::clamp<long>(0, lo, hi));
  };
  switch (t->kind) {
    case Type::Tuple: {
      int off = base;
      for (const auto& m : t->elems) {
        layout_slots(m, off, refs);
        off += m->size;
      }
      return;
    }
    case Type::Array:
      for (int i = 0; i < t->length; ++i) layout_slots(t->elems[0], base + i * t->elems[0]->size, refs);
      return;
    case Type::Seq:
      set(base, 0, t->length);
      for (int i = 0; i < t->length; ++i) layout_slots(t->elems[0], base + 1 + i * t->elems[0]->size, refs);
      return;
    case Type::Set:
      for (int i = 0; i < t->length; ++i) set(base + i, 0, 1);
      return;
    case Type::Ref:
      if (refs) refs->emplace_back(base, t->id);
      set(base, 0, t->hi);
      return;
    default: set(base, t->lo, t->hi);
  }
}

// Initial values of shared and thread variables are constants.
void Checker::const_init(const ast::Expr& e, const TypeP& t, int base) {
  auto put = [&](long v) {
    if (v < p_.slot_lo[base] || v > p_.slot_hi[base])
      error(e.loc, fmt::format("initial value {} is outside {}", v, describe(t)));
    p_.initial[base] = static_cast<std::int32_t>(v);
  };
  if (t->kind == Type::Array) {  // one value for every element
    for (int i = 0; i < t->length; ++i) const_init(e, t->elems[0], base + i * t->elems[0]->size);
    return;
  }
  switch (e.kind) {
    case ast::Expr::Int:
      if (t->kind != Type::Int) break;
      return put(e.value);
    case ast::Expr::Unary:
      if (e.name == "-" && e.args[0]->kind == ast::Expr::Int && t->kind == Type::Int) return put(-e.args[0]->value);
      break;
    case ast::Expr::Bool:
      if (t->kind != Type::Bool) break;
      return put(e.value);
    case ast::Expr::Null:
      if (t->kind != Type::Ref) break;
      return put(0);
    case ast::Expr::Name:
      if (auto it = symbols_.find(e.name); it != symbols_.end() && t->kind == Type::Enum && t->id == it->second.first)
        return put(it->second.second);
      break;
    case ast::Expr::Tuple:
      if (t->kind != Type::Tuple || t->elems.size() != e.args.size()) break;
      for (std::size_t i = 0, off = base; i < e.args.size(); off += t->elems[i]->size, ++i)
        const_init(*e.args[i], t->elems[i], static_cast<int>(off));
      return;
    case ast::Expr::EmptySeq:
      if (t->kind == Type::Seq) return;
      break;
    case ast::Expr::EmptySet:
      if (t->kind == Type::Set) return;
      break;
    default: error(e.loc, "an initial value must be a constant");
  }
  error(e.loc, fmt::format("initial value does not fit type {}", describe(t)));
}

// The state vector, and each part of it, stays within limits::max_state_slots.
void Checker::fits(long slots, Loc loc) const {
  if (slots > limits::max_state_slots)
    error(loc, fmt::format("the state needs more than {} slots here; use smaller pools, arrays or sequences",
                           limits::max_state_slots));
}

void Checker::run() {
  declare_object();
  declare_enums();
  declare_node_types();
  declare_procedures();
  lay_out_shared_and_heap();
  const int thread_vars_size = declare_thread_vars();
  compile_methods();
  // Now every size is known: ranges, initial values and reference maps.
  lay_out_threads(thread_vars_size);
  init_shared_and_heap();
  init_threads();
}

// The object's name and kind, the bounds of the run and the domain of `value`.
void Checker::declare_object() {
  p_.file = file_.name;
  p_.object = obj_.name;
  p_.is_spec = obj_.is_spec;
  p_.spec = obj_.is_spec || opt_.spec;
  p_.memory = opt_.memory;
  if (p_.weak() && p_.spec)
    error(obj_.loc, fmt::format("a specification is sequentially consistent: generate '{}' {}without --memory {}",
                                obj_.name, obj_.is_spec ? "" : "with --spec ", memory_name(p_.memory)));
  p_.threads = opt_.threads;
  p_.ops = opt_.ops;
  if (obj_.values)
    if (const std::string why = value_domain_problem(obj_.values->first, obj_.values->second); !why.empty())
      error(obj_.values_loc, fmt::format("the domain of 'value': {}", why));
  auto values = opt_.values ? *opt_.values : obj_.values.value_or(std::pair<long, long>{1, 2});
  p_.values_lo = values.first;
  p_.values_hi = values.second;
  value_ = scalar(Type::Int, values.first, values.second, "value");
}

// Enumerations: file-level, then the object's own; `empty` is built in.
void Checker::declare_enums() {
  auto add_enum = [&](const ast::EnumDecl& e) {
    if (enum_ids_.count(e.name)) error(e.loc, fmt::format("enumeration '{}' declared twice", e.name));
    const int id = static_cast<int>(p_.enum_names.size());
    enum_ids_[e.name] = id;
    p_.enum_names.push_back(e.name);
    p_.enum_symbols.emplace_back();
    for (const auto& [sym, loc] : e.symbols) {
      if (symbols_.count(sym)) error(loc, fmt::format("symbol '{}' declared twice", sym));
      symbols_[sym] = {id, static_cast<int>(p_.enum_symbols[id].size())};
      p_.enum_symbols[id].push_back(sym);
    }
  };
  for (const auto& e : file_.enums) add_enum(e);
  for (const auto& e : obj_.enums) add_enum(e);
  if (!symbols_.count("empty")) add_enum(ast::EnumDecl{"Empty", {}, {{"empty", {}}}});
}

// Node types: names first (fields may refer to any node type).
void Checker::declare_node_types() {
  for (const auto& n : obj_.nodes) {
    if (node_ids_.count(n.name)) error(n.loc, fmt::format("node type '{}' declared twice", n.name));
    const long pool = opt_.pool ? *opt_.pool : n.pool;
    if (pool < 0) error(n.loc, fmt::format("node type '{}' needs a pool size: 'pool {} SIZE;'", n.name, n.name));
    node_ids_[n.name] = static_cast<int>(p_.nodes.size());
    NodeType nt;
    nt.name = n.name;
    nt.pool = static_cast<int>(pool);
    p_.nodes.push_back(nt);
  }
  for (std::size_t i = 0; i < obj_.nodes.size(); ++i) {
    NodeType& nt = p_.nodes[i];
    int off = 0;
    for (const auto& f : obj_.nodes[i].fields) {
      if (std::count(nt.field_names.begin(), nt.field_names.end(), f.name))
        error(f.loc, fmt::format("field '{}' declared twice", f.name));
      nt.field_names.push_back(f.name);
      nt.field_types.push_back(resolve(f.type));
      nt.field_offsets.push_back(off);
      off += nt.field_types.back()->size;
      fits(off, f.loc);
    }
    nt.stride = 1 + off;
  }
}

void Checker::declare_procedures() {
  for (const auto& m : obj_.methods) {
    if (!m.is_procedure) continue;
    if (procedures_.count(m.name)) error(m.loc, fmt::format("procedure '{}' declared twice", m.name));
    procedures_[m.name] = &m;
  }
}

// Shared variables, then the heap; the threads' parts follow them.
void Checker::lay_out_shared_and_heap() {
  std::vector<TypeP> shared_types;
  int slot = 0;
  for (const auto& v : obj_.shared) {
    if (shared_.count(v.name)) error(v.loc, fmt::format("'{}' declared twice", v.name));
    shared_types.push_back(resolve(v.type));
    shared_[v.name] = Var{shared_types.back(), slot};
    p_.shared_names.push_back({v.name, shared_types.back(), slot});
    slot += shared_types.back()->size;
    fits(slot, v.loc);
  }
  p_.shared_size = slot;
  for (NodeType& nt : p_.nodes) {
    nt.base = slot;
    fits(slot + static_cast<long>(nt.pool) * nt.stride, obj_.nodes[&nt - p_.nodes.data()].loc);
    slot += nt.pool * nt.stride;
  }
  p_.heap_size = slot - p_.shared_size;
  p_.thread_base = slot;
}

// Thread variables, at offsets relative to their block until the methods are
// compiled; returns the block's size.
int Checker::declare_thread_vars() {
  p_.thread_vars = Program::result_slot;  // moves up once result_size is known
  std::vector<TypeP> thread_types;
  int toff = 0;
  for (const auto& v : obj_.thread_vars) {
    if (thread_vars_.count(v.name) || shared_.count(v.name)) error(v.loc, fmt::format("'{}' declared twice", v.name));
    thread_types.push_back(resolve(v.type));
    if (v.client && has_ref(thread_types.back()))
      error(v.loc, "a client variable cannot hold a node: the client sees only the values it passes and gets");
    thread_vars_[v.name] = Var{thread_types.back(), toff, v.client};  // relative until the methods are compiled
    toff += thread_types.back()->size;
    fits(toff, v.loc);
  }
  return toff;
}

// Methods (procedures are inlined where they are called), then `init`.
void Checker::compile_methods() {
  for (const auto& m : obj_.methods)
    if (!m.is_procedure) method(m);
  if (p_.methods.empty()) error(obj_.loc, fmt::format("object '{}' has no method", obj_.name));
  if (obj_.init) {
    p_.init_method = static_cast<int>(p_.methods.size());
    method(*obj_.init, true);
  }
}

// Each thread's part: result slots, thread variables, then locals.
void Checker::lay_out_threads(int thread_vars_size) {
  const bool result_slots = p_.spec || pending_returns_;
  p_.result_size = result_slots ? static_cast<int>(result_ranges_.size()) : 0;
  p_.thread_vars = Program::result_slot + p_.result_size;
  for (auto& [name, v] : thread_vars_) {
    v.offset += p_.thread_vars;
    p_.thread_var_names.push_back({name, v.type, v.offset});
  }
  p_.locals = p_.thread_vars + thread_vars_size;
  for (Instr& in : p_.code) relocate_thread_vars(in);
  for (MethodInfo& mi : p_.methods) {
    relocate_thread_vars(mi.guard.get());
    for (auto& [var, value] : mi.on_call) {
      relocate_thread_vars(var.get());
      relocate_thread_vars(value.get());
    }
  }
  p_.locals_size = static_cast<int>(local_ranges_.size());
  p_.thread_stride = p_.locals + p_.locals_size;
  fits(p_.thread_base + static_cast<long>(p_.threads) * p_.thread_stride, obj_.loc);
  p_.state_size = p_.thread_base + p_.threads * p_.thread_stride;
  p_.slot_lo.assign(p_.state_size, 0);
  p_.slot_hi.assign(p_.state_size, 0);
  p_.initial.assign(p_.state_size, 0);
}

// Ranges, initial values and reference maps of the shared variables and the node pools.
void Checker::init_shared_and_heap() {
  for (std::size_t i = 0; i < obj_.shared.size(); ++i) {
    const Var& v = shared_.at(obj_.shared[i].name);
    layout_slots(v.type, v.offset, &p_.shared_refs);
    if (obj_.shared[i].init) const_init(*obj_.shared[i].init, v.type, v.offset);
  }
  for (NodeType& nt : p_.nodes)
    for (int k = 0; k < nt.pool; ++k) {
      const int b = nt.base + k * nt.stride;
      p_.slot_hi[b] = 1;  // the flag: allocated
      for (std::size_t f = 0; f < nt.field_types.size(); ++f) {
        std::vector<std::pair<int, int>> refs;
        layout_slots(nt.field_types[f], b + 1 + nt.field_offsets[f], &refs);
        if (k == 0)
          for (auto [s, type] : refs) nt.ref_fields.emplace_back(s - b - 1, type);
      }
    }
}

// Ranges and initial values of each thread's slots.
void Checker::init_threads() {
  const bool result_slots = p_.spec || pending_returns_;
  const int max_offset = std::max({p_.shared_size, 1, [&] {
                                     int m = 0;
                                     for (const auto& nt : p_.nodes) m = std::max(m, nt.stride);
                                     return m;
                                   }()});
  int max_pool = 0;
  for (const auto& nt : p_.nodes) max_pool = std::max(max_pool, nt.pool);
  for (int t = 0; t < p_.threads; ++t) {
    const int b = p_.thread_at(t);
    p_.slot_hi[b + Program::pc_slot] = static_cast<std::int32_t>(p_.code.size());
    p_.slot_hi[b + Program::ops_slot] = static_cast<std::int32_t>(std::max(0L, p_.ops));
    if (p_.uses_ll) {
      p_.slot_hi[b + Program::link_slot] = static_cast<std::int32_t>(p_.nodes.size() + 1);
      p_.slot_hi[b + Program::link_slot + 1] = max_pool;
      p_.slot_hi[b + Program::link_slot + 2] = max_offset;
    }
    if (result_slots) {
      p_.slot_hi[b + Program::returning_slot] = 1;
      for (int i = 0; i < p_.result_size; ++i) {
        p_.slot_lo[b + Program::result_slot + i] = result_ranges_[i].first;
        p_.slot_hi[b + Program::result_slot + i] = result_ranges_[i].second;
        p_.initial[b + Program::result_slot + i] =
            std::clamp<std::int32_t>(0, result_ranges_[i].first, result_ranges_[i].second);
      }
    }
    std::vector<std::pair<int, int>> refs;
    for (std::size_t i = 0; i < obj_.thread_vars.size(); ++i) {
      const Var& v = thread_vars_.at(obj_.thread_vars[i].name);
      layout_slots(v.type, b + v.offset, t == 0 ? &refs : nullptr);
      if (obj_.thread_vars[i].init) const_init(*obj_.thread_vars[i].init, v.type, b + v.offset);
    }
    if (t == 0)
      for (auto [s, type] : refs) p_.thread_refs.emplace_back(s - b, type);
    for (int i = 0; i < p_.locals_size; ++i) {
      p_.slot_lo[b + p_.locals + i] = local_ranges_[i].first;
      p_.slot_hi[b + p_.locals + i] = local_ranges_[i].second;
      p_.initial[b + p_.locals + i] = std::clamp<std::int32_t>(0, local_ranges_[i].first, local_ranges_[i].second);
    }
  }
}

// Thread variables were resolved to offsets relative to their block; shift
// them now that the block's place in the thread is known.
void Checker::relocate_thread_vars(RExpr* e) {
  if (!e) return;
  if (e->op == RExpr::ThreadVar) e->a += p_.thread_vars;
  for (auto& k : e->k) relocate_thread_vars(k.get());
}

void Checker::relocate_thread_vars(Instr& in) {
  relocate_thread_vars(in.lhs.get());
  relocate_thread_vars(in.rhs.get());
  for (auto& a : in.args) relocate_thread_vars(a.get());
}

}  // namespace detail

Program check(const ast::File& file, const CompileOptions& options) {
  const ast::Object* obj = nullptr;
  for (const auto& o : file.objects)
    if (options.object.empty() ? true : o.name == options.object) {
      obj = &o;
      break;
    }
  if (!obj) {
    std::vector<std::string> names;
    for (const auto& o : file.objects) names.push_back(o.name);
    throw formats::FileError(fmt::format("{}: error: no object named '{}' (the file declares: {})", file.name,
                                         options.object, fmt::join(names, ", ")));
  }
  Program p;
  detail::Checker(file, *obj, options, p).run();
  return p;
}

}  // namespace frontend
