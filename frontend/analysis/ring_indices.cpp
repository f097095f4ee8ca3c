#include "frontend/analysis/ring_indices.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "frontend/language/source.hpp"

namespace frontend {

namespace {

[[noreturn]] void not_symmetric(const Program& p, Loc loc, const std::string& what) {
  fail(p.file, loc,
       fmt::format("--symmetry needs a model in which no statement depends on which thread runs it, or one that "
                   "names a thread only as an index relative to it, as in HP[tid - 1] or HP[(tid - 1 + j) % "
                   "threads]; {}; generate without --symmetry",
                   what));
}

// The largest value a variable term may take: the sum tid - 1 + c + d must
// stay far from the 32-bit bound, where the interpreter would stop.
constexpr long term_bound = 1L << 20;

// Whether `e` is a sum of constants and bounded variables none of which is
// ever negative (so d >= 0, and (tid - 1 + d) % threads is in range for
// every thread).
bool never_negative(const RExpr& e) {
  switch (e.op) {
    case RExpr::Const: return e.a >= 0 && e.a <= term_bound;
    case RExpr::Local:
    case RExpr::ThreadVar:
    case RExpr::Shared:
    case RExpr::Field:
    case RExpr::Index:
    case RExpr::Proj:
      return e.type->kind == Type::Int && e.type->bounded && e.type->lo >= 0 && e.type->hi <= term_bound;
    case RExpr::Add: return never_negative(*e.k[0]) && never_negative(*e.k[1]);
    default: return false;
  }
}

// The terms of a sum tid + c + d: `tid` once, constants (summed into c), and
// never-negative terms (d).
struct RingSum {
  int tids = 0;
  long constant = 0;
  std::vector<const RExpr*> terms;  // d's terms
  bool ok = true;
};

void split_sum(const RExpr& e, bool negated, RingSum& s) {
  if (!s.ok) return;
  if (e.op == RExpr::Add || e.op == RExpr::Sub) {
    split_sum(*e.k[0], negated, s);
    split_sum(*e.k[1], e.op == RExpr::Sub ? !negated : negated, s);
  } else if (e.op == RExpr::Tid) {
    s.ok = !negated;
    ++s.tids;
  } else if (e.op == RExpr::Const) {
    s.constant += negated ? -e.a : e.a;
    s.ok = e.a >= -term_bound && e.a <= term_bound;
  } else {
    s.ok = !negated && never_negative(e);  // its own uses of tid are checked as any other
    s.terms.push_back(&e);
  }
}

// Whether `index` is relative to the thread: `tid - 1` (the thread's own
// element, in range for every thread), or (tid + c + d) % threads with
// c >= -1 and d never negative. Its terms d go to `terms`, to be checked.
bool ring_relative(const RExpr& index, int threads, std::vector<const RExpr*>& terms) {
  RingSum s;
  const bool mod = index.op == RExpr::Mod && index.k[1]->op == RExpr::Const && index.k[1]->a == threads;
  split_sum(mod ? *index.k[0] : index, false, s);
  if (!s.ok || s.tids != 1 || s.constant < -1) return false;
  if (!mod && (s.constant != -1 || !s.terms.empty())) return false;
  terms = s.terms;
  return true;
}

// The shared array an access `e` (an Index) indexes at its first level, or
// null.
const RExpr* indexed_shared(const RExpr& e) {
  return e.op == RExpr::Index && e.k[0]->op == RExpr::Shared ? e.k[0].get() : nullptr;
}

class RingCheck {
 public:
  explicit RingCheck(const Program& p) : p_(p) {}

  std::vector<ThreadArray> run() {
    for_each_expr([&](const RExpr& e) { collect(e); });
    for_each_expr([&](const RExpr& e) { check(e); });
    return arrays_;
  }

 private:
  template <class F>
  void for_each_expr(F&& f) {
    for (const Instr& in : p_.code) {
      if (in.lhs) f(*in.lhs);
      if (in.rhs) f(*in.rhs);
      for (const RExprP& a : in.args) f(*a);
    }
    for (const MethodInfo& m : p_.methods) {
      if (m.guard) f(*m.guard);
      for (const auto& [var, value] : m.on_call) {
        f(*var);
        f(*value);
      }
    }
  }

  // Where an array at `slot` is or would go in arrays_.
  std::vector<ThreadArray>::iterator place(int slot) {
    return std::lower_bound(arrays_.begin(), arrays_.end(), slot,
                            [](const ThreadArray& a, int s) { return a.slot < s; });
  }
  bool thread_array(int slot) {
    const auto at = place(slot);
    return at != arrays_.end() && at->slot == slot;
  }

  // The arrays some access indexes with `tid` at the first level.
  void collect(const RExpr& e) {
    if (const RExpr* a = indexed_shared(e); a && find_tid(e.k[1].get())) {
      const Type& t = *a->type;
      if (t.kind != Type::Array || t.length != p_.threads)
        not_symmetric(p_, e.loc, fmt::format("this array has {} elements, not one per thread", t.length));
      const int slot = static_cast<int>(a->a);
      if (!thread_array(slot)) arrays_.insert(place(slot), ThreadArray{slot, t.size / t.length});
    }
    for (const RExprP& k : e.k) collect(*k);
  }

  void check(const RExpr& e) {
    if (e.op == RExpr::LL || e.op == RExpr::SC || e.op == RExpr::VL) {
      const RExpr* root = e.k[0].get();
      while (root->op == RExpr::Index || root->op == RExpr::Proj) root = root->k[0].get();
      if (root->op == RExpr::Shared && thread_array(static_cast<int>(root->a)))
        not_symmetric(p_, e.loc, "an ll/sc/vl link here names an element of an array indexed by the thread");
    }
    if (const RExpr* a = indexed_shared(e); a && thread_array(static_cast<int>(a->a))) {
      std::vector<const RExpr*> terms;
      if (!ring_relative(*e.k[1], p_.threads, terms))
        not_symmetric(p_, e.loc,
                      "this index of an array indexed by the thread elsewhere is not relative to the thread");
      for (const RExpr* d : terms) check(*d);
      return;
    }
    if (e.op == RExpr::Shared && thread_array(static_cast<int>(e.a)))
      not_symmetric(p_, e.loc, "an array indexed by the thread elsewhere is used whole here");
    if (e.op == RExpr::Tid) not_symmetric(p_, e.loc, "'tid' here is not such an index");
    for (const RExprP& k : e.k) check(*k);
  }

  const Program& p_;
  std::vector<ThreadArray> arrays_;  // by slot
};

}  // namespace

std::vector<ThreadArray> ring_indexed_arrays(const Program& p) { return RingCheck(p).run(); }

}  // namespace frontend
