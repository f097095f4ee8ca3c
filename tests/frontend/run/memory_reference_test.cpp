// gen --memory tso|pso beside a reference explorer written here from the
// definitions alone (Owens, Sarkar, Sewell, TPHOLs 2009, Sec. 3 for x86-TSO;
// SPARC v9, Appendix D for PSO): random straight-line programs of loads,
// stores and fences over three locations and two threads, each written as a
// .conc model whose threads return their registers; the sets of reachable
// outcomes must be equal. BB_MEMORY_ROUNDS sets the programs per model.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <vector>

#include "tests/frontend/run/memory_outcomes.hpp"

namespace frontend::test {
namespace {

constexpr int locations = 3, registers = 3, values = 3;  // values 0..2 (0 initial)

struct Op {
  enum Kind { Store, Load, Fence } kind;
  int loc = 0, value = 0, reg = 0;
};
using Thread = std::vector<Op>;

// The reference machine: memory, per thread its pc, registers and buffer
// of (location, value), oldest first.
struct Machine {
  std::vector<int> memory = std::vector<int>(locations, 0);
  std::vector<int> pc = {0, 0};
  std::vector<std::vector<int>> regs = {std::vector<int>(registers, 0), std::vector<int>(registers, 0)};
  std::vector<std::vector<std::pair<int, int>>> buffer = {{}, {}};
  auto key() const { return std::tie(memory, pc, regs, buffer); }
  friend bool operator<(const Machine& a, const Machine& b) { return a.key() < b.key(); }
};

int encode(const std::vector<int>& regs) { return regs[0] + values * regs[1] + values * values * regs[2]; }

// Every outcome (each thread's encoded registers when both have finished).
std::set<Outcome> reference(const std::vector<Thread>& prog, Memory m) {
  std::set<Machine> seen;
  std::vector<Machine> stack{Machine{}};
  std::set<Outcome> result;
  auto push = [&](Machine&& x) {
    if (seen.insert(x).second) stack.push_back(std::move(x));
  };
  while (!stack.empty()) {
    const Machine s = stack.back();
    stack.pop_back();
    if (s.pc[0] == static_cast<int>(prog[0].size()) && s.pc[1] == static_cast<int>(prog[1].size()))
      result.insert({std::to_string(encode(s.regs[0])), std::to_string(encode(s.regs[1]))});
    for (int t = 0; t < 2; ++t) {
      const auto& buf = s.buffer[t];
      // Flushes: the oldest entry (tso), the oldest per location (pso).
      for (std::size_t i = 0; i < buf.size(); ++i) {
        bool older = false;
        for (std::size_t j = 0; j < i; ++j) older = older || buf[j].first == buf[i].first;
        if ((m == Memory::tso && i > 0) || older) continue;
        Machine x = s;
        x.memory[buf[i].first] = buf[i].second;
        x.buffer[t].erase(x.buffer[t].begin() + static_cast<long>(i));
        push(std::move(x));
      }
      if (s.pc[t] == static_cast<int>(prog[t].size())) continue;
      const Op& op = prog[t][s.pc[t]];
      Machine x = s;
      ++x.pc[t];
      if (op.kind == Op::Fence) {
        if (!buf.empty()) continue;
      } else if (op.kind == Op::Store) {
        if (m == Memory::sc) x.memory[op.loc] = op.value;
        else x.buffer[t].emplace_back(op.loc, op.value);
      } else {
        int v = s.memory[op.loc];
        for (const auto& [l, w] : buf)
          if (l == op.loc) v = w;
        x.regs[t][op.reg] = v;
      }
      push(std::move(x));
    }
  }
  return result;
}

std::string model_text(const std::vector<Thread>& prog) {
  std::ostringstream o;
  o << "object Random {\n";
  for (int l = 0; l < locations; ++l) o << "  shared x" << l << ": 0.." << values - 1 << " = 0;\n";
  o << "  method t(): 0.." << values * values * values - 1 << " {\n";
  for (int r = 0; r < registers; ++r) o << "    var r" << r << ": 0.." << values - 1 << " := 0;\n";
  for (int t = 0; t < 2; ++t) {
    o << (t == 0 ? "    if tid == 1 {\n" : "");
    for (const Op& op : prog[t]) {
      o << "      ";
      if (op.kind == Op::Fence) o << "fence;\n";
      else if (op.kind == Op::Store) o << "x" << op.loc << " := " << op.value << ";\n";
      else o << "r" << op.reg << " := x" << op.loc << ";\n";
    }
    o << "      return r0 + " << values << " * r1 + " << values * values << " * r2;\n" << (t == 0 ? "    }\n" : "");
  }
  o << "  }\n}\n";
  return o.str();
}

std::vector<Thread> random_program(std::mt19937& rng) {
  std::vector<Thread> prog(2);
  for (Thread& t : prog) {
    const int n = std::uniform_int_distribution<int>(1, 4)(rng);
    for (int i = 0; i < n; ++i) {
      Op op{static_cast<Op::Kind>(std::discrete_distribution<int>({4, 4, 1})(rng))};
      op.loc = std::uniform_int_distribution<int>(0, locations - 1)(rng);
      op.value = std::uniform_int_distribution<int>(1, values - 1)(rng);
      op.reg = std::uniform_int_distribution<int>(0, registers - 1)(rng);
      t.push_back(op);
    }
  }
  return prog;
}

int rounds() {
  const char* env = std::getenv("BB_MEMORY_ROUNDS");
  return env ? std::atoi(env) : 300;
}

void compare(Memory m, unsigned seed) {
  std::mt19937 rng(seed);
  int differing = 0;
  for (int round = 0; round < rounds() && differing < 3; ++round) {
    const std::vector<Thread> prog = random_program(rng);
    const std::string text = model_text(prog);
    // Buffers of 4 hold every store of a thread; the routes vary by round.
    const MemoryRun run{m, 4, round % 2 == 0, round % 3 == 0 ? 2u : 1u};
    const std::set<Outcome> got = outcomes(explore_text(text, run), 2);
    if (got != reference(prog, m)) {
      ++differing;
      ADD_FAILURE() << "round " << round << ": outcomes differ from the reference on\n" << text;
    }
  }
}

TEST(MemoryReference, ScOutcomesMatch) { compare(Memory::sc, 11); }
TEST(MemoryReference, TsoOutcomesMatch) { compare(Memory::tso, 12); }
TEST(MemoryReference, PsoOutcomesMatch) { compare(Memory::pso, 13); }

}  // namespace
}  // namespace frontend::test
