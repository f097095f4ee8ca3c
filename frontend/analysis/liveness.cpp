#include "frontend/analysis/liveness.hpp"

#include <cstdint>

namespace frontend {

namespace {

// A set of local slots.
class Slots {
 public:
  explicit Slots(int n) : words_((n + 63) / 64, 0) {}
  void add(long first, long count) {
    for (long i = first; i < first + count; ++i) words_[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  bool has(int i) const { return (words_[i / 64] >> (i % 64)) & 1; }
  // *this = use | (out & ~def); whether it changed.
  bool assign_transfer(const Slots& use, const Slots& out, const Slots& def) {
    bool changed = false;
    for (std::size_t w = 0; w < words_.size(); ++w) {
      const std::uint64_t v = use.words_[w] | (out.words_[w] & ~def.words_[w]);
      changed = changed || v != words_[w];
      words_[w] = v;
    }
    return changed;
  }
  void unite(const Slots& o) {
    for (std::size_t w = 0; w < words_.size(); ++w) words_[w] |= o.words_[w];
  }

 private:
  std::vector<std::uint64_t> words_;
};

// What one statement reads (use) and surely overwrites whole (def).
struct Effect {
  Slots use, def;
  explicit Effect(int n) : use(n), def(n) {}
};

// Every local an expression mentions is read: a location inside cas(...),
// ll(...) or lock(...) included, which over-approximates and so is safe.
void reads(const RExpr& e, Slots& use) {
  if (e.op == RExpr::Local) use.add(e.a, e.type->size);
  for (const auto& k : e.k) reads(*k, use);
}

// A written location: a local, or a member of one at a fixed place, is
// overwritten whole; an indexed element is not (the index is a read), and
// a field's reference is read.
void writes(const RExpr& e, Effect& fx) {
  long offset = 0;
  const RExpr* x = &e;
  while (x->op == RExpr::Proj) {
    offset += x->a;
    x = x->k[0].get();
  }
  if (x->op == RExpr::Local) return fx.def.add(x->a + offset, e.type->size);
  if (x->op == RExpr::TupleLit) {
    for (const auto& k : x->k) writes(*k, fx);
    return;
  }
  for (const RExpr* y = x; y;) {  // the reads on the way to the location
    if (y->op == RExpr::Field) return reads(*y->k[0], fx.use);
    if (y->op != RExpr::Index && y->op != RExpr::Proj) return;
    if (y->op == RExpr::Index) reads(*y->k[1], fx.use);
    y = y->k[0].get();
  }
}

Effect effect(const Instr& in, int n) {
  Effect fx(n);
  if (in.rhs) reads(*in.rhs, fx.use);
  for (const auto& a : in.args) reads(*a, fx.use);
  if (in.lhs) {
    if (in.op == Instr::Assign || in.op == Instr::New || in.op == Instr::Choose) {
      writes(*in.lhs, fx);
    } else {
      reads(*in.lhs, fx.use);
    }
  }
  return fx;
}

std::vector<int> successors(const Program& p, std::size_t i) {
  const Instr& in = p.code[i];
  const int next = static_cast<int>(i) + 1 < static_cast<int>(p.code.size()) ? static_cast<int>(i) + 1 : -1;
  switch (in.op) {
    case Instr::Jump: return {in.target};
    case Instr::Branch: return next >= 0 ? std::vector<int>{next, in.target} : std::vector<int>{in.target};
    case Instr::Return:
    case Instr::Fail: return {};
    default: return next >= 0 ? std::vector<int>{next} : std::vector<int>{};
  }
}

// The slots a method uses: its parameters and every local its code names.
std::vector<Slots> slots_of_methods(const Program& p, const std::vector<int>& method, const std::vector<Effect>& fx) {
  std::vector<Slots> used(p.methods.size(), Slots(p.locals_size));
  for (std::size_t m = 0; m < p.methods.size(); ++m)
    for (std::size_t a = 0; a < p.methods[m].params.size(); ++a)
      used[m].add(p.methods[m].param_offsets[a], p.methods[m].params[a]->size);
  for (std::size_t i = 0; i < p.code.size(); ++i) {
    if (method[i] < 0) continue;
    used[method[i]].unite(fx[i].use);
    used[method[i]].unite(fx[i].def);
  }
  return used;
}

}  // namespace

std::vector<DeadLocals> dead_locals(const Program& p) {
  const int n = p.locals_size;
  const std::size_t size = p.code.size();
  std::vector<Effect> fx;
  fx.reserve(size);
  for (const Instr& in : p.code) fx.push_back(effect(in, n));
  std::vector<std::vector<int>> next(size);
  for (std::size_t i = 0; i < size; ++i) next[i] = successors(p, i);

  // Round-robin to the least fixed point, last statement first.
  std::vector<Slots> live_in(size, Slots(n));
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = size; i-- > 0;) {
      Slots out(n);
      for (int j : next[i]) out.unite(live_in[j]);
      changed = live_in[i].assign_transfer(fx[i].use, out, fx[i].def) || changed;
    }
  }

  const std::vector<int> method = methods_of_code(p);
  const std::vector<Slots> used = slots_of_methods(p, method, fx);
  std::vector<Slots> refs(p.methods.size(), Slots(n));
  for (std::size_t m = 0; m < p.methods.size(); ++m)
    for (auto [off, type] : p.methods[m].local_refs) refs[m].add(off, 1);
  std::vector<DeadLocals> dead(size);
  for (std::size_t i = 0; i < size; ++i) {
    const int m = method[i];
    if (m < 0) continue;
    for (int s = 0; s < n; ++s) {
      if (!used[m].has(s) || live_in[i].has(s)) continue;
      (refs[m].has(s) ? dead[i].refs : dead[i].values).push_back(s);
    }
  }
  return dead;
}

}  // namespace frontend
