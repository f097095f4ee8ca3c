// make_refine_pair: generated (IMPL, SPEC) pairs for bench/refine/run.sh.
//   blowup N M   SPEC is the NFA of (a|b)* a (a|b)^N with every state
//                accepting, whose subset construction has 2^(N+1) subsets;
//                IMPL is an M-state cycle over a and b. Inclusion holds;
//                antichains keep only the subsets {0}.
//   counter T K VARIANT   T threads each call inc K times on a shared
//                counter (most general clients). VARIANT cas: read, then a
//                CAS that retries on failure (linearizable, lock-free);
//                racy: read, then write (not linearizable); lock: spin
//                on a test-and-set lock (linearizable, not lock-free: a
//                waiting thread spins forever if the holder stops); spec:
//                one atomic step. Labels call(T,inc) and ret(T,inc,V).
// Writes IMPL (or the one LTS) to stdout as .aut.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace {

struct Aut {
  std::vector<std::string> lines;
  unsigned long states = 0;
  void add(unsigned long from, const std::string& label, unsigned long to) {
    lines.push_back(fmt::format("({},{},{})\n", from, label, to));
  }
  void write() const {
    std::printf("des (0, %zu, %lu)\n", lines.size(), states);
    for (const std::string& l : lines) std::fputs(l.c_str(), stdout);
  }
};

void blowup(unsigned n, unsigned m, bool spec) {
  Aut aut;
  if (spec) {
    aut.states = n + 2;
    aut.add(0, "a", 0);
    aut.add(0, "b", 0);
    aut.add(0, "a", 1);
    for (unsigned i = 1; i <= n; ++i) {
      aut.add(i, "a", i + 1);
      aut.add(i, "b", i + 1);
    }
  } else {
    aut.states = m;
    for (unsigned i = 0; i < m; ++i) {
      aut.add(i, "a", (i + 1) % m);
      aut.add(i, "b", (i + 2) % m);
    }
  }
  aut.write();
}

// A thread: ops left, program counter, and its local value.
enum Pc : unsigned char { idle, called, have_read, returning };
struct Thread {
  unsigned char left, pc, local;
  auto operator<=>(const Thread&) const = default;
};
struct State {
  unsigned char value, lock;
  std::vector<Thread> threads;
  auto operator<=>(const State&) const = default;
};

void counter(unsigned t, unsigned k, const std::string& variant) {
  Aut aut;
  std::map<State, unsigned long> ids;
  std::vector<State> todo;
  const auto id = [&](const State& s) {
    const auto [it, fresh] = ids.emplace(s, ids.size());
    if (fresh) todo.push_back(s);
    return it->second;
  };
  id(State{0, 0, std::vector<Thread>(t, Thread{static_cast<unsigned char>(k), idle, 0})});
  while (!todo.empty()) {
    const State s = todo.back();
    todo.pop_back();
    const unsigned long from = ids.at(s);
    for (unsigned i = 0; i < t; ++i) {
      State n = s;
      Thread& th = n.threads[i];
      switch (th.pc) {
        case idle:
          if (th.left == 0) continue;
          th.pc = called;
          aut.add(from, fmt::format("\"call({},inc)\"", i + 1), id(n));
          break;
        case called:
          if (variant == "spec") {
            th.local = n.value++;
            th.pc = returning;
          } else if (variant == "lock") {
            if (n.lock == 0) n.lock = 1, th.pc = have_read;  // else spin: a tau self-loop
          } else {
            th.local = n.value;
            th.pc = have_read;
          }
          aut.add(from, "i", id(n));
          break;
        case have_read:
          if (variant == "lock") {
            th.local = n.value++;
            n.lock = 0;
            th.pc = returning;
          } else if (variant == "racy" || n.value == th.local) {
            n.value = th.local + 1;
            th.pc = returning;
          } else {
            th.pc = called;  // CAS failed: read again
          }
          aut.add(from, "i", id(n));
          break;
        case returning:
          th.pc = idle;
          --th.left;
          aut.add(from, fmt::format("\"ret({},inc,{})\"", i + 1, th.local), id(n));
          break;
      }
    }
  }
  aut.states = ids.size();
  aut.write();
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> a(argv + 1, argv + argc);
  if (a.size() == 4 && a[0] == "blowup" && (a[3] == "impl" || a[3] == "spec")) {
    blowup(std::stoul(a[1]), std::stoul(a[2]), a[3] == "spec");
  } else if (a.size() == 4 && a[0] == "counter") {
    counter(std::stoul(a[1]), std::stoul(a[2]), a[3]);
  } else {
    std::fprintf(stderr, "usage: make_refine_pair blowup N M impl|spec | counter T K cas|racy|lock|spec\n");
    return 2;
  }
  return std::ferror(stdout) ? 2 : 0;
}
