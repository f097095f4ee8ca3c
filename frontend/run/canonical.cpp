#include "frontend/run/canonical.hpp"

#include <algorithm>
#include <cstring>

namespace frontend {

Canonicalizer::Canonicalizer(const Program& p, bool renumber)
    : p_(p), renumber_(renumber), method_of_code_(methods_of_code(p)), map_(p.nodes.size()), next_(p.nodes.size()) {
  for (std::size_t n = 0; n < p.nodes.size(); ++n) map_[n].assign(p.nodes[n].pool + 1, 0);
  if (!p.weak()) return;
  in_node_.assign(p.thread_base, -1);
  holds_ref_.assign(p.thread_base, -1);
  for (auto [slot, type] : p.shared_refs) holds_ref_[slot] = type;
  for (std::size_t n = 0; n < p.nodes.size(); ++n) {
    const NodeType& nt = p.nodes[n];
    for (int r = 0; r < nt.pool; ++r) {
      const int b = nt.base + r * nt.stride;
      std::fill(in_node_.begin() + b, in_node_.begin() + b + nt.stride, static_cast<int>(n));
      for (auto [off, ft] : nt.ref_fields) holds_ref_[b + 1 + off] = ft;
    }
  }
}

// A pending store keeps alive the node it writes into and the nodes it
// refers to: flushed later, it makes them reachable (or writes them).
template <class F, class G>
void Canonicalizer::for_each_buffer_ref(std::int32_t* s, F&& f, G&& g) {
  const BufferLayout& b = p_.buffers;
  for (int t = 0; t < p_.threads; ++t) {
    std::int32_t* e = s + b.at(t);
    for (int i = 0; i < b.capacity && e[0] != 0; ++i, e += b.entry()) {
      const int a = e[0] - 1;
      if (in_node_[a] >= 0) f(in_node_[a], e);
      for (int k = 0; k < e[1]; ++k)
        if (holds_ref_[a + k] >= 0) g(holds_ref_[a + k], e + 2 + k);
    }
  }
}

void Canonicalizer::visit(int type, std::int32_t ref) {
  if (ref == 0 || map_[type][ref] != 0) return;
  map_[type][ref] = renumber_ ? ++next_[type] : ref;
  identity_ = identity_ && map_[type][ref] == ref;
  queue_.emplace_back(type, ref);
}

// Calls f(slot, node type) for every root reference, in the canonical order.
template <class F>
void Canonicalizer::for_each_root(std::int32_t* s, F&& f) {
  for (auto [slot, type] : p_.shared_refs) f(slot, type);
  for (int t = 0; t < p_.threads; ++t) {
    const int b = p_.thread_at(t);
    for (auto [off, type] : p_.thread_refs) f(b + off, type);
    const int m = method_of(s[b + Program::pc_slot]);
    if (m >= 0)
      for (auto [off, type] : p_.methods[m].local_refs) f(b + p_.locals + off, type);
    if (p_.uses_ll && s[b + Program::link_slot] >= 2) f(b + Program::link_slot + 1, s[b + Program::link_slot] - 2);
  }
}

void Canonicalizer::run(std::int32_t* s) {
  if (p_.nodes.empty()) return;
  for (std::size_t n = 0; n < map_.size(); ++n) {
    std::fill(map_[n].begin(), map_[n].end(), 0);
    next_[n] = 0;
  }
  queue_.clear();
  identity_ = true;
  auto drain = [&](std::size_t from) {
    for (std::size_t i = from; i < queue_.size(); ++i) {
      const auto [type, ref] = queue_[i];
      const NodeType& nt = p_.nodes[type];
      const int b = nt.base + (ref - 1) * nt.stride + 1;
      for (auto [off, ft] : nt.ref_fields) visit(ft, s[b + off]);
    }
    return queue_.size();
  };
  for_each_root(s, [&](int slot, int type) { visit(type, s[slot]); });
  if (p_.weak()) {
    for_each_buffer_ref(
        s,
        [&](int type, const std::int32_t* e) {
          const NodeType& nt = p_.nodes[type];
          visit(type, (e[0] - 1 - nt.base) / nt.stride + 1);
        },
        [&](int type, const std::int32_t* v) { visit(type, *v); });
  }
  std::size_t done = drain(0);
  for (std::size_t n = 0; n < p_.nodes.size(); ++n) {
    const NodeType& nt = p_.nodes[n];
    if (!nt.manual) continue;
    for (int r = 1; r <= nt.pool; ++r)
      if (s[nt.base + (r - 1) * nt.stride] == 1) {
        visit(static_cast<int>(n), r);
        done = drain(done);
      }
  }
  // Most steps leave the heap canonical: nothing to move, and every node not
  // met is free with its initial contents (a garbage-collected node is only
  // ever freed by the rebuild below, which resets it; a freed manual node may
  // hold stale contents).
  if (identity_) {
    bool clean = true;
    for (std::size_t n = 0; n < p_.nodes.size() && clean; ++n) {
      const NodeType& nt = p_.nodes[n];
      for (int r = 1; r <= nt.pool && clean; ++r) {
        if (map_[n][r] != 0) continue;
        const int b = nt.base + (r - 1) * nt.stride;
        clean = s[b] == 0 && (!nt.manual || std::equal(s + b, s + b + nt.stride, p_.initial.data() + b));
      }
    }
    if (clean) return;
  }
  // Rebuild the heap in the new order; the rest returns to its initial (free) contents.
  heap_.assign(s + p_.shared_size, s + p_.shared_size + p_.heap_size);
  std::memcpy(s + p_.shared_size, p_.initial.data() + p_.shared_size, sizeof(std::int32_t) * p_.heap_size);
  for (std::size_t n = 0; n < p_.nodes.size(); ++n) {
    const NodeType& nt = p_.nodes[n];
    for (int r = 1; r <= nt.pool; ++r) {
      const std::int32_t to = map_[n][r];
      if (to == 0) continue;
      const int from_off = nt.base - p_.shared_size + (r - 1) * nt.stride;
      std::int32_t* dst = s + nt.base + (to - 1) * nt.stride;
      std::memcpy(dst, heap_.data() + from_off, sizeof(std::int32_t) * nt.stride);
      for (auto [off, ft] : nt.ref_fields) dst[1 + off] = map_[ft][dst[1 + off]];
    }
  }
  for_each_root(s, [&](int slot, int type) { s[slot] = map_[type][s[slot]]; });
  if (p_.weak()) {
    for_each_buffer_ref(
        s,
        [&](int type, std::int32_t* e) {
          const NodeType& nt = p_.nodes[type];
          const int at = e[0] - 1 - nt.base;
          e[0] = nt.base + (map_[type][at / nt.stride + 1] - 1) * nt.stride + at % nt.stride + 1;
        },
        [&](int type, std::int32_t* v) { *v = map_[type][*v]; });
  }
}

}  // namespace frontend
