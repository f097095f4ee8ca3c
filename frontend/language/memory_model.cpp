#include "frontend/language/memory_model.hpp"

#include <algorithm>
#include <stdexcept>

namespace frontend {

Memory parse_memory(const std::string& name) {
  if (name == "sc") return Memory::sc;
  if (name == "tso") return Memory::tso;
  if (name == "pso") return Memory::pso;
  throw std::invalid_argument("--memory is sc, tso or pso, not '" + name + "'");
}

const char* memory_name(Memory m) {
  switch (m) {
    case Memory::tso: return "tso";
    case Memory::pso: return "pso";
    default: return "sc";
  }
}

namespace {
bool has_synchronising(const RExpr* e) {
  if (!e) return false;
  if (e->op == RExpr::Cas || e->op == RExpr::Dcas || e->op == RExpr::LL || e->op == RExpr::SC || e->op == RExpr::VL)
    return true;
  for (const auto& k : e->k)
    if (has_synchronising(k.get())) return true;
  return false;
}

// The slots one plain store of `in` writes at most (a tuple target unpacks
// into several stores, one per member).
int store_width(const Instr& in) {
  if (in.op != Instr::Assign && in.op != Instr::New && in.op != Instr::Choose) return 0;
  if (!in.lhs) return 0;
  if (in.lhs->op != RExpr::TupleLit) return in.lhs->type->size;
  int w = 0;
  for (const auto& k : in.lhs->k) w = std::max(w, k->type->size);
  return w;
}
}  // namespace

void mark_draining(Program& p) {
  for (Instr& in : p.code) {
    switch (in.op) {
      case Instr::Lock:
      case Instr::Unlock:
      case Instr::AtomicBegin:
      case Instr::Fence: in.drains = true; break;
      default: {
        bool sync = has_synchronising(in.lhs.get()) || has_synchronising(in.rhs.get());
        for (const auto& a : in.args) sync = sync || has_synchronising(a.get());
        in.drains = sync;
      }
    }
  }
}

void lay_out_buffers(Program& p, int capacity) {
  BufferLayout& b = p.buffers;
  b.base = p.state_size;
  b.capacity = capacity;
  b.width = 1;
  for (const Instr& in : p.code) b.width = std::max(b.width, store_width(in));
  // Every value slot may hold any value of shared memory (and 0 when unused).
  std::int32_t lo = 0, hi = 0;
  for (int a = 0; a < p.thread_base; ++a) {
    lo = std::min(lo, p.slot_lo[a]);
    hi = std::max(hi, p.slot_hi[a]);
  }
  const int size = p.state_size + p.threads * b.stride();
  p.slot_lo.resize(size, 0);
  p.slot_hi.resize(size, 0);
  p.initial.resize(size, 0);
  for (int t = 0; t < p.threads; ++t)
    for (int e = 0; e < capacity; ++e) {
      const int at = b.at(t) + e * b.entry();
      p.slot_hi[at] = p.thread_base;  // address + 1
      p.slot_hi[at + 1] = b.width;    // length
      for (int v = 0; v < b.width; ++v) {
        p.slot_lo[at + 2 + v] = lo;
        p.slot_hi[at + 2 + v] = hi;
      }
    }
  p.state_size = size;
}

}  // namespace frontend
