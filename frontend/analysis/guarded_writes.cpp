#include "frontend/analysis/guarded_writes.hpp"

#include <algorithm>

#include "frontend/language/builtins.hpp"

namespace frontend {

namespace {

using Facts = std::vector<std::pair<int, std::int32_t>>;

const std::int32_t* find(const Facts& facts, int local) {
  const auto it = std::lower_bound(facts.begin(), facts.end(), std::pair<int, std::int32_t>{local, INT32_MIN});
  return it != facts.end() && it->first == local ? &it->second : nullptr;
}

void forget(Facts& facts, int local) {
  facts.erase(std::remove_if(facts.begin(), facts.end(), [&](const auto& f) { return f.first == local; }), facts.end());
}

void learn(Facts& facts, int local, std::int32_t value) {
  forget(facts, local);
  facts.insert(std::lower_bound(facts.begin(), facts.end(), std::pair<int, std::int32_t>{local, value}),
               {local, value});
}

// A one-slot local compared with a constant: (local, constant).
std::optional<std::pair<int, std::int32_t>> local_is_constant(const RExpr& a, const RExpr& b) {
  if (a.op == RExpr::Local && a.type->size == 1 && b.op == RExpr::Const)
    return std::pair{static_cast<int>(a.a), static_cast<std::int32_t>(b.a)};
  if (b.op == RExpr::Local && b.type->size == 1 && a.op == RExpr::Const)
    return std::pair{static_cast<int>(b.a), static_cast<std::int32_t>(a.a)};
  return std::nullopt;
}

// What `cond` evaluating to `holds` tells about locals.
void assume(const RExpr& cond, bool holds, Facts& facts) {
  switch (cond.op) {
    case RExpr::Not: assume(*cond.k[0], !holds, facts); break;
    case RExpr::And:
      if (holds)
        for (const auto& k : cond.k) assume(*k, true, facts);
      break;
    case RExpr::Or:
      if (!holds)
        for (const auto& k : cond.k) assume(*k, false, facts);
      break;
    case RExpr::Eq:
    case RExpr::Ne:
      if (const auto f = local_is_constant(*cond.k[0], *cond.k[1]); f && holds == (cond.op == RExpr::Eq))
        learn(facts, f->first, f->second);
      break;
    default: break;
  }
}

// The root of a location (a variable or a field), past elements and members.
const RExpr& root_of(const RExpr& e) {
  const RExpr* r = &e;
  while (r->op == RExpr::Index || r->op == RExpr::Proj) r = r->k[0].get();
  return *r;
}

// Every local that `in` may write.
void forget_written(const Instr& in, Facts& facts) {
  auto target = [&](const RExpr& e) {
    const RExpr& r = root_of(e);
    if (r.op == RExpr::Local)
      for (int i = 0; i < r.type->size; ++i) forget(facts, static_cast<int>(r.a) + i);
  };
  auto primitives = [&](const RExpr& e, auto& self) -> void {
    if (const Primitive* p = find_primitive(e.op); p && p->writes)
      for (int i = 0; i < p->locations; ++i) target(*e.k[i]);
    for (const auto& k : e.k) self(*k, self);
  };
  if (in.lhs) {
    if (in.lhs->op == RExpr::TupleLit) {
      for (const auto& k : in.lhs->k) target(*k);
    } else {
      target(*in.lhs);
    }
    primitives(*in.lhs, primitives);
  }
  if (in.rhs) {
    if (in.op == Instr::Lock || in.op == Instr::Unlock) target(*in.rhs);
    primitives(*in.rhs, primitives);
  }
  for (const auto& a : in.args) primitives(*a, primitives);
}

// Keeps the facts both sides know.
bool meet(std::optional<Facts>& into, const Facts& from) {
  if (!into) {
    into = from;
    return true;
  }
  Facts both;
  std::set_intersection(into->begin(), into->end(), from.begin(), from.end(), std::back_inserter(both));
  if (both.size() == into->size()) return false;
  *into = std::move(both);
  return true;
}

}  // namespace

GuardedWrites::GuardedWrites(const Program& p, const Footprints& footprints)
    : p_(p), footprints_(footprints), unguarded_(footprints.locations(), false), guards_(footprints.locations()) {
  const std::vector<int> method = methods_of_code(p);
  const std::vector<std::optional<Facts>> facts = known_locals(method);
  // An instruction the analysis did not reach still counts, knowing nothing.
  for (std::size_t i = 0; i < p.code.size(); ++i)
    if (method[i] != p.init_method) add_writes(p.code[i], facts[i] ? *facts[i] : Facts{});
}

// Forward must-analysis over each method's code: the one-slot locals whose
// value is the same constant on every path to an instruction (nullopt: no
// path reaches it).
std::vector<std::optional<Facts>> GuardedWrites::known_locals(const std::vector<int>& method) const {
  const std::size_t n = p_.code.size();
  std::vector<std::optional<Facts>> in(n);
  std::vector<std::size_t> work;
  for (const MethodInfo& m : p_.methods)
    if (m.entry < static_cast<int>(n)) {
      in[m.entry] = Facts{};
      work.push_back(m.entry);
    }
  auto flow = [&](std::size_t from, int to, const Facts& f) {
    if (to < 0 || to >= static_cast<int>(n) || method[to] != method[from]) return;
    if (meet(in[to], f)) work.push_back(to);
  };
  while (!work.empty()) {
    const std::size_t i = work.back();
    work.pop_back();
    const Instr& in_i = p_.code[i];
    Facts out = *in[i];
    forget_written(in_i, out);
    switch (in_i.op) {
      case Instr::Return:
      case Instr::Fail: break;
      case Instr::Jump: flow(i, in_i.target, out); break;
      case Instr::Branch: {
        Facts taken = out, falls = out;  // the branch jumps when its condition is false
        assume(*in_i.rhs, false, taken);
        assume(*in_i.rhs, true, falls);
        flow(i, in_i.target, taken);
        flow(i, static_cast<int>(i) + 1, falls);
        break;
      }
      case Instr::Await:
        assume(*in_i.rhs, true, out);
        flow(i, static_cast<int>(i) + 1, out);
        break;
      case Instr::Assign:
        if (in_i.lhs->op == RExpr::Local && in_i.lhs->type->size == 1 && in_i.rhs->op == RExpr::Const)
          learn(out, static_cast<int>(in_i.lhs->a), static_cast<std::int32_t>(in_i.rhs->a));
        flow(i, static_cast<int>(i) + 1, out);
        break;
      default: flow(i, static_cast<int>(i) + 1, out);
    }
  }
  return in;
}

std::optional<GuardedWrites::Region> GuardedWrites::region(const RExpr& target) const {
  int offset = 0;
  const RExpr* r = &target;
  bool element = false;
  for (; r->op == RExpr::Index || r->op == RExpr::Proj; r = r->k[0].get()) {
    if (r->op == RExpr::Index) element = true;
    offset += static_cast<int>(r->a);  // Proj: the member's offset (unused for an element)
  }
  int first;
  if (r->op == RExpr::Shared) {
    first = static_cast<int>(r->a);
  } else if (r->op == RExpr::Field) {
    first = footprints_.heap_location(r->node) + 1 + static_cast<int>(r->a);
  } else {
    return std::nullopt;  // a thread's own variable
  }
  if (element) return Region{first, r->type->size, true};
  return Region{first + offset, target.type->size, false};
}

void GuardedWrites::unguard(const RExpr& target) {
  if (const auto r = region(target))
    for (int i = 0; i < r->size; ++i) unguarded_[r->first + i] = true;
}

// The components of `expected` the analysis knows, at their slot offsets in
// the compared value, make a guard for every slot the cas writes.
void GuardedWrites::add_cas(const RExpr& target, const RExpr& expected, const Facts& facts) {
  const auto r = region(target);
  if (!r) return;
  if (r->element) return unguard(target);  // an element stands for its whole array
  Guard known;
  auto collect = [&](const RExpr& e, int at, auto& self) -> void {
    if (e.op == RExpr::Const && e.type->size == 1) {
      known.emplace_back(at, static_cast<std::int32_t>(e.a));
    } else if (e.op == RExpr::Local && e.type->size == 1) {
      if (const std::int32_t* v = find(facts, static_cast<int>(e.a))) known.emplace_back(at, *v);
    } else if (e.op == RExpr::TupleLit) {
      for (const auto& k : e.k) {
        self(*k, at, self);
        at += k->type->size;
      }
    }
  };
  collect(expected, 0, collect);
  if (known.empty()) return unguard(target);
  for (int i = 0; i < r->size; ++i) {
    Guard g;
    for (const auto& [at, value] : known) g.emplace_back(at - i, value);
    guards_[r->first + i].push_back(std::move(g));
  }
}

void GuardedWrites::add_expr_writes(const RExpr& e, const Facts& facts) {
  if (const Primitive* p = find_primitive(e.op); p && p->writes) {
    if (e.op == RExpr::Cas) {
      add_cas(*e.k[0], *e.k[1], facts);
    } else {
      for (int i = 0; i < p->locations; ++i) unguard(*e.k[i]);
    }
  }
  for (const auto& k : e.k) add_expr_writes(*k, facts);
}

void GuardedWrites::add_writes(const Instr& in, const Facts& facts) {
  auto unguard_node = [&](int n) {
    for (int i = 0; i < p_.nodes[n].stride; ++i) unguarded_[footprints_.heap_location(n) + i] = true;
  };
  switch (in.op) {
    case Instr::Assign:
      if (in.lhs->op == RExpr::TupleLit) {
        for (const auto& k : in.lhs->k) unguard(*k);
      } else {
        unguard(*in.lhs);
      }
      break;
    case Instr::New:
      unguard(*in.lhs);
      if (p_.nodes[in.node].manual) unguard_node(in.node);  // may hand out a node someone still points to
      break;
    case Instr::Choose: unguard(*in.lhs); break;
    case Instr::Lock:
    case Instr::Unlock: unguard(*in.rhs); break;
    case Instr::Free: unguard_node(in.rhs->type->id); break;
    default: break;
  }
  if (in.lhs) add_expr_writes(*in.lhs, facts);
  if (in.rhs) add_expr_writes(*in.rhs, facts);
  for (const auto& a : in.args) add_expr_writes(*a, facts);
}

bool GuardedWrites::settled(const std::int32_t* state, std::int32_t slot, int location) const {
  if (location < 0 || unguarded_[location]) return false;
  for (const Guard& g : guards_[location])
    if (std::all_of(g.begin(), g.end(), [&](const auto& c) { return state[slot + c.first] == c.second; }))
      return false;  // this cas may still succeed
  return true;
}

}  // namespace frontend
