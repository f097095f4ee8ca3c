#include "frontend/footprint.hpp"

#include <algorithm>

#include "frontend/builtins.hpp"

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
  if (words_ * 2 * (p.code.size() + 1) > max_words) {
    usable_ = false;
    return;
  }
  method_end_.assign(p.code.size(), static_cast<int>(p.code.size()));
  for (std::size_t m = 0; m < p.methods.size(); ++m) {
    const std::size_t end = m + 1 < p.methods.size() ? p.methods[m + 1].entry : p.code.size();
    for (std::size_t i = p.methods[m].entry; i < end; ++i) method_end_[i] = static_cast<int>(end);
  }
  analyse_accesses();
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

void Footprints::set_node(int n, Bits& b) const {
  for (int i = 0; i < p_.nodes[n].stride; ++i) set(b, heap_location_[n] + i);
}

// Every abstract location `e` reads (and writes: the primitives of builtins.hpp that write).
void Footprints::read_expr(const RExpr& e, Bits& reads, Bits& writes) const {
  switch (e.op) {
    case RExpr::Shared:
    case RExpr::Field: set_region(e, reads); break;
    default:
      if (const Primitive* p = find_primitive(e.op); p && p->writes)
        for (int i = 0; i < p->locations; ++i) write_target(*e.k[i], reads, writes);
      break;
  }
  for (const auto& k : e.k) read_expr(*k, reads, writes);
}

// A store to location `e`: its whole variable or field is written (and read).
void Footprints::write_target(const RExpr& e, Bits& reads, Bits& writes) const {
  const RExpr* root = &e;
  while (root->op == RExpr::Index || root->op == RExpr::Proj) {
    if (root->op == RExpr::Index) read_expr(*root->k[1], reads, writes);
    root = root->k[0].get();
  }
  set_region(*root, writes);
  read_expr(*root, reads, writes);
}

void Footprints::local_effects(const Instr& in, Bits& reads, Bits& writes) const {
  switch (in.op) {
    case Instr::Assign:
      if (in.lhs->op == RExpr::TupleLit) {
        for (const auto& k : in.lhs->k) write_target(*k, reads, writes);
      } else {
        write_target(*in.lhs, reads, writes);
      }
      read_expr(*in.rhs, reads, writes);
      break;
    case Instr::New:
      write_target(*in.lhs, reads, writes);
      for (const auto& a : in.args) read_expr(*a, reads, writes);
      // A manual pool may hand out a freed node that someone still points to.
      if (p_.nodes[in.node].manual) {
        set_node(in.node, writes);
        set_node(in.node, reads);
      }
      break;
    case Instr::Choose: write_target(*in.lhs, reads, writes); break;
    case Instr::Lock:
    case Instr::Unlock: write_target(*in.rhs, reads, writes); break;
    case Instr::Free:
      read_expr(*in.rhs, reads, writes);
      set_node(in.rhs->type->id, writes);
      break;
    default:
      if (in.rhs) read_expr(*in.rhs, reads, writes);
      for (const auto& a : in.args) read_expr(*a, reads, writes);
  }
}

// Backward fixpoint: what the code from each instruction to its method's end touches.
void Footprints::analyse_accesses() {
  const std::size_t n = p_.code.size();
  reads_.assign(n, Bits(words_, 0));
  writes_.assign(n, Bits(words_, 0));
  std::vector<Bits> own_reads(n, Bits(words_, 0)), own_writes(n, Bits(words_, 0));
  std::vector<std::vector<int>> next(n);
  for (std::size_t i = 0; i < n; ++i) {
    local_effects(p_.code[i], own_reads[i], own_writes[i]);
    reads_[i] = own_reads[i];
    writes_[i] = own_writes[i];
    next[i] = successors(i);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = n; i-- > 0;)
      for (int j : next[i]) {
        for (std::size_t w = 0; w < words_; ++w) {
          const std::uint64_t r = reads_[i][w] | reads_[j][w], wr = writes_[i][w] | writes_[j][w];
          changed = changed || r != reads_[i][w] || wr != writes_[i][w];
          reads_[i][w] = r;
          writes_[i][w] = wr;
        }
      }
  }
  all_reads_.assign(words_, 0);
  all_writes_.assign(words_, 0);
  for (std::size_t m = 0; m < p_.methods.size(); ++m) {
    if (static_cast<int>(m) == p_.init_method || p_.methods[m].entry >= static_cast<int>(n)) continue;
    unite(all_reads_, reads_[p_.methods[m].entry]);
    unite(all_writes_, writes_[p_.methods[m].entry]);
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

void Footprints::add_future(const std::int32_t* state, int tb, Bits& reads, Bits& writes) const {
  const std::int32_t pc = state[tb + Program::pc_slot];
  if (pc != 0 && !state[tb + Program::returning_slot]) {
    unite(reads, reads_[pc - 1]);
    unite(writes, writes_[pc - 1]);
  }
  if (p_.ops < 0 || state[tb + Program::ops_slot] < p_.ops) {
    unite(reads, all_reads_);
    unite(writes, all_writes_);
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
