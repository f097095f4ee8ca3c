#pragma once
// The steps of one thread of the most general client (docs/language.md,
// "Semantics"). Between operations a thread may call any method with any
// arguments of their domains. Inside a method, one step runs the local
// statements up to and including the next statement that touches shared
// memory (or a whole atomic block, or the return). With spec semantics a
// whole method body is one atomic internal step (the linearization point),
// which leaves the result in the thread's result slots; the return follows:
// the corresponding specification Theta_sp of Yang, Katoen, Lin, Wu (Sec. 3),
// whose histories are the linearizable ones.
#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "frontend/analysis/independence.hpp"
#include "frontend/language/limits.hpp"
#include "frontend/language/program.hpp"
#include "frontend/run/canonical.hpp"
#include "frontend/run/labels.hpp"
#include "frontend/run/work_meter.hpp"
#include "lts/thread_permutations.hpp"

namespace frontend {

struct Successors {
  std::vector<lts::LabelId> labels;
  std::vector<std::int32_t> states;  // labels.size() canonical states, state_size slots each
  // With record_code: per step, the index in Program::code of the statement
  // that ended it (-1 for a call; the return statement for a pending return).
  bool record_code = false;
  std::vector<std::int32_t> code;
  // With record_independent: per step, 1 when it may be taken alone by the
  // reduction (docs/reduction.md): an internal step, the only one of its
  // thread, independent of everything the other threads can still do (and,
  // with step(T) labels, running forward: no jump back).
  bool record_independent = false;
  std::vector<std::uint8_t> independent;  // per step, parallel to labels (only filled when asked)
  // With record_written (gen --replay): per step, the state as the step left
  // it, before dead locals are reset and garbage is collected, so that a
  // write into a node the step also made garbage can be shown. Calls and
  // returns collect nothing and record nothing.
  bool record_written = false;
  std::vector<std::int32_t> written;
  // For a symmetric program: per step, the permutation g with successor =
  // g.(states[i]), states[i] being the representative of its orbit.
  std::vector<lts::PermutationId> permutations;
  void clear() {
    labels.clear();
    states.clear();
    code.clear();
    independent.clear();
    permutations.clear();
    written.clear();
  }
};

class Interpreter {
 public:
  // Spec semantics when p.spec. renumber = false: garbage collection without
  // renumbering nodes (tests).
  Interpreter(const Program& p, Labels& labels, bool renumber = true);
  // Appends every step of thread t (from 0) in `state`.
  void successors(const std::int32_t* state, int t, Successors& out);
  // Runs the object's `init` block (if any) on `state`, as thread 1, atomically.
  void initialize(std::vector<std::int32_t>& state);
  // Bounds the work of this interpreter's later steps, summed: one unit per
  // statement run, plus one per state slot copied or compared (each step
  // emitted, each configuration remembered). Past `units` (0: no bound) a
  // step throws StateLimit. The number of states alone does not bound the
  // time of an exploration: a step may run a million statements, and a
  // state may have a million slots.
  void limit_work(std::uint64_t units) { meter_.limit(units); }
  // Calls beat(the work of the step being computed so far) about every
  // `every` units of work, from the thread that runs the step.
  void on_work(WorkMeter::Beat beat, std::uint64_t every) { meter_.on_beat(std::move(beat), every); }

 private:
  struct Config {
    std::vector<std::int32_t> s;
    int depth = 0;  // atomic nesting
    int steps = 0;
    // Whether a reference or the heap may have changed: only then is
    // canonicalisation needed (states come in canonical).
    bool dirty = false;
    // The run it belongs to: a number into paths_, given when it starts.
    std::uint32_t path = 0;
    // Not a configuration but a marker on stack_: every alternative of the
    // branch point whose entry in branches_ this is has been explored, and
    // so has the run `closes_path` that reached it.
    std::uint8_t* closes = nullptr;
    std::uint32_t closes_path = 0;
  };
  void thread_steps(const std::int32_t* state, int t, Successors& out);
  void mark_independent(const std::int32_t* state, int t, std::size_t before, Successors& out);
  void calls(const std::int32_t* state, int t, Successors& out);
  bool client_allows(const MethodInfo& mi, std::int32_t* s, int t);
  void pending_return(const std::int32_t* state, int t, Successors& out);
  void run(Config& c, Successors& out);
  // The statements of run (interpreter.cpp).
  bool cycled(Config& c, Successors& out);
  void cycle(const Config& c, Successors& out);
  bool open_branch(const Config& c, Successors& out);
  void assign(const Instr& in);
  void new_fields(const Instr& in, const NodeType& nt);
  void place_node(const Instr& in, const NodeType& nt, std::int32_t r);
  bool allocate(Config& c, const Instr& in, Successors& out);
  void choose(Config& c, const Instr& in, Successors& out);
  void finish_method(Config& c, const Instr& in, Successors& out);
  bool lock(const Instr& in);
  void unlock(const Instr& in);
  void free_node(Config& c, const Instr& in);
  void jump(int target);          // to instruction index `target`, noting a jump back
  void run_all(Successors& out);  // work_, then the alternatives on stack_
  void charge(std::uint64_t units) { meter_.charge(units); }
  void run_path(Config& c, Successors& out);
  void start_step();
  void emit(std::vector<std::int32_t>& s, lts::LabelId label, Successors& out, bool canonicalise = true);
  // Resets thread t's locals that are dead where it stands (Program::dead_locals);
  // whether a reference changed (the heap needs canonicalising again).
  bool reset_dead_locals(std::int32_t* s, int t) const;

  // Store buffers under --memory tso|pso (store_buffer.cpp).
  std::int32_t load(std::int32_t a) const;  // slot a as thread t_ sees it
  void load(std::int32_t a, int n, std::int32_t* out) const;
  bool buffer_empty() const;
  int buffered(const std::int32_t* state, int t) const;  // entries in thread t's buffer
  void buffer_store(std::int32_t a, int n, const std::int32_t* v, Loc loc);
  void flushes(const std::int32_t* state, int t, Successors& out);
  void normalise_buffers(std::int32_t* s) const;

  // Evaluation (eval.cpp).
  std::int32_t addr(const RExpr& e);
  std::int32_t locate(const RExpr& e);  // addr() without recording
  std::int32_t val(const RExpr& e);
  void eval(const RExpr& e, std::int32_t* out);
  void store(std::int32_t address, const RExpr& target, const std::int32_t* v);
  void seq_op(const RExpr& e, std::int32_t* out);
  bool link_matches(std::int32_t address) const;
  void set_link(std::int32_t address);
  void invalidate_links(std::int32_t address, int size);
  void zero(const Type& t, std::int32_t* out) const;
  std::int32_t checked(const RExpr& e, std::int64_t v) const;
  [[noreturn]] void error(Loc loc, const std::string& message) const;

  const Program& p_;
  bool spec_;
  bool weak_;               // tso or pso: threads have store buffers
  bool buffering_ = false;  // the statement being run buffers its plain shared stores
  mutable std::vector<std::int32_t> scratch_;
  Labels& labels_;
  Canonicalizer canon_;
  std::vector<std::vector<std::vector<std::int32_t>>> arg_tuples_;  // per method
  // The thread being run.
  std::int32_t* s_ = nullptr;
  int t_ = 0, tb_ = 0;
  lts::LabelId step_ = lts::tau;  // the label of the thread's internal steps
  bool blocked_ = false;          // some run of the current step had to wait
  bool backward_ = false;         // some run of the current step jumped back (a loop)
  const std::int32_t* origin_ = nullptr;
  const std::int32_t* buffer_origin_ = nullptr;  // the state thread_steps runs from (store labels)
  Config work_;                // reused: no allocation per step
  Config* cur_ = nullptr;      // the configuration being run
  std::vector<Config> stack_;  // alternatives of nondeterministic statements
  std::int32_t instr_ = -1;    // the statement being run (for Successors::code)
  std::vector<std::int32_t> fields_, candidates_;
  // Configurations of long local runs, with the run that met them first.
  std::map<std::pair<std::vector<std::int32_t>, int>, std::uint32_t> seen_;
  // Per run of the current step: 1 while it or a run it branched into goes
  // on (the runs on the current depth-first path), 0 once all have ended.
  std::vector<std::uint8_t> paths_;
  bool branched_ = false;  // the run being run reached a branch point
  // The branch points of the current step (nondeterministic statements):
  // 0 while their alternatives are being explored, 1 once all have been.
  std::map<std::pair<std::vector<std::int32_t>, int>, std::uint8_t> branches_;
  // What the current step touched, recorded only for Successors::record_independent.
  bool tracking_ = false;
  StepAccess access_;
  std::unique_ptr<Independence> independence_;  // built on first use
  WorkMeter meter_;                             // limit_work, on_work
};

}  // namespace frontend
