#include "frontend/analysis/footprint.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>

#include "frontend/language/builtins.hpp"

namespace frontend {

namespace {
// Bitsets beyond this many words in all (per instruction, reads and writes)
// are not built: the reduction is then off for the program.
constexpr std::size_t max_words = std::size_t{1} << 23;
// Passes of the longest-path iteration for allocations before giving up (unbounded).
constexpr int max_passes = 256;

void unite(Footprints::Bits& into, const Footprints::Bits& from) {
  for (std::size_t w = 0; w < into.size(); ++w) into[w] |= from[w];
}
void set(Footprints::Bits& b, int i) { b[i >> 6] |= std::uint64_t{1} << (i & 63); }
}  // namespace

Footprints::Footprints(const Program& p) : p_(p) {
  locations_ = p.shared_size;
  for (const NodeType& nt : p.nodes) {
    heap_location_.push_back(locations_);
    locations_ += nt.stride;
  }
  words_ = (static_cast<std::size_t>(locations_) + 63) / 64;
  const bool names_tid = std::any_of(p.code.begin(), p.code.end(), [](const Instr& in) {
    if (find_tid(in.lhs.get()) || find_tid(in.rhs.get())) return true;
    return std::any_of(in.args.begin(), in.args.end(), [](const RExprP& a) { return find_tid(a.get()) != nullptr; });
  });
  variants_ = names_tid ? p.threads : 1;
  if (words_ * 2 * (p.code.size() + 1) * static_cast<std::size_t>(variants_) > max_words) {
    usable_ = false;
    return;
  }
  method_end_.assign(p.code.size(), static_cast<int>(p.code.size()));
  for (std::size_t m = 0; m < p.methods.size(); ++m) {
    const std::size_t end = m + 1 < p.methods.size() ? p.methods[m + 1].entry : p.code.size();
    for (std::size_t i = p.methods[m].entry; i < end; ++i) method_end_[i] = static_cast<int>(end);
  }
  reads_.resize(static_cast<std::size_t>(variants_));
  writes_.resize(reads_.size());
  all_reads_.resize(reads_.size());
  all_writes_.resize(reads_.size());
  for (int v = 0; v < variants_; ++v) analyse_accesses(v);
  analyse_allocations();
}

int Footprints::location_of(std::int32_t slot) const {
  if (slot < p_.shared_size) return slot;
  for (std::size_t n = 0; n < p_.nodes.size(); ++n) {
    const NodeType& nt = p_.nodes[n];
    if (slot >= nt.base && slot < nt.base + nt.pool * nt.stride)
      return heap_location_[n] + (slot - nt.base) % nt.stride;
  }
  return -1;
}

std::vector<int> Footprints::successors(std::size_t i) const {
  const Instr& in = p_.code[i];
  std::vector<int> next;
  switch (in.op) {
    case Instr::Return:
    case Instr::Fail: break;
    case Instr::Jump: next.push_back(in.target); break;
    case Instr::Branch: next.push_back(in.target); [[fallthrough]];
    default:
      if (static_cast<int>(i) + 1 < method_end_[i]) next.push_back(static_cast<int>(i) + 1);
  }
  return next;
}

void Footprints::set_region(const RExpr& root, Bits& b) const {
  int from = 0;
  if (root.op == RExpr::Shared) {
    from = static_cast<int>(root.a);
  } else if (root.op == RExpr::Field) {
    from = heap_location_[root.node] + 1 + static_cast<int>(root.a);
  } else {
    return;  // a thread's own variable
  }
  for (int i = 0; i < root.type->size; ++i) set(b, from + i);
}

namespace {
// The value of `e` in thread `tid` when constants and `tid` alone decide it
// (none where the interpreter would stop with a fault: a division by zero,
// a value beyond 32 bits).
std::optional<std::int64_t> fixed_value(const RExpr& e, int tid) {
  auto in_range = [](std::int64_t v) -> std::optional<std::int64_t> {
    if (v < INT32_MIN || v > INT32_MAX) return std::nullopt;
    return v;
  };
  if (e.op == RExpr::Const) return e.a;
  if (e.op == RExpr::Tid) return tid;
  if (e.op == RExpr::Neg) {
    const auto a = fixed_value(*e.k[0], tid);
    return a ? in_range(-*a) : std::nullopt;
  }
  if (e.op < RExpr::Add || e.op > RExpr::Mod) return std::nullopt;
  const auto a = fixed_value(*e.k[0], tid), b = fixed_value(*e.k[1], tid);
  if (!a || !b) return std::nullopt;
  switch (e.op) {
    case RExpr::Add: return in_range(*a + *b);
    case RExpr::Sub: return in_range(*a - *b);
    case RExpr::Mul: return in_range(*a * *b);
    default:
      if (*b == 0) return std::nullopt;
      return in_range(e.op == RExpr::Div ? *a / *b : *a % *b);
  }
}
}  // namespace

// Location `e` of thread `tid`: the element or member it names when every
// index on the way is fixed (HP[tid - 1], a[2].next), else its whole
// variable or field.
void Footprints::set_location(const RExpr& e, int tid, Bits& b) const {
  std::int64_t offset = 0;
  bool fixed = true;
  const RExpr* root = &e;
  for (; root->op == RExpr::Index || root->op == RExpr::Proj; root = root->k[0].get()) {
    if (root->op == RExpr::Proj) {
      offset += root->a;
      continue;
    }
    const auto i = fixed_value(*root->k[1], tid);
    if (!i || *i < 0 || *i >= root->k[0]->type->length) {
      fixed = false;  // unknown here, or out of bounds (a run-time fault)
      break;
    }
    offset += *i * root->type->size;
  }
  if (!fixed) {
    while (root->op == RExpr::Index || root->op == RExpr::Proj) root = root->k[0].get();
    return set_region(*root, b);
  }
  std::int64_t from = 0;
  if (root->op == RExpr::Shared) {
    from = root->a;
  } else if (root->op == RExpr::Field) {
    from = heap_location_[root->node] + 1 + root->a;
  } else {
    return;  // a thread's own variable
  }
  for (int i = 0; i < e.type->size; ++i) set(b, static_cast<int>(from + offset + i));
}

void Footprints::set_node(int n, Bits& b) const {
  for (int i = 0; i < p_.nodes[n].stride; ++i) set(b, heap_location_[n] + i);
}

// The expressions that locate `e`: its indices and the references of its fields.
void Footprints::Effects::read_indices(const RExpr& e) {
  const RExpr* r = &e;
  for (; r->op == RExpr::Index || r->op == RExpr::Proj; r = r->k[0].get())
    if (r->op == RExpr::Index) read(*r->k[1]);
  for (const auto& k : r->k) read(*k);
}

// Every abstract location `e` reads (and writes: the primitives of builtins.hpp that write).
void Footprints::Effects::read(const RExpr& e) {
  if ((e.op == RExpr::Index || e.op == RExpr::Proj) && is_location(e)) {
    f.set_location(e, tid, reads);
    return read_indices(e);
  }
  switch (e.op) {
    case RExpr::Shared:
    case RExpr::Field: f.set_region(e, reads); break;
    default:
      if (const Primitive* p = find_primitive(e.op); p && p->writes)
        for (int i = 0; i < p->locations; ++i) write(*e.k[i]);
      break;
  }
  for (const auto& k : e.k) read(*k);
}

// A store to location `e` (which counts as a read too).
void Footprints::Effects::write(const RExpr& e) {
  f.set_location(e, tid, writes);
  f.set_location(e, tid, reads);
  read_indices(e);
}

void Footprints::Effects::instruction(const Instr& in) {
  switch (in.op) {
    case Instr::Assign:
      if (in.lhs->op == RExpr::TupleLit) {
        for (const auto& k : in.lhs->k) write(*k);
      } else {
        write(*in.lhs);
      }
      read(*in.rhs);
      break;
    case Instr::New:
      write(*in.lhs);
      for (const auto& a : in.args) read(*a);
      // A manual pool may hand out a freed node that someone still points to.
      if (f.p_.nodes[in.node].manual) {
        f.set_node(in.node, writes);
        f.set_node(in.node, reads);
      }
      break;
    case Instr::Choose: write(*in.lhs); break;
    case Instr::Lock:
    case Instr::Unlock: write(*in.rhs); break;
    case Instr::Free:
      read(*in.rhs);
      f.set_node(in.rhs->type->id, writes);
      break;
    default:
      if (in.rhs) read(*in.rhs);
      for (const auto& a : in.args) read(*a);
  }
}

// Backward fixpoint: what the code from each instruction to its method's
// end touches, in thread `variant` (from 0; any thread if the code has no `tid`).
void Footprints::analyse_accesses(int variant) {
  const std::size_t n = p_.code.size();
  std::vector<Bits>& reads = reads_[static_cast<std::size_t>(variant)];
  std::vector<Bits>& writes = writes_[static_cast<std::size_t>(variant)];
  reads.assign(n, Bits(words_, 0));
  writes.assign(n, Bits(words_, 0));
  std::vector<std::vector<int>> next(n);
  for (std::size_t i = 0; i < n; ++i) {
    Effects{*this, variant + 1, reads[i], writes[i]}.instruction(p_.code[i]);
    next[i] = successors(i);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = n; i-- > 0;)
      for (int j : next[i]) {
        for (std::size_t w = 0; w < words_; ++w) {
          const std::uint64_t r = reads[i][w] | reads[j][w], wr = writes[i][w] | writes[j][w];
          changed = changed || r != reads[i][w] || wr != writes[i][w];
          reads[i][w] = r;
          writes[i][w] = wr;
        }
      }
  }
  Bits& all_reads = all_reads_[static_cast<std::size_t>(variant)];
  Bits& all_writes = all_writes_[static_cast<std::size_t>(variant)];
  all_reads.assign(words_, 0);
  all_writes.assign(words_, 0);
  for (std::size_t m = 0; m < p_.methods.size(); ++m) {
    if (static_cast<int>(m) == p_.init_method || p_.methods[m].entry >= static_cast<int>(n)) continue;
    unite(all_reads, reads[p_.methods[m].entry]);
    unite(all_writes, writes[p_.methods[m].entry]);
  }
}

// Longest path in `new` instructions of each garbage-collected type; a
// `new` on a cycle makes every instruction that reaches it unbounded.
void Footprints::analyse_allocations() {
  const std::size_t n = p_.code.size();
  allocs_.assign(p_.nodes.size(), std::vector<std::uint32_t>(n, 0));
  allocs_per_op_.assign(p_.nodes.size(), 0);
  std::vector<std::vector<int>> next(n);
  for (std::size_t i = 0; i < n; ++i) next[i] = successors(i);
  for (std::size_t t = 0; t < p_.nodes.size(); ++t) {
    std::vector<std::uint32_t>& a = allocs_[t];
    auto own = [&](std::size_t i) -> std::uint32_t {
      return p_.code[i].op == Instr::New && p_.code[i].node == static_cast<int>(t) ? 1 : 0;
    };
    const std::uint32_t cap =
        static_cast<std::uint32_t>(std::count_if(p_.code.begin(), p_.code.end(), [&](const Instr& in) {
          return in.op == Instr::New && in.node == static_cast<int>(t);
        }));
    bool changed = true;
    for (int pass = 0; changed && pass < max_passes; ++pass) {
      changed = false;
      for (std::size_t i = n; i-- > 0;) {
        std::uint32_t best = 0;
        for (int j : next[i]) best = std::max(best, a[j]);
        std::uint32_t v = best == unbounded ? unbounded : own(i) + best;
        if (v != unbounded && v > cap) v = unbounded;  // more than every `new` once: a cycle
        if (v != a[i]) {
          a[i] = v;
          changed = true;
        }
      }
    }
    if (changed) std::fill(a.begin(), a.end(), unbounded);  // did not settle: assume no bound
    for (std::size_t m = 0; m < p_.methods.size(); ++m) {
      if (static_cast<int>(m) == p_.init_method || p_.methods[m].entry >= static_cast<int>(n)) continue;
      allocs_per_op_[t] = std::max(allocs_per_op_[t], a[p_.methods[m].entry]);
    }
  }
}

void Footprints::add_future(const std::int32_t* state, int u, Bits& reads, Bits& writes) const {
  const std::size_t v = variants_ == 1 ? 0 : static_cast<std::size_t>(u);
  const int tb = p_.thread_at(u);
  const std::int32_t pc = state[tb + Program::pc_slot];
  if (pc != 0 && !state[tb + Program::returning_slot]) {
    unite(reads, reads_[v][pc - 1]);
    unite(writes, writes_[v][pc - 1]);
  }
  if (p_.ops < 0 || state[tb + Program::ops_slot] < p_.ops) {
    unite(reads, all_reads_[v]);
    unite(writes, all_writes_[v]);
  }
}

std::uint64_t Footprints::future_allocations(const std::int32_t* state, int tb, int n) const {
  const std::int32_t pc = state[tb + Program::pc_slot];
  std::uint64_t total = 0;
  if (pc != 0 && !state[tb + Program::returning_slot]) {
    if (allocs_[n][pc - 1] == unbounded) return unbounded;
    total = allocs_[n][pc - 1];
  }
  const std::uint32_t per_op = allocs_per_op_[n];
  const bool calls_left = p_.ops < 0 || state[tb + Program::ops_slot] < p_.ops;
  if (per_op == 0 || !calls_left) return total;
  if (p_.ops < 0 || per_op == unbounded) return unbounded;
  return total + static_cast<std::uint64_t>(p_.ops - state[tb + Program::ops_slot]) * per_op;
}

}  // namespace frontend
