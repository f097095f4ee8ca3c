#include "frontend/analysis/independence.hpp"

#include <algorithm>

namespace frontend {

Independence::Independence(const Program& p)
    : p_(p), footprints_(p), guarded_(p, footprints_), method_of_code_(methods_of_code(p)), reached_(p.nodes.size()) {
  for (std::size_t n = 0; n < p.nodes.size(); ++n) reached_[n].assign(p.nodes[n].pool + 1, 0);
}

// Marks the nodes reachable from the shared variables and from every thread
// but t: only those can another thread ever read or write (it obtains
// references only by reading them; a garbage-collected `new` returns an
// unreachable node).
void Independence::mark_reachable(const std::int32_t* s, int t) {
  for (auto& r : reached_) std::fill(r.begin(), r.end(), 0);
  queue_.clear();
  auto visit = [&](int type, std::int32_t ref) {
    if (ref == 0 || reached_[type][ref]) return;
    reached_[type][ref] = 1;
    queue_.emplace_back(type, ref);
  };
  for (auto [slot, type] : p_.shared_refs) visit(type, s[slot]);
  for (int u = 0; u < p_.threads; ++u) {
    if (u == t) continue;
    const int b = p_.thread_at(u);
    for (auto [off, type] : p_.thread_refs) visit(type, s[b + off]);
    const std::int32_t pc = s[b + Program::pc_slot];
    const int m = pc == 0 ? -1 : method_of_code_[pc - 1];
    if (m >= 0)
      for (auto [off, type] : p_.methods[m].local_refs) visit(type, s[b + p_.locals + off]);
    if (p_.uses_ll && s[b + Program::link_slot] >= 2)
      visit(s[b + Program::link_slot] - 2, s[b + Program::link_slot + 1]);
  }
  for (std::size_t i = 0; i < queue_.size(); ++i) {
    const auto [type, ref] = queue_[i];
    const NodeType& nt = p_.nodes[type];
    const int b = nt.base + (ref - 1) * nt.stride + 1;
    for (auto [off, ft] : nt.ref_fields) visit(ft, s[b + off]);
  }
  marked_ = true;
}

bool Independence::heap_private(const std::int32_t* s, int t, std::int32_t slot) {
  for (std::size_t n = 0; n < p_.nodes.size(); ++n) {
    const NodeType& nt = p_.nodes[n];
    if (slot < nt.base || slot >= nt.base + nt.pool * nt.stride) continue;
    const std::int32_t ref = (slot - nt.base) / nt.stride + 1;
    // A freed node of a manual pool may be handed out again to anyone.
    if (nt.manual && s[nt.base + (ref - 1) * nt.stride] == 0) return false;
    if (!marked_) mark_reachable(s, t);
    return !reached_[n][ref];
  }
  return false;
}

int Independence::allocated_nodes(const std::int32_t* s, int n) const {
  const NodeType& nt = p_.nodes[n];
  int used = 0;
  for (int r = 0; r < nt.pool; ++r) used += s[nt.base + r * nt.stride] != 0;
  return used;
}

// Allocation failure is a run-time fault, so the free nodes of a pool are
// read by every `new` and written by every step that allocates or drops the
// last reference to a node. Either kind of step of t commutes with the other
// threads when no allocation can fail in any order: at least one free node
// more than they may still allocate (one fewer suffices if t only frees).
bool Independence::pools_allow(const std::int32_t* s, int t, const StepAccess& access, const std::int32_t* next) const {
  for (std::size_t n = 0; n < p_.nodes.size(); ++n) {
    const NodeType& nt = p_.nodes[n];
    const bool allocates =
        std::find(access.allocated.begin(), access.allocated.end(), static_cast<int>(n)) != access.allocated.end();
    const int before = allocated_nodes(s, static_cast<int>(n));
    if (!allocates && allocated_nodes(next, static_cast<int>(n)) == before) continue;
    std::uint64_t others = 0;
    for (int u = 0; u < p_.threads; ++u) {
      if (u == t) continue;
      const std::uint64_t a = footprints_.future_allocations(s, p_.thread_at(u), static_cast<int>(n));
      if (a == Footprints::unbounded) return false;
      others += a;
    }
    const std::uint64_t free = static_cast<std::uint64_t>(nt.pool - before);
    if (free < others + (allocates ? 1 : 0)) return false;
  }
  return true;
}

bool Independence::independent(const std::int32_t* s, int t, const StepAccess& access, const std::int32_t* next) {
  if (access.opaque || !footprints_.usable()) return false;
  marked_ = false;
  const int own = p_.thread_at(t);
  reads_.assign((footprints_.locations() + 63) / 64, 0);
  writes_.assign(reads_.size(), 0);
  for (int u = 0; u < p_.threads; ++u)
    if (u != t) footprints_.add_future(s, u, reads_, writes_);
  auto allowed = [&](std::int32_t slot, bool written) {
    if (slot >= own && slot < own + p_.thread_stride) return true;
    const int loc = footprints_.location_of(slot);
    if (loc < 0) return false;  // another thread's part
    if (!Footprints::test(writes_, loc) && !(written && Footprints::test(reads_, loc))) return true;
    // The node of a heap slot stays allocated: the step reached it from t's
    // own variables through slots that are themselves allowed here.
    if (!written && guarded_.settled(s, slot, loc)) return true;
    return slot >= p_.shared_size && heap_private(s, t, slot);
  };
  for (std::int32_t slot : access.written)
    if (!allowed(slot, true)) return false;
  for (std::int32_t slot : access.accessed)
    if (!allowed(slot, false)) return false;
  return pools_allow(s, t, access, next);
}

}  // namespace frontend
