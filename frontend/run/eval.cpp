// Expression evaluation for the interpreter: addresses of locations, scalar
// values, aggregate values, stores with range checks, LL/SC links.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include <fmt/format.h>

#include "frontend/run/interpreter.hpp"

namespace frontend {

// Records every slot of the location: the footprints may name one element
// of an array, or one member of a tuple, apart from the rest.
std::int32_t Interpreter::addr(const RExpr& e) {
  const std::int32_t a = locate(e);
  if (tracking_)
    for (int i = 0; i < e.type->size; ++i) access_.accessed.push_back(a + i);
  return a;
}

std::int32_t Interpreter::locate(const RExpr& e) {
  switch (e.op) {
    case RExpr::Local: return tb_ + p_.locals + static_cast<std::int32_t>(e.a);
    case RExpr::ThreadVar: return tb_ + static_cast<std::int32_t>(e.a);
    case RExpr::Shared: return static_cast<std::int32_t>(e.a);
    case RExpr::Field: {
      const std::int32_t r = val(*e.k[0]);
      const NodeType& nt = p_.nodes[e.node];
      if (r == 0) error(e.loc, fmt::format("null dereference: field of a null '{}'", nt.name));
      return nt.base + (r - 1) * nt.stride + 1 + static_cast<std::int32_t>(e.a);
    }
    case RExpr::Index: {
      const std::int32_t base = locate(*e.k[0]);  // the element's address reads no other element
      const std::int32_t i = val(*e.k[1]);
      const int n = e.k[0]->type->length;
      if (i < 0 || i >= n) error(e.k[1]->loc, fmt::format("index {} is outside the array's bounds 0..{}", i, n - 1));
      return base + i * e.type->size;
    }
    case RExpr::Proj: return locate(*e.k[0]) + static_cast<std::int32_t>(e.a);
    default: error(e.loc, "internal error: not a location");
  }
}

namespace {
bool contains_ref(const Type& t) {
  if (t.kind == Type::Ref) return true;
  if (t.kind != Type::Tuple && t.kind != Type::Array && t.kind != Type::Seq) return false;
  for (const auto& e : t.elems)
    if (contains_ref(*e)) return true;
  return false;
}

}  // namespace

std::int32_t Interpreter::checked(const RExpr& e, std::int64_t v) const {
  if (v < INT32_MIN || v > INT32_MAX) error(e.loc, fmt::format("integer overflow: {} does not fit 32 bits", v));
  return static_cast<std::int32_t>(v);
}

void Interpreter::zero(const Type& t, std::int32_t* out) const {
  switch (t.kind) {
    case Type::Tuple:
      for (const auto& m : t.elems) {
        zero(*m, out);
        out += m->size;
      }
      return;
    case Type::Array:
      for (int i = 0; i < t.length; ++i) zero(*t.elems[0], out + i * t.elems[0]->size);
      return;
    case Type::Seq:
      out[0] = 0;
      for (int i = 0; i < t.length; ++i) zero(*t.elems[0], out + 1 + i * t.elems[0]->size);
      return;
    case Type::Set: std::fill(out, out + t.length, 0); return;
    default: out[0] = static_cast<std::int32_t>(std::clamp<long>(0, t.lo, t.hi));
  }
}

void Interpreter::store(std::int32_t address, const RExpr& target, const std::int32_t* v) {
  const Type& t = *target.type;
  const int n = t.size;
  for (int i = 0; i < n; ++i) {
    const std::int32_t lo = p_.slot_lo[address + i], hi = p_.slot_hi[address + i];
    if (v[i] < lo || v[i] > hi || (n == 1 && t.kind == Type::Int && (v[i] < t.lo || v[i] > t.hi)))
      error(target.loc, fmt::format("value {} is outside the range {}", v[i], range_name(t)));
  }
  if (tracking_)
    for (int i = 0; i < n; ++i) access_.written.push_back(address + i);
  if (!cur_->dirty && contains_ref(t)) cur_->dirty = true;
  if (buffering_ && address < p_.thread_base) return buffer_store(address, n, v, target.loc);
  std::memcpy(s_ + address, v, sizeof(std::int32_t) * n);
  if (p_.uses_ll) invalidate_links(address, n);
}

std::int32_t Interpreter::val(const RExpr& e) {
  switch (e.op) {
    case RExpr::Const: return static_cast<std::int32_t>(e.a);
    case RExpr::Local:
    case RExpr::ThreadVar:
    case RExpr::Shared:
    case RExpr::Field:
    case RExpr::Index: return load(addr(e));
    case RExpr::Proj:
      if (is_location(*e.k[0])) return load(addr(e));
      break;
    case RExpr::Tid: return t_ + 1;
    case RExpr::Not: return !val(*e.k[0]);
    case RExpr::Neg: return checked(e, -static_cast<std::int64_t>(val(*e.k[0])));
    case RExpr::Add: return checked(e, static_cast<std::int64_t>(val(*e.k[0])) + val(*e.k[1]));
    case RExpr::Sub: return checked(e, static_cast<std::int64_t>(val(*e.k[0])) - val(*e.k[1]));
    case RExpr::Mul: return checked(e, static_cast<std::int64_t>(val(*e.k[0])) * val(*e.k[1]));
    case RExpr::Div:
    case RExpr::Mod: {
      const std::int64_t a = val(*e.k[0]), b = val(*e.k[1]);
      if (b == 0) error(e.loc, "division by zero");
      return checked(e, e.op == RExpr::Div ? a / b : a % b);
    }
    case RExpr::Lt: return val(*e.k[0]) < val(*e.k[1]);
    case RExpr::Le: return val(*e.k[0]) <= val(*e.k[1]);
    case RExpr::Gt: return val(*e.k[0]) > val(*e.k[1]);
    case RExpr::Ge: return val(*e.k[0]) >= val(*e.k[1]);
    case RExpr::And: return val(*e.k[0]) && val(*e.k[1]);
    case RExpr::Or: return val(*e.k[0]) || val(*e.k[1]);
    case RExpr::Eq:
    case RExpr::Ne: {
      bool same;
      if (e.k[0]->type->size == 1) {
        same = val(*e.k[0]) == val(*e.k[1]);
      } else {
        std::int32_t a[256], b[256];
        eval(*e.k[0], a);
        eval(*e.k[1], b);
        same = std::equal(a, a + e.k[0]->type->size, b);
      }
      return e.op == RExpr::Eq ? same : !same;
    }
    case RExpr::Cas: {
      const int n = e.k[0]->type->size;
      std::int32_t expect[256], desired[256];
      eval(*e.k[1], expect);
      eval(*e.k[2], desired);
      const std::int32_t a = addr(*e.k[0]);
      if (!std::equal(expect, expect + n, s_ + a)) return 0;
      store(a, *e.k[0], desired);
      return 1;
    }
    case RExpr::Dcas: {
      const int n0 = e.k[0]->type->size, n1 = e.k[1]->type->size;
      std::int32_t o0[256], o1[256], v0[256], v1[256];
      eval(*e.k[2], o0);
      eval(*e.k[3], o1);
      eval(*e.k[4], v0);
      eval(*e.k[5], v1);
      const std::int32_t a0 = addr(*e.k[0]), a1 = addr(*e.k[1]);
      if (!std::equal(o0, o0 + n0, s_ + a0) || !std::equal(o1, o1 + n1, s_ + a1)) return 0;
      store(a0, *e.k[0], v0);
      store(a1, *e.k[1], v1);
      return 1;
    }
    case RExpr::LL: {
      const std::int32_t a = addr(*e.k[0]);
      set_link(a);
      return s_[a];
    }
    case RExpr::SC: {
      const std::int32_t a = addr(*e.k[0]);
      if (!link_matches(a)) return 0;
      std::int32_t v[256];
      eval(*e.k[1], v);
      store(a, *e.k[0], v);
      return 1;
    }
    case RExpr::VL: return link_matches(addr(*e.k[0]));
    default: break;
  }
  std::int32_t out[256];
  eval(e, out);
  return out[0];
}

void Interpreter::eval(const RExpr& e, std::int32_t* out) {
  const int n = e.type->size;
  switch (e.op) {
    case RExpr::Local:
    case RExpr::ThreadVar:
    case RExpr::Shared:
    case RExpr::Field:
    case RExpr::Index: {
      load(addr(e), n, out);
      return;
    }
    case RExpr::Proj: {
      if (is_location(*e.k[0])) {
        load(addr(e), n, out);
      } else {
        std::int32_t whole[256];
        eval(*e.k[0], whole);
        std::memcpy(out, whole + e.a, sizeof(std::int32_t) * n);
      }
      return;
    }
    case RExpr::LL: {
      const std::int32_t a = addr(*e.k[0]);
      set_link(a);
      std::memcpy(out, s_ + a, sizeof(std::int32_t) * n);
      return;
    }
    case RExpr::TupleLit: {
      int off = 0;
      for (const auto& k : e.k) {
        eval(*k, out + off);
        off += k->type->size;
      }
      return;
    }
    default:
      if (e.op >= RExpr::SeqEmpty) return seq_op(e, out);
      if (n != 1) error(e.loc, "internal error: aggregate value expected");
      out[0] = val(e);
  }
}

void Interpreter::seq_op(const RExpr& e, std::int32_t* out) {
  if (e.op == RExpr::SeqEmpty || e.op == RExpr::SetEmpty) return zero(*e.type, out);
  const Type& st = *e.k[0]->type;
  const Type& et = *st.elems[0];
  const int es = et.size;
  std::int32_t s[256];
  eval(*e.k[0], s);
  std::int32_t x[256];
  if (e.k.size() > 1) eval(*e.k[1], x);
  const int len = s[0];
  auto at = [&](int i) { return s + 1 + i * es; };
  auto need_element = [&] {
    if (len == 0) error(e.loc, "the sequence is empty");
  };
  switch (e.op) {
    case RExpr::SeqPushFront:
    case RExpr::SeqPushBack:
      if (len == st.length)
        error(e.loc, fmt::format("the sequence is full (capacity {}); raise its capacity", st.length));
      if (e.op == RExpr::SeqPushFront) {
        std::memmove(at(1), at(0), sizeof(std::int32_t) * len * es);
        std::memcpy(at(0), x, sizeof(std::int32_t) * es);
      } else {
        std::memcpy(at(len), x, sizeof(std::int32_t) * es);
      }
      s[0] = len + 1;
      break;
    case RExpr::SeqPopFront:
    case RExpr::SeqPopBack:
      need_element();
      if (e.op == RExpr::SeqPopFront) std::memmove(at(0), at(1), sizeof(std::int32_t) * (len - 1) * es);
      zero(et, at(len - 1));
      s[0] = len - 1;
      break;
    case RExpr::SeqFront:
    case RExpr::SeqBack:
      need_element();
      std::memcpy(out, at(e.op == RExpr::SeqFront ? 0 : len - 1), sizeof(std::int32_t) * es);
      return;
    case RExpr::SeqIsEmpty: out[0] = len == 0; return;
    case RExpr::SeqSize: out[0] = len; return;
    case RExpr::SeqIsFull: out[0] = len == st.length; return;
    case RExpr::SeqContains:
      out[0] = 0;
      for (int i = 0; i < len; ++i) out[0] |= std::equal(x, x + es, at(i));
      return;
    case RExpr::SetAdd:
    case RExpr::SetRemove:
    case RExpr::SetContains: {
      const long i = x[0] - et.lo;
      if (i < 0 || i >= st.length)
        error(e.k[1]->loc, fmt::format("{} is not in the set's element type {}", x[0], et.name));
      if (e.op == RExpr::SetContains) {
        out[0] = s[i];
        return;
      }
      s[i] = e.op == RExpr::SetAdd;
      break;
    }
    case RExpr::SetIsEmpty: out[0] = std::all_of(s, s + st.length, [](std::int32_t b) { return b == 0; }); return;
    case RExpr::SetSize: out[0] = static_cast<std::int32_t>(std::count(s, s + st.length, 1)); return;
    default: error(e.loc, "internal error: unknown operation");
  }
  std::memcpy(out, s, sizeof(std::int32_t) * st.size);
}

// LL/SC: a thread's link is (kind, ref, offset): kind 1 a shared slot, kind
// 2+n a field of node type n; stores to the linked location break links.
namespace {
struct LinkLoc {
  std::int32_t kind = 0, ref = 0, off = 0;
};
LinkLoc link_of(const Program& p, std::int32_t a) {
  if (a < p.shared_size) return {1, 0, a};
  for (std::size_t n = 0; n < p.nodes.size(); ++n) {
    const NodeType& nt = p.nodes[n];
    if (a >= nt.base && a < nt.base + nt.pool * nt.stride)
      return {static_cast<std::int32_t>(2 + n), (a - nt.base) / nt.stride + 1, (a - nt.base) % nt.stride};
  }
  return {};
}
std::int32_t address_of(const Program& p, const std::int32_t* l) {
  if (l[0] == 1) return l[2];
  const NodeType& nt = p.nodes[l[0] - 2];
  return nt.base + (l[1] - 1) * nt.stride + l[2];
}
}  // namespace

void Interpreter::set_link(std::int32_t a) {
  const LinkLoc l = link_of(p_, a);
  std::int32_t* link = s_ + tb_ + Program::link_slot;
  link[0] = l.kind;
  link[1] = l.ref;
  link[2] = l.off;
  cur_->dirty = true;
}

bool Interpreter::link_matches(std::int32_t a) const {
  const std::int32_t* link = s_ + tb_ + Program::link_slot;
  return link[0] != 0 && address_of(p_, link) == a;
}

void Interpreter::invalidate_links(std::int32_t a, int size) {
  for (int t = 0; t < p_.threads; ++t) {
    std::int32_t* link = s_ + p_.thread_at(t) + Program::link_slot;
    if (link[0] == 0) continue;
    const std::int32_t la = address_of(p_, link);
    if (la >= a && la < a + size) {
      if (tracking_ && t != t_) access_.opaque = true;  // another thread's link: not analysed
      link[0] = link[1] = link[2] = 0;
      cur_->dirty = true;
    }
  }
}

}  // namespace frontend
