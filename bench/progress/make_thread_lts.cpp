// A thread-attributed object system for benchmarking `refines --progress`:
// K threads call an increment for ever on a shared counter mod V, every
// internal step written step(T) as `gen --thread-steps` does.
//   make_thread_lts cas K V    read C; CAS(C, r, r+1), retry on failure (lock-free, not wait-free)
//   make_thread_lts lock K V   test-and-set lock, read, write, unlock; waiting is a step (blocking)
// Writes the .aut on standard output, states numbered breadth-first.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

// Per thread 6 bits: pc (3 bits) and a local value (3 bits, V <= 8); then
// the counter (3 bits) and the lock owner (4 bits, K <= 8).
struct Layout {
  int threads, values;
  int pc(std::uint64_t s, int t) const { return static_cast<int>(s >> (6 * t) & 7); }
  int local(std::uint64_t s, int t) const { return static_cast<int>(s >> (6 * t + 3) & 7); }
  int counter(std::uint64_t s) const { return static_cast<int>(s >> (6 * threads) & 7); }
  int owner(std::uint64_t s) const { return static_cast<int>(s >> (6 * threads + 3) & 15); }
  std::uint64_t with_thread(std::uint64_t s, int t, int pc, int local) const {
    s &= ~(std::uint64_t{63} << (6 * t));
    return s | (static_cast<std::uint64_t>(pc) | static_cast<std::uint64_t>(local) << 3) << (6 * t);
  }
  std::uint64_t with_counter(std::uint64_t s, int c) const {
    return (s & ~(std::uint64_t{7} << (6 * threads))) | static_cast<std::uint64_t>(c) << (6 * threads);
  }
  std::uint64_t with_owner(std::uint64_t s, int o) const {
    return (s & ~(std::uint64_t{15} << (6 * threads + 3))) | static_cast<std::uint64_t>(o) << (6 * threads + 3);
  }
};

struct Move {
  std::string label;
  std::uint64_t to;
};

// pc 0 idle, 1 read, 2 CAS, 3 return r.
Move cas_move(const Layout& l, std::uint64_t s, int t) {
  const std::string T = std::to_string(t + 1), step = "step(" + T + ")";
  const int r = l.local(s, t), c = l.counter(s);
  switch (l.pc(s, t)) {
    case 0: return {"call(" + T + ",inc)", l.with_thread(s, t, 1, 0)};
    case 1: return {step, l.with_thread(s, t, 2, c)};
    case 2:
      if (c != r) return {step, l.with_thread(s, t, 1, 0)};
      return {step, l.with_counter(l.with_thread(s, t, 3, r), (c + 1) % l.values)};
    default: return {"ret(" + T + ",inc," + std::to_string(r) + ")", l.with_thread(s, t, 0, 0)};
  }
}

// pc 0 idle, 1 acquire, 2 read, 3 write, 4 release, 5 return r.
Move lock_move(const Layout& l, std::uint64_t s, int t) {
  const std::string T = std::to_string(t + 1), step = "step(" + T + ")";
  const int r = l.local(s, t);
  switch (l.pc(s, t)) {
    case 0: return {"call(" + T + ",inc)", l.with_thread(s, t, 1, 0)};
    case 1:
      if (l.owner(s) != 0) return {step, s};  // waiting is a step
      return {step, l.with_owner(l.with_thread(s, t, 2, 0), t + 1)};
    case 2: return {step, l.with_thread(s, t, 3, l.counter(s))};
    case 3: return {step, l.with_counter(l.with_thread(s, t, 4, r), (r + 1) % l.values)};
    case 4: return {step, l.with_owner(l.with_thread(s, t, 5, r), 0)};
    default: return {"ret(" + T + ",inc," + std::to_string(r) + ")", l.with_thread(s, t, 0, 0)};
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: make_thread_lts cas|lock K V   (K threads <= 8, counter mod V <= 8)\n");
    return 2;
  }
  const std::string kind = argv[1];
  const Layout l{std::atoi(argv[2]), std::atoi(argv[3])};
  if ((kind != "cas" && kind != "lock") || l.threads < 1 || l.threads > 8 || l.values < 1 || l.values > 8) {
    std::fprintf(stderr, "make_thread_lts: bad arguments\n");
    return 2;
  }
  std::unordered_map<std::uint64_t, std::uint32_t> id{{0, 0}};
  std::vector<std::uint64_t> states{0};
  std::vector<std::string> names;
  std::unordered_map<std::string, std::uint32_t> label_id;
  struct Edge {
    std::uint32_t from, label, to;
  };
  std::vector<Edge> edges;
  for (std::uint32_t i = 0; i < states.size(); ++i) {
    for (int t = 0; t < l.threads; ++t) {
      const Move m = kind == "cas" ? cas_move(l, states[i], t) : lock_move(l, states[i], t);
      const auto [it, added] = id.emplace(m.to, static_cast<std::uint32_t>(states.size()));
      if (added) states.push_back(m.to);
      const auto [lit, ladded] = label_id.emplace(m.label, static_cast<std::uint32_t>(names.size()));
      if (ladded) names.push_back(m.label);
      edges.push_back({i, lit->second, it->second});
    }
  }
  std::printf("des (0, %zu, %zu)\n", edges.size(), states.size());
  for (const Edge& e : edges) std::printf("(%u, \"%s\", %u)\n", e.from, names[e.label].c_str(), e.to);
  return 0;
}
