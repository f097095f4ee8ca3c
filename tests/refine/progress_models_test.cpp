// Small hand-made objects with two threads calling for ever (operations
// unbounded), each step of thread T labelled step(T) and waiting (a lock
// held, a flag not yet set) a step(T) self-loop, as `gen --thread-steps`
// writes them. Each verdict is argued beside its model (docs/progress.md
// gives the definitions); the direct and the quotient route give it.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "refine/progress/progress.hpp"
#include "refine/progress/progress_quotients.hpp"

namespace {

using Global = std::vector<int>;  // program counters first (pc[0] for thread 1), then shared variables
using Moves = std::function<std::vector<std::pair<std::string, Global>>(const Global&, int thread)>;

// The LTS of two threads interleaving `moves` from `start`.
lts::Lts explore(const Global& start, const Moves& moves) {
  lts::Lts l;
  std::map<Global, lts::StateId> id{{start, 0}};
  std::vector<Global> states{start};
  for (lts::StateId s = 0; s < states.size(); ++s)
    for (int thread = 1; thread <= 2; ++thread)
      for (auto& [label, next] : moves(states[s], thread)) {
        const auto [it, added] = id.emplace(next, static_cast<lts::StateId>(states.size()));
        if (added) states.push_back(next);
        l.transitions.push_back({s, l.labels.intern(label), it->second});
      }
  l.num_states = static_cast<lts::StateId>(states.size());
  return l;
}

std::string step(int t) { return "step(" + std::to_string(t) + ")"; }
std::string call(int t, const std::string& m) { return "call(" + std::to_string(t) + "," + m + ")"; }
std::string ret(int t, const std::string& m) { return "ret(" + std::to_string(t) + "," + m + ")"; }

// Holds per property, in the order of refine::all_progress:
// lock-free, wait-free, obstruction-free, deadlock-free, starvation-free;
// the quotient route must give the same.
std::vector<bool> verdicts(const lts::Lts& l) {
  const std::vector<refine::Progress> all(std::begin(refine::all_progress), std::end(refine::all_progress));
  std::vector<bool> v, on_quotients;
  for (const refine::ProgressVerdict& x : refine::check_progress(l, all).verdicts) v.push_back(x.holds);
  for (const refine::ProgressVerdict& x : refine::check_progress_on_quotients(l, all).result.verdicts)
    on_quotients.push_back(x.holds);
  EXPECT_EQ(on_quotients, v) << "the quotient route";
  return v;
}

// Test-and-set spin lock around an increment. pc: 0 idle, 1 acquiring,
// 2 holding, 3 released; shared: the lock's owner (0 free).
//  - not lock-free, not wait-free: thread 1 holds the lock and takes no
//    step while thread 2 spins for ever; no call returns.
//  - not obstruction-free: in that state thread 2 runs alone and spins.
//  - deadlock-free: a cycle without returns has only steps, and the only
//    step cycles are spins, which need the holder to stay still (a holder's
//    step releases, a released thread can only return): unfair.
//  - not starvation-free: thread 1 spins only while thread 2 holds the lock
//    and thread 2 acquires again after each return: thread 1 steps for ever
//    (fair) and never returns.
lts::Lts spin_lock() {
  return explore({0, 0, 0}, [](const Global& g, int t) -> std::vector<std::pair<std::string, Global>> {
    Global n = g;
    int& pc = n[t - 1];
    int& lock = n[2];
    switch (pc) {
      case 0: pc = 1; return {{call(t, "inc"), n}};
      case 1:
        if (lock == 0) lock = t, pc = 2;
        return {{step(t), n}};  // waiting is a step
      case 2: lock = 0, pc = 3; return {{step(t), n}};
      default: pc = 0; return {{ret(t, "inc"), n}};
    }
  });
}

TEST(ProgressModels, SpinLockIsDeadlockFreeOnly) {
  EXPECT_EQ(verdicts(spin_lock()), (std::vector<bool>{false, false, false, true, false}));
}

// Ticket lock around an increment. pc: 0 idle, 1 taking a ticket, 2
// waiting for its turn, 3 holding, 4 released; shared: next ticket,
// ticket served; tickets mod 2 suffice with two threads (at most two are out).
//  - not lock-, wait- or obstruction-free: as the spin lock, a waiter spins
//    while the holder takes no step.
//  - deadlock-free: as the spin lock.
//  - starvation-free: a thread T waiting with ticket k is served once the
//    holder (fairly) releases; the other thread's next ticket comes after
//    k, so T's turn comes and its steps (fairness) take it in and out.
lts::Lts ticket_lock() {
  return explore({0, 0, 0, 0, 0, 0}, [](const Global& g, int t) -> std::vector<std::pair<std::string, Global>> {
    Global n = g;
    int& pc = n[t - 1];
    int& mine = n[1 + t];
    int& next = n[4];
    int& serving = n[5];
    switch (pc) {
      case 0: pc = 1; return {{call(t, "inc"), n}};
      case 1: mine = next, next = (next + 1) % 2, pc = 2; return {{step(t), n}};
      case 2:
        if (serving == mine) pc = 3;
        return {{step(t), n}};
      case 3: serving = (serving + 1) % 2, pc = 4; return {{step(t), n}};
      default: pc = 0; return {{ret(t, "inc"), n}};
    }
  });
}

TEST(ProgressModels, TicketLockIsDeadlockAndStarvationFree) {
  EXPECT_EQ(verdicts(ticket_lock()), (std::vector<bool>{false, false, false, true, true}));
}

// Two locks taken in opposite orders: thread 1 takes A then B, thread 2 B
// then A. When each holds its first lock, both wait for ever: every pending
// thread steps (fair), no call returns, and each alone spins. Nothing holds.
lts::Lts two_locks() {
  return explore({0, 0, 0, 0}, [](const Global& g, int t) -> std::vector<std::pair<std::string, Global>> {
    Global n = g;
    int& pc = n[t - 1];
    int& first = n[t == 1 ? 2 : 3];
    int& second = n[t == 1 ? 3 : 2];
    switch (pc) {
      case 0: pc = 1; return {{call(t, "inc"), n}};
      case 1:
        if (first == 0) first = t, pc = 2;
        return {{step(t), n}};
      case 2:
        if (second == 0) second = t, pc = 3;
        return {{step(t), n}};
      case 3: first = second = 0, pc = 4; return {{step(t), n}};
      default: pc = 0; return {{ret(t, "inc"), n}};
    }
  });
}

TEST(ProgressModels, OppositeLockOrdersHoldNothing) {
  EXPECT_EQ(verdicts(two_locks()), (std::vector<bool>{false, false, false, false, false}));
}

// An obstruction-free update that livelocks: write X = T, then check X == T;
// on interference retry. pc: 0 idle, 1 write, 2 check, 3 done.
//  - obstruction-free: alone, T writes, checks its own value and leaves for
//    the return; no cycle of T's steps alone exists.
//  - nothing else: thread 1 writes, thread 2 writes, thread 1 checks and
//    retries, writes, thread 2 checks and retries, ... for ever; both
//    step (fair) and no call returns.
lts::Lts livelock() {
  return explore({0, 0, 0}, [](const Global& g, int t) -> std::vector<std::pair<std::string, Global>> {
    Global n = g;
    int& pc = n[t - 1];
    int& x = n[2];
    switch (pc) {
      case 0: pc = 1; return {{call(t, "update"), n}};
      case 1: x = t, pc = 2; return {{step(t), n}};
      case 2: pc = x == t ? 3 : 1; return {{step(t), n}};
      default: pc = 0; return {{ret(t, "update"), n}};
    }
  });
}

TEST(ProgressModels, LivelockIsObstructionFreeOnly) {
  EXPECT_EQ(verdicts(livelock()), (std::vector<bool>{false, false, true, false, false}));
}

// An atomic register: write(v) and read each take one step, then return.
// Every pending thread is at most one step from its return, so no cycle
// avoids a return of a pending stepping thread: all five hold.
lts::Lts wait_free_register() {
  return explore({0, 0, 0, 0, 0}, [](const Global& g, int t) -> std::vector<std::pair<std::string, Global>> {
    Global n = g;
    int& pc = n[t - 1];
    int& result = n[2 + t];
    switch (pc) {
      case 0: {
        std::vector<std::pair<std::string, Global>> calls;
        for (int v = 0; v < 2; ++v) {
          Global w = g;
          w[t - 1] = 10 + v;  // about to write v
          calls.emplace_back(call(t, "write," + std::to_string(v)), w);
        }
        Global r = g;
        r[t - 1] = 20;  // about to read
        calls.emplace_back(call(t, "read"), r);
        return calls;
      }
      case 10:
      case 11: n[2] = pc - 10, pc = 1; return {{step(t), n}};
      case 20: result = n[2], pc = 2; return {{step(t), n}};
      case 1: pc = 0; return {{ret(t, "write"), n}};
      default: pc = 0, result = 0; return {{ret(t, "read," + std::to_string(g[2 + t])), n}};  // pc 2
    }
  });
}

TEST(ProgressModels, AtomicRegisterIsWaitFree) {
  EXPECT_EQ(verdicts(wait_free_register()), (std::vector<bool>{true, true, true, true, true}));
}

}  // namespace
