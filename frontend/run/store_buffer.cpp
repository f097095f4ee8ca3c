// Store buffers for gen --memory tso|pso (docs/memory-models.md): loads
// through the thread's own buffer, buffered stores, the flushes, and the
// normal form of a PSO buffer. x86-TSO after Owens, Sarkar, Sewell (TPHOLs
// 2009, Sec. 3); PSO after the SPARC v9 manual, Appendix D.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include <fmt/format.h>

#include "frontend/run/interpreter.hpp"

namespace frontend {

namespace {
// The number of used entries of a buffer (they come first).
int used_entries(const BufferLayout& b, const std::int32_t* buf) {
  int used = 0;
  while (used < b.capacity && buf[used * b.entry()] != 0) ++used;
  return used;
}

bool overlap(const std::int32_t* x, const std::int32_t* y) {
  return x[0] < y[0] + y[1] && y[0] < x[0] + x[1];
}
}  // namespace

// A load reads the newest pending store of its own thread to the slot,
// else memory (store forwarding, TSO and PSO alike).
std::int32_t Interpreter::load(std::int32_t a) const {
  if (!weak_ || a >= p_.thread_base) return s_[a];
  const BufferLayout& b = p_.buffers;
  const std::int32_t* e = s_ + b.at(t_);
  std::int32_t v = s_[a];
  for (int i = 0; i < b.capacity && e[0] != 0; ++i, e += b.entry())
    if (a >= e[0] - 1 && a < e[0] - 1 + e[1]) v = e[2 + a - (e[0] - 1)];
  return v;
}

void Interpreter::load(std::int32_t a, int n, std::int32_t* out) const {
  if (!weak_ || a >= p_.thread_base) {
    std::memcpy(out, s_ + a, sizeof(std::int32_t) * n);
    return;
  }
  for (int i = 0; i < n; ++i) out[i] = load(a + i);
}

bool Interpreter::buffer_empty() const { return s_[p_.buffers.at(t_)] == 0; }

int Interpreter::buffered(const std::int32_t* state, int t) const {
  return used_entries(p_.buffers, state + p_.buffers.at(t));
}

// A plain store to shared memory (outside atomic blocks) joins the end of
// the buffer. A full buffer is a fault, never a dropped store.
void Interpreter::buffer_store(std::int32_t a, int n, const std::int32_t* v, Loc loc) {
  const BufferLayout& b = p_.buffers;
  std::int32_t* buf = s_ + b.at(t_);
  const int used = used_entries(b, buf);
  if (used == b.capacity)
    error(loc, fmt::format("store buffer full: thread {} already has {} pending stores (--buffer {}); give gen a "
                           "larger --buffer, or put a fence before this store",
                           t_ + 1, used, b.capacity));
  std::int32_t* e = buf + used * b.entry();
  e[0] = a + 1;
  e[1] = n;
  std::memcpy(e + 2, v, sizeof(std::int32_t) * n);
}

// The flushes of thread t: one internal step per entry that may reach
// memory next, the oldest under tso, under pso the oldest of each location
// (an entry no older pending store overlaps). Also while t is between
// operations. With thread steps they are step(T,flush): steps of the memory,
// not of t's call (docs/memory-models.md, "Progress properties").
void Interpreter::flushes(const std::int32_t* state, int t, Successors& out) {
  const BufferLayout& b = p_.buffers;
  const int used = used_entries(b, state + b.at(t));
  t_ = t;
  tb_ = p_.thread_at(t);
  instr_ = -1;
  for (int i = 0; i < used; ++i) {
    const std::int32_t* buf = state + b.at(t);
    const std::int32_t* e = buf + i * b.entry();
    if (p_.memory == Memory::tso && i > 0) break;
    bool older = false;
    for (int j = 0; j < i && !older; ++j) older = overlap(buf + j * b.entry(), e);
    if (older) continue;
    work_.s.assign(state, state + p_.state_size);
    work_.dirty = false;
    s_ = work_.s.data();
    cur_ = &work_;
    std::memcpy(s_ + e[0] - 1, e + 2, sizeof(std::int32_t) * e[1]);
    if (p_.uses_ll) invalidate_links(e[0] - 1, e[1]);
    std::int32_t* first = s_ + b.at(t);
    std::memmove(first + i * b.entry(), first + (i + 1) * b.entry(),
                 sizeof(std::int32_t) * (used - i - 1) * b.entry());
    std::fill(first + (used - 1) * b.entry(), first + used * b.entry(), 0);
    emit(work_.s, labels_.flush(t), out);
  }
}

// PSO: the pending stores of one thread form a partial order (entries that
// overlap keep their order); its normal form is the least linear extension
// by (address, length), so that buffers with the same per-location FIFOs
// are one state.
void Interpreter::normalise_buffers(std::int32_t* s) const {
  const BufferLayout& b = p_.buffers;
  const int en = b.entry();
  std::vector<std::int32_t>& sorted = scratch_;
  for (int t = 0; t < p_.threads; ++t) {
    std::int32_t* buf = s + b.at(t);
    const int used = used_entries(b, buf);
    if (used < 2) continue;
    sorted.clear();
    std::uint64_t taken = 0;  // a bit per entry: at most limits::max_buffer = 64 entries
    const auto is_taken = [&](int i) { return (taken >> i) & 1; };
    for (int k = 0; k < used; ++k) {
      int best = -1;
      for (int i = 0; i < used; ++i) {
        if (is_taken(i)) continue;
        bool ready = true;
        for (int j = 0; j < i && ready; ++j) ready = is_taken(j) || !overlap(buf + j * en, buf + i * en);
        if (!ready) continue;
        const std::int32_t* x = buf + i * en;
        if (best < 0 || x[0] < buf[best * en] || (x[0] == buf[best * en] && x[1] < buf[best * en + 1])) best = i;
      }
      taken |= std::uint64_t{1} << best;
      sorted.insert(sorted.end(), buf + best * en, buf + (best + 1) * en);
    }
    std::copy(sorted.begin(), sorted.end(), buf);
  }
}

}  // namespace frontend
