#include "frontend/reduce/symmetry.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "frontend/analysis/lock_slots.hpp"
#include "frontend/analysis/ring_indices.hpp"

namespace frontend {

namespace {

[[noreturn]] void not_symmetric(const Program& p, Loc loc, const char* what) {
  fail(p.file, loc,
       fmt::format("--symmetry needs a model in which no statement depends on which thread runs it, and {} "
                   "does; generate without --symmetry",
                   what));
}

bool holds_reference(const Type& t) {
  if (t.kind == Type::Ref) return true;
  for (const TypeP& e : t.elems)
    if (holds_reference(*e)) return true;
  return false;
}

}  // namespace

void require_symmetric(Program& p) {
  p.thread_arrays = ring_indexed_arrays(p);
  const bool locks_in_sets = lock_slots(p).in_set;
  for (const Instr& in : p.code) {
    if ((in.op == Instr::Lock || in.op == Instr::Unlock) && locks_in_sets)
      not_symmetric(p, in.loc, "a lock kept in a set (whose holder a permutation cannot rename)");
    // Node numbers in a label follow the heap's canonical numbering, which a
    // permutation of the threads may change.
    if (in.op == Instr::Return && in.rhs && holds_reference(*in.rhs->type))
      not_symmetric(p, in.loc, "a label that shows a node returned here");
  }
  for (const MethodInfo& m : p.methods)
    for (const TypeP& t : m.params)
      if (holds_reference(*t)) not_symmetric(p, m.loc, "a label that shows a node passed to this method");
}

SymmetryCanonicalizer::SymmetryCanonicalizer(const Program& p, const lts::ThreadPermutations& group)
    : p_(p),
      group_(group),
      heap_(p),
      locks_(lock_slots(p)),
      keys_(static_cast<std::size_t>(p.threads) * p.thread_stride),
      order_(p.threads),
      position_(p.threads) {}

// The key of thread t: its part with every reference slot reduced to null or
// not, since node numbers depend on the order of the threads.
void SymmetryCanonicalizer::mask_references(const std::int32_t* state, int t, std::int32_t* key) const {
  const int b = p_.thread_at(t);
  std::memcpy(key, state + b, sizeof(std::int32_t) * p_.thread_stride);
  for (auto [off, type] : p_.thread_refs) key[off] = key[off] != 0;
  const int m = heap_.method_of(state[b + Program::pc_slot]);
  if (m >= 0)
    for (auto [off, type] : p_.methods[m].local_refs) key[p_.locals + off] = key[p_.locals + off] != 0;
  // A lock's holder is a thread number, which the permutation renames.
  for (int off : locks_.thread) key[off] = key[off] != 0;
  if (m >= 0)
    for (int off : locks_.locals[static_cast<std::size_t>(m)]) key[off] = key[off] != 0;
  if (p_.uses_ll) key[Program::link_slot + 1] = key[Program::link_slot + 1] != 0;
}

// In candidate_, a lock held by thread t (value t+1) is now held by the
// thread at t's new position.
void SymmetryCanonicalizer::rename_holders() {
  for (int i = 0; i < p_.threads; ++i) position_[static_cast<std::size_t>(order_[i])] = i;
  auto rename = [&](std::int32_t& v) {
    if (v > 0) v = position_[static_cast<std::size_t>(v - 1)] + 1;
  };
  for (int slot : locks_.shared) rename(candidate_[static_cast<std::size_t>(slot)]);
  for (int i = 0; i < p_.threads; ++i) {
    std::int32_t* part = candidate_.data() + p_.thread_at(i);
    for (int off : locks_.thread) rename(part[off]);
    const int m = heap_.method_of(part[Program::pc_slot]);
    if (m >= 0)
      for (int off : locks_.locals[static_cast<std::size_t>(m)]) rename(part[off]);
  }
}

// The heap-canonical form of `state` with its threads in order_; kept when least.
void SymmetryCanonicalizer::try_order(const std::int32_t* state) {
  candidate_.assign(state, state + p_.state_size);
  for (int i = 0; i < p_.threads; ++i)
    std::memcpy(candidate_.data() + p_.thread_at(i), state + p_.thread_at(order_[i]),
                sizeof(std::int32_t) * p_.thread_stride);
  for (const ThreadArray& a : p_.thread_arrays)  // element i is thread i's, relative to it
    for (int i = 0; i < p_.threads; ++i)
      std::memcpy(candidate_.data() + a.slot + i * a.element_size, state + a.slot + order_[i] * a.element_size,
                  sizeof(std::int32_t) * a.element_size);
  if (locks_.any()) rename_holders();
  heap_.run(candidate_.data());
  if (!have_best_ || candidate_ < best_) {
    best_.swap(candidate_);
    best_order_ = order_;
    have_best_ = true;
  }
}

lts::PermutationId SymmetryCanonicalizer::run(std::int32_t* state) {
  have_best_ = false;
  if (p_.rotations()) {
    for (int r = 0; r < p_.threads; ++r) {
      for (int i = 0; i < p_.threads; ++i) order_[i] = (i + r) % p_.threads;
      try_order(state);
    }
  } else {
    sorted_orders(state);
  }
  std::memcpy(state, best_.data(), sizeof(std::int32_t) * p_.state_size);
  // Position i of the representative holds thread best_order_[i] of `state`.
  return group_.find(best_order_);
}

// Every ordering of the threads that sorts them by their keys, tried.
void SymmetryCanonicalizer::sorted_orders(const std::int32_t* state) {
  const int stride = p_.thread_stride;
  for (int t = 0; t < p_.threads; ++t) mask_references(state, t, keys_.data() + t * stride);
  auto key_less = [&](int a, int b) {
    return std::lexicographical_compare(keys_.data() + a * stride, keys_.data() + (a + 1) * stride,
                                        keys_.data() + b * stride, keys_.data() + (b + 1) * stride);
  };
  auto key_equal = [&](int a, int b) {
    return std::equal(keys_.data() + a * stride, keys_.data() + (a + 1) * stride, keys_.data() + b * stride);
  };
  for (int t = 0; t < p_.threads; ++t) order_[t] = t;
  std::sort(order_.begin(), order_.end(), [&](int a, int b) { return key_less(a, b) || (!key_less(b, a) && a < b); });
  // Every ordering that keeps the keys sorted: the permutations within each
  // run of equal keys, enumerated like an odometer over the runs.
  std::vector<std::pair<int, int>>& runs = runs_;
  runs.clear();
  for (int i = 0; i < p_.threads;) {
    int j = i + 1;
    while (j < p_.threads && key_equal(order_[i], order_[j])) ++j;
    if (j - i > 1) runs.emplace_back(i, j);
    i = j;
  }
  for (;;) {
    try_order(state);
    std::size_t r = 0;
    for (; r < runs.size(); ++r) {
      auto [b, e] = runs[r];
      if (std::next_permutation(order_.begin() + b, order_.begin() + e)) break;  // wrapped back to sorted otherwise
    }
    if (r == runs.size()) break;
  }
}

}  // namespace frontend
