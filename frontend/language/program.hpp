#pragma once
// The checked, compiled form of one object: types, the state-vector layout,
// and per-method code for the interpreter (interpreter.hpp).
//
// A state is a flat vector of 32-bit slots:
//   [shared variables][heap: per node type, pool x (flag, fields)][thread 1]...[thread K]
// and each thread's part is [pc, ops, link (3 slots), returning, result,
// thread variables, locals]. `returning` and `result` exist only under spec
// semantics: the body has run (its linearization point) and the return is due.
// pc 0 means "between operations"; otherwise it is 1 + an index into `code`.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "frontend/language/source.hpp"

namespace frontend {

struct Type;
using TypeP = std::shared_ptr<const Type>;

struct Type {
  enum Kind { Int, Bool, Enum, Ref, Null, Lock, Tuple, Array, Seq, Set, Void };
  Kind kind = Void;
  long lo = 0, hi = 0;       // Int: storage range (bounded) or the int32 range (arithmetic results)
  bool bounded = false;      // Int: a declared range
  int id = -1;               // Enum: enumeration; Ref: node type
  std::vector<TypeP> elems;  // Tuple members; Array/Seq/Set: the element type
  int length = 0;            // Array length, Seq capacity, Set universe size
  int size = 1;              // slots
  std::string name;          // as shown in messages
};

// A type as a range error names it: a named integer type with its bounds,
// `value (1..2)`; any other type by its name.
std::string range_name(const Type& t);

// Resolved expressions. Locations (Local .. Proj) are also lvalues.
struct RExpr;
using RExprP = std::unique_ptr<RExpr>;
struct RExpr {
  enum Op {
    Const,
    Local,
    ThreadVar,
    Shared,
    Field,
    Index,
    Proj,  // a: offset / slot / constant
    Tid,
    Not,
    Neg,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    TupleLit,
    Cas,
    Dcas,
    LL,
    SC,
    VL,
    SeqEmpty,
    SeqPushFront,
    SeqPushBack,
    SeqPopFront,
    SeqPopBack,
    SeqFront,
    SeqBack,
    SeqIsEmpty,
    SeqSize,
    SeqIsFull,
    SeqContains,
    SetEmpty,
    SetAdd,
    SetRemove,
    SetContains,
    SetIsEmpty,
    SetSize,
  };
  Op op = Const;
  TypeP type;
  long a = 0;     // Const value; Local/ThreadVar offset; Shared slot; Field offset in node; Proj offset
  int node = -1;  // Field: node type
  Loc loc;
  std::vector<RExprP> k;
};

// Whether `e` names a place in the state (a variable, a node field, or an
// element or member of one) rather than a computed value.
inline bool is_location(const RExpr& e) {
  switch (e.op) {
    case RExpr::Local:
    case RExpr::ThreadVar:
    case RExpr::Shared:
    case RExpr::Field: return true;
    case RExpr::Index:
    case RExpr::Proj: return is_location(*e.k[0]);
    default: return false;
  }
}

// The first `tid` in `e` (null when there is none).
const RExpr* find_tid(const RExpr* e);

struct Instr {
  enum Op {
    Assign,  // lhs := rhs (lhs may be a TupleLit of locations)
    New,     // lhs := new node(args)
    Choose,  // lhs := any value in [lo, hi]
    Branch,  // if !cond goto target
    Jump,    // goto target
    Return,  // emit ret(T, method, rhs)
    Await,   // blocked until cond
    AtomicBegin,
    AtomicEnd,
    Lock,
    Unlock,
    Free,
    Assert,
    Eval,   // evaluate rhs for its effect (cas(...);)
    Fail,   // run-time error `message`
    Fence,  // waits for an empty store buffer (only compiled under --memory tso|pso)
  };
  Op op = Eval;
  bool shared = false;  // touches shared memory: ends the step outside atomic blocks
  // Under --memory tso|pso: runs only when the thread's store buffer is
  // empty (cas, dcas, ll/sc/vl, lock, unlock, atomic, fence), as locked x86
  // instructions drain it first (docs/memory-models.md).
  bool drains = false;
  int target = -1;
  long lo = 0, hi = 0;  // Choose
  int node = -1;        // New
  Loc loc;
  RExprP lhs, rhs;
  std::vector<RExprP> args;
  std::vector<int> fields;  // New: the field offset each argument initialises
  // Return of a method: each result slot's range in the declared result type
  // (empty for an enumeration outcome such as `empty`); `message` then holds
  // the type's name.
  std::vector<std::pair<std::int32_t, std::int32_t>> result_ranges;
  std::string message;
};

// A variable's name and place, for showing states (gen --replay).
struct NamedSlot {
  std::string name;
  TypeP type;
  int offset = 0;  // shared slot; offset in the thread's part; or offset among the locals
};

struct MethodInfo {
  std::string name;
  Loc loc;                    // where it is declared
  std::vector<TypeP> params;  // stored in locals 0, 1, ...
  std::vector<int> param_offsets;
  TypeP result;                                 // Void for none
  int entry = 0;                                // index into code
  std::vector<std::pair<int, int>> local_refs;  // (local offset, node type) of reference slots
  // The client protocol: the method may be called only when `guard` holds
  // (null: always); at the call, client variables are updated in order.
  RExprP guard;
  std::vector<std::pair<RExprP, RExprP>> on_call;  // (client variable, value)
  std::vector<NamedSlot> local_names;              // every local, including inlined procedures'
};

// The local slots one statement may reset before it runs (docs/language.md,
// "State"): no path from it reads them before writing them again.
struct DeadLocals {
  std::vector<int> refs;    // offsets among the locals of reference slots
  std::vector<int> values;  // and of the others
};

struct NodeType {
  std::string name;
  int pool = 0;
  int base = 0;    // first slot of node 1 (flag slot)
  int stride = 1;  // 1 flag + fields
  std::vector<std::string> field_names;
  std::vector<TypeP> field_types;
  std::vector<int> field_offsets;               // within the node, after the flag
  std::vector<std::pair<int, int>> ref_fields;  // (offset after flag, node type)
  bool manual = false;                          // uses free(): no garbage collection
};

// A shared array with one element per thread, indexed relative to the
// thread (frontend/analysis/ring_indices.hpp).
struct ThreadArray {
  int slot = 0;          // the array's first slot
  int element_size = 1;  // slots per element
  friend bool operator==(const ThreadArray&, const ThreadArray&) = default;
};

// The memory model (docs/memory-models.md): sequential consistency, or a
// FIFO store buffer per thread (x86-TSO) or per thread and location (PSO).
enum class Memory { sc, tso, pso };

// Where store buffers lie in the state (only under tso and pso): after the
// threads, per thread `capacity` entries of `entry` slots each:
// [address + 1 (0: unused), length, value slots (width of them)]; the used
// entries come first, oldest first.
struct BufferLayout {
  int base = 0;      // the first slot of thread 1's buffer
  int capacity = 0;  // entries per thread (gen --buffer)
  int width = 1;     // value slots per entry: the widest plain store
  int entry() const { return 2 + width; }
  int stride() const { return capacity * entry(); }
  int at(int t) const { return base + t * stride(); }  // t from 0
};

struct Program {
  std::string file, object;
  Memory memory = Memory::sc;
  BufferLayout buffers;  // only under tso and pso
  bool weak() const { return memory != Memory::sc; }
  bool is_spec = false;  // a `spec` object
  bool spec = false;     // spec semantics: is_spec, or gen --spec
  int threads = 1;
  long ops = 1;  // operations per thread; -1: unbounded
  long values_lo = 1, values_hi = 2;
  std::vector<std::string> enum_names;
  std::vector<std::vector<std::string>> enum_symbols;
  std::vector<NodeType> nodes;
  std::vector<MethodInfo> methods;  // the clients' methods, then `init` if any
  int init_method = -1;
  std::vector<Instr> code;

  // Layout.
  int shared_size = 0;
  int heap_size = 0;
  int thread_base = 0;  // first slot of thread 1
  int thread_stride = 0;
  int thread_vars = 0;  // offset of thread variables within a thread
  int locals = 0;       // offset of locals within a thread
  int locals_size = 0;
  int state_size = 0;
  static constexpr int pc_slot = 0, ops_slot = 1, link_slot = 2;  // link: kind, ref, offset
  static constexpr int returning_slot = 5, result_slot = 6;       // a return whose result is already computed
  int result_size = 0;
  bool uses_ll = false;
  // States are explored up to a permutation of the threads (gen --symmetry,
  // frontend/reduce/symmetry.hpp): no statement names a thread, or one names it
  // only as an index relative to it into the shared arrays `thread_arrays`
  // (frontend/analysis/ring_indices.hpp), whose elements then move with the threads
  // under rotations alone.
  bool symmetric = false;
  std::vector<ThreadArray> thread_arrays;  // by slot
  bool rotations() const { return !thread_arrays.empty(); }
  std::vector<std::pair<int, int>> shared_refs;  // (slot, node type) of shared references
  std::vector<std::pair<int, int>> thread_refs;  // (offset in thread, node type) of thread variables
  std::vector<std::int32_t> slot_lo, slot_hi;    // range of every slot (for packing)
  std::vector<std::int32_t> initial;             // the initial state
  // Per statement, the locals reset when a step stops there; empty: locals
  // live until the return (CompileOptions::reset_dead_locals).
  std::vector<DeadLocals> dead_locals;
  std::vector<NamedSlot> shared_names, thread_var_names;

  int thread_at(int t) const { return thread_base + t * thread_stride; }  // t from 0
};

// The method (index into Program::methods) each statement belongs to: the
// code of method m runs from its entry to the next method's.
std::vector<int> methods_of_code(const Program& p);

}  // namespace frontend
