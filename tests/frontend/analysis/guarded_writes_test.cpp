// GuardedWrites on small programs whose answers are worked out by hand: a
// slot is settled when every write of it in the client methods is a cas
// that expects a known value the slot does not hold (docs/reduction.md,
// "Settled slots"). reduction_equivalence_test checks the reduction that
// uses it on random models (some with mostly guarded writes).
#include "frontend/analysis/guarded_writes.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "frontend/analysis/footprint.hpp"
#include "frontend/compile.hpp"

namespace frontend {
namespace {

Program compile(const std::string& methods, const std::string& next_type = "Node") {
  const std::string text = "object Q {\n  values 1..2;\n  node Node { val: value; next: " + next_type +
                           "; }\n  pool 3;\n  shared Tail: Node;\n  shared Flag: 0..2;\n" + methods + "}\n";
  CompileOptions o;
  o.threads = 2;
  o.ops = 1;
  return load_model_text("test.conc", text, o);
}

// A method that reads Tail's `next` into a local, then `rest` (ending the method).
std::string enq_then(const std::string& rest) {
  return "  method enq(v: value) {\n    n := new Node(v, null);\n    t := Tail;\n    next := t.next;\n" + rest;
}

// Whether field `field` (0: val, 1: next, 2: next's mark when a tuple) of
// node 1 is settled when it holds `value` (and, for a tuple, `mark`).
struct Probe {
  explicit Probe(Program program) : p(std::move(program)), f(p), g(p, f), s(p.initial) {}
  Probe(const Probe&) = delete;  // f and g point into p
  bool field(int field, std::int32_t value, std::int32_t mark = 0) {
    const NodeType& nt = p.nodes[0];
    const int node1 = nt.base;  // the flag of node 1, then its fields
    s[node1] = 1;
    const int slot = node1 + 1 + (field == 0 ? nt.field_offsets[0] : nt.field_offsets[1]);
    s[slot] = value;
    if (nt.field_types[1]->size == 2) s[node1 + 1 + nt.field_offsets[1] + 1] = mark;
    const int at = field == 2 ? slot + 1 : slot;
    return g.settled(s.data(), at, f.location_of(at));
  }
  bool shared(const std::string& name, std::int32_t value) {
    for (const NamedSlot& v : p.shared_names)
      if (v.name == name) {
        s[v.offset] = value;
        return g.settled(s.data(), v.offset, f.location_of(v.offset));
      }
    ADD_FAILURE() << "no shared " << name;
    return false;
  }
  const Program p;
  Footprints f;
  GuardedWrites g;
  std::vector<std::int32_t> s;
};

// Whether a non-null `next` is settled when enq_then(body) is the only method.
bool next_settles(const std::string& body) { return Probe(compile(enq_then(body + "  }\n"))).field(1, 2); }

// The Michael-Scott enqueue: `next` is written only by a cas whose expected
// local a branch just found null, so a non-null `next` is settled; Tail is
// written by a cas expecting a value read before (unknown): never settled;
// `val` is written only when a node is made: settled whatever it holds.
TEST(GuardedWrites, NextOfTheMichaelScottQueueSettlesOnceSet) {
  Probe probe(compile(R"(
  method enq(v: value) {
    n := new Node(v, null);
    loop {
      t := Tail;
      next := t.next;
      if next == null {
        if cas(t.next, next, n) { cas(Tail, t, n); return; }
      } else {
        cas(Tail, t, next);
      }
    }
  }
)"));
  EXPECT_FALSE(probe.field(1, 0));
  EXPECT_TRUE(probe.field(1, 2));
  EXPECT_TRUE(probe.field(0, 1));
  EXPECT_FALSE(probe.shared("Tail", 0));
  EXPECT_FALSE(probe.shared("Tail", 1));
  EXPECT_TRUE(probe.shared("Flag", 1));  // never written
}

// The branch's other side: `if next != null {..} else { cas }` knows next is
// null in the else; `if next != null { cas }` does not know its value.
TEST(GuardedWrites, TheConditionTellsOnlyTheSideWhereItFixesTheLocal) {
  Probe known(compile(enq_then("    if next != null { skip; } else { cas(t.next, next, n); }\n  }\n")));
  EXPECT_TRUE(known.field(1, 2));
  EXPECT_FALSE(known.field(1, 0));
  EXPECT_FALSE(next_settles("    if next != null { cas(t.next, next, n); }\n"));
  EXPECT_TRUE(next_settles("    if next == null && v == 1 { cas(t.next, next, n); }\n"));
  EXPECT_FALSE(next_settles("    if next == null || v == 1 { cas(t.next, next, n); }\n"));
}

// A fact dies when its local is written, and where paths meet it must hold
// on both.
TEST(GuardedWrites, AFactDiesWhenItsLocalIsWrittenOrAPathLacksIt) {
  EXPECT_FALSE(next_settles("    if next == null { next := t.next; cas(t.next, next, n); }\n"));
  EXPECT_TRUE(next_settles("    next := null;\n    cas(t.next, next, n);\n"));
  EXPECT_FALSE(next_settles("    if v == 1 { next := null; }\n    cas(t.next, next, n);\n"));
  EXPECT_FALSE(
      next_settles("    next := null;\n    loop {\n      cas(t.next, next, n);\n      next := t.next;\n    }\n"));
}

// Any other write makes the location unguarded: an assignment in another
// method, a manual pool's free.
TEST(GuardedWrites, AnyOtherWriteUnguards) {
  const std::string enq = R"(
  method enq(v: value) {
    n := new Node(v, null);
    t := Tail;
    cas(t.next, null, n);
  }
)";
  EXPECT_TRUE(Probe(compile(enq)).field(1, 2));
  EXPECT_FALSE(Probe(compile(enq + "  method cut() { t := Tail; t.next := null; }\n")).field(1, 2));
  EXPECT_FALSE(Probe(compile(enq + "  method cut() { t := Tail; free(t); }\n")).field(1, 2));
  EXPECT_FALSE(Probe(compile(enq + "  method set() { cas(Flag, 1, 2); Flag := 0; }\n")).shared("Flag", 2));
  EXPECT_TRUE(Probe(compile(enq + "  method set() { cas(Flag, 1, 2); }\n")).shared("Flag", 2));
  EXPECT_FALSE(Probe(compile(enq + "  method set() { cas(Flag, 1, 2); }\n")).shared("Flag", 1));
}

// A Harris-Michael list: `next` is (reference, mark) and every cas expects
// the mark false, so a marked `next` is settled, both of its slots.
TEST(GuardedWrites, AMarkedNextIsSettled) {
  Probe probe(compile(R"(
  method del() {
    t := Tail;
    (succ, m) := t.next;
    if cas(t.next, (succ, false), (succ, true)) { return; }
  }
)",
                      "(Node, bool)"));
  EXPECT_FALSE(probe.field(1, 2, 0));
  EXPECT_TRUE(probe.field(1, 2, 1));
  EXPECT_TRUE(probe.field(2, 2, 1));
  EXPECT_FALSE(probe.field(2, 2, 0));
}

}  // namespace
}  // namespace frontend
