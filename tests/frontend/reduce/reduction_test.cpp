// The reduction's static analysis and per-state check on small programs
// whose answers are worked out by hand (docs/reduction.md).
#include "frontend/reduce/reduction.hpp"

#include <gtest/gtest.h>

#include "frontend/analysis/footprint.hpp"
#include "frontend/compile.hpp"
#include "frontend/explore/explorer.hpp"
#include "frontend/run/interpreter.hpp"
#include "frontend/run/labels.hpp"
#include "lts/builder.hpp"

namespace frontend {
namespace {

Program compile_text(const std::string& text, int threads = 2, long ops = 1) {
  CompileOptions o;
  o.threads = threads;
  o.ops = ops;
  return load_model_text("test.conc", text, o);
}

// The steps, with their independence marks, of threads 1..threads after
// thread 1 took its first call (the first of its calls); `calls`: how many
// calls thread 1 had to choose from.
struct MarkedSteps {
  std::size_t calls = 0;
  Successors steps;
};
MarkedSteps marked_steps_after_first_call(const Program& p, int threads) {
  lts::LtsBuilder builder;
  Labels labels(p, builder, false);
  Interpreter in(p, labels);
  std::vector<std::int32_t> s = p.initial;
  in.initialize(s);
  MarkedSteps result;
  Successors first;
  in.successors(s.data(), 0, first);
  result.calls = first.labels.size();
  if (result.calls == 0) return result;
  s.assign(first.states.begin(), first.states.begin() + p.state_size);
  result.steps.record_independent = true;
  for (int t = 0; t < threads; ++t) in.successors(s.data(), t, result.steps);
  return result;
}

const char* queue_like = R"(
object Q {
  values 1..2;
  node Node { val: value; next: Node; }
  pool 5;
  shared Head: Node;
  shared Tail: Node;
  method enq(v: value) {
    n := new Node(v, null);
    t := Tail;
    t.next := n;
    Tail := n;
  }
  method deq(): value {
    h := Head;
    if h == null { return empty; }
    v := h.val;
    return v;
  }
  method many() {
    loop { m := new Node(1, null); x := Head; if x == null { return; } }
  }
}
)";

// Node.val is set only by `new` (no write of the abstract location);
// Node.next, Head and Tail are written.
TEST(Footprints, FieldsSetOnlyByNewAreNeverWritten) {
  const Program p = compile_text(queue_like);
  const Footprints f(p);
  ASSERT_TRUE(f.usable());
  std::vector<std::int32_t> s = p.initial;
  Footprints::Bits reads((f.locations() + 63) / 64, 0), writes(reads.size(), 0);
  f.add_future(s.data(), 1, reads, writes);  // idle with an operation left: every method's future
  const NodeType& nt = p.nodes[0];
  const int val = f.location_of(nt.base + 1 + nt.field_offsets[0]);
  const int next = f.location_of(nt.base + 1 + nt.field_offsets[1]);
  EXPECT_TRUE(Footprints::test(reads, val));
  EXPECT_FALSE(Footprints::test(writes, val));
  EXPECT_TRUE(Footprints::test(writes, next));
  int head = -1, tail = -1;
  for (const NamedSlot& v : p.shared_names) (v.name == "Head" ? head : tail) = v.offset;
  EXPECT_TRUE(Footprints::test(reads, head));
  EXPECT_FALSE(Footprints::test(writes, head));  // no method writes Head
  EXPECT_TRUE(Footprints::test(writes, tail));
}

// An element indexed by constants and `tid` is its own location, in each
// thread's footprint: thread 2 (from 0: 1) of three writes only HP[1] and
// its own member of P[1]; a dynamic index (the scan's HP[k], poke's A[i])
// stands for the whole array, and so does an index that leaves 32 bits
// (wild's, where the interpreter stops with an overflow).
TEST(Footprints, AnElementIndexedByTidIsEachThreadsOwn) {
  const Program p = compile_text(R"(
object H {
  shared HP: 0..1[threads] = 0;
  shared P: (0..1, 0..1)[threads] = (0, 0);
  shared A: 0..1[threads] = 0;
  shared W: 0..1[threads] = 0;
  method publish() { HP[tid - 1] := 1; P[tid - 1].1 := 1; }
  method scan() {
    var k: 0..3 := 0;
    while k < threads { x := HP[k]; k := k + 1; }
  }
  method poke(i: 0..2) { A[i] := 1; }
  method wild() { W[(tid * 65536 * 65536) % 3] := 1; }
})",
                                 3);
  const Footprints f(p);
  ASSERT_TRUE(f.usable());
  Footprints::Bits reads((f.locations() + 63) / 64, 0), writes(reads.size(), 0);
  f.add_future(p.initial.data(), 1, reads, writes);  // idle with an operation left
  int hp = -1, pair = -1, a = -1, w = -1;
  for (const NamedSlot& v : p.shared_names)
    (v.name == "HP" ? hp : v.name == "P" ? pair : v.name == "A" ? a : w) = v.offset;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(Footprints::test(writes, f.location_of(hp + i)), i == 1) << i;
    EXPECT_TRUE(Footprints::test(reads, f.location_of(hp + i))) << i;  // the scan reads them all
    EXPECT_TRUE(Footprints::test(writes, f.location_of(a + i))) << i;
    EXPECT_TRUE(Footprints::test(writes, f.location_of(w + i))) << i;  // beyond 32 bits: not computed
    EXPECT_FALSE(Footprints::test(writes, f.location_of(pair + 2 * i))) << i;
    EXPECT_EQ(Footprints::test(writes, f.location_of(pair + 2 * i + 1)), i == 1) << i;
  }
}

// Allocations: enq allocates one node, `many` allocates in a loop (no bound),
// and a thread without operations left allocates nothing.
TEST(Footprints, AllocationBounds) {
  const Program p = compile_text(queue_like);
  const Footprints f(p);
  std::vector<std::int32_t> s = p.initial;
  const int tb = p.thread_at(0);
  EXPECT_EQ(f.future_allocations(s.data(), tb, 0), Footprints::unbounded);  // may call `many`
  s[tb + Program::ops_slot] = 1;                                            // its one operation is used up
  s[tb + Program::pc_slot] = p.methods[0].entry + 1;                        // at the start of enq
  EXPECT_EQ(f.future_allocations(s.data(), tb, 0), 1u);
  s[tb + Program::pc_slot] = p.methods[0].entry + 2;  // after enq's `new`
  EXPECT_EQ(f.future_allocations(s.data(), tb, 0), 0u);
  s[tb + Program::pc_slot] = p.methods[2].entry + 1;  // in `many`
  EXPECT_EQ(f.future_allocations(s.data(), tb, 0), Footprints::unbounded);
}

// The reduced LTS of a model where one thread only works on a private node
// is smaller, and the explorer's --no-reduce route is unchanged by asking.
TEST(Reduction, PrivateWorkIsTakenAloneAndLibraryDefaultIsOff) {
  const Program p = compile_text(R"(
object P {
  node Cell { v: 0..3; }
  pool 3;
  shared x: 0..1;
  method work() {
    c := new Cell(0);
    c.v := 1;
    c.v := 2;
    x := 1;
  }
})");
  ExploreOptions full, reduced;
  EXPECT_FALSE(full.reduce);
  reduced.reduce = true;
  const lts::Lts a = explore(p, full), b = explore(p, reduced);
  EXPECT_LT(b.num_states, a.num_states);

  // After thread 1 calls work(), its `new` is marked; thread 2's calls are visible.
  const MarkedSteps after = marked_steps_after_first_call(p, 2);
  ASSERT_EQ(after.calls, 1u);
  const Successors& next = after.steps;
  ASSERT_EQ(next.independent.size(), 2u);
  EXPECT_EQ(next.independent[0], 1);
  EXPECT_EQ(next.independent[1], 0);
  EXPECT_EQ(next_ample_candidate(next), 0);
  EXPECT_EQ(next_ample_candidate(next, 0), -1);
}

// A step that reads a location another thread may still write is not marked,
// and neither is a step of a thread while another may allocate without bound.
TEST(Reduction, SharedReadsAndUnboundedAllocationAreDependent) {
  const Program p = compile_text(queue_like);
  // Thread 1 calls enq(1) (of enq(1), enq(2), deq or many); its `new`:
  // thread 2 may still call `many`.
  const MarkedSteps after = marked_steps_after_first_call(p, 1);
  ASSERT_GE(after.calls, 1u);
  const Successors& next = after.steps;
  ASSERT_EQ(next.independent.size(), 1u);
  EXPECT_EQ(next.independent[0], 0);
}

// Whether thread 1's step is marked after it made `moves` moves (its call
// first), each time its first successor, with tau or step(T) labels.
bool thread1_marked_after(const Program& p, int moves, bool thread_steps) {
  lts::LtsBuilder builder;
  Labels labels(p, builder, thread_steps);
  Interpreter in(p, labels);
  std::vector<std::int32_t> s = p.initial;
  in.initialize(s);
  for (int i = 0; i < moves; ++i) {
    Successors next;
    in.successors(s.data(), 0, next);
    s.assign(next.states.begin(), next.states.begin() + p.state_size);
  }
  Successors next;
  next.record_independent = true;
  in.successors(s.data(), 0, next);
  return next.independent.size() == 1 && next.independent[0] == 1;
}

// A step records every slot it touches, so reading a whole array depends on
// another thread's write of one element of it; reading its own element
// (thread 2 writes only A[1]) does not.
TEST(Reduction, AWholeArrayReadDependsOnAnElementWrite) {
  const Program whole = compile_text(R"(
object W {
  shared A: 0..1[threads] = 0;
  method m(): bool {
    c := A;
    A[tid - 1] := 1;
    return c[0] == c[1];
  }
})");
  EXPECT_FALSE(thread1_marked_after(whole, 1, false));
  const Program own = compile_text(R"(
object W {
  shared A: 0..1[threads] = 0;
  method m(): bool {
    c := A[tid - 1];
    A[tid - 1] := 1;
    return c == 0;
  }
})");
  EXPECT_TRUE(thread1_marked_after(own, 1, false));
}

// With step(T) labels a step that jumps back (here the loop's) is never
// taken alone, so a thread that stops in a run gains finitely many steps by
// the reduction (docs/reduction.md, "--thread-steps"); with tau labels it is.
// Nobody writes x, so every read of it is independent.
TEST(Reduction, WithThreadStepsAStepThatJumpsBackIsNotTakenAlone) {
  const Program p = compile_text(R"(
object S {
  shared x: 0..1;
  method spin() {
    loop { a := x; }
  }
})");
  EXPECT_TRUE(thread1_marked_after(p, 1, false));  // the first read, from the method's entry
  EXPECT_TRUE(thread1_marked_after(p, 1, true));
  EXPECT_TRUE(thread1_marked_after(p, 2, false));  // round again: back to the loop's head
  EXPECT_FALSE(thread1_marked_after(p, 2, true));
}

}  // namespace
}  // namespace frontend
