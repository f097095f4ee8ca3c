#include "frontend/run/interpreter.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace frontend {

namespace {
// Beyond this many instructions in one step we start looking for a cycle of
// purely local work (or of an atomic block) that would run forever.
constexpr int cycle_check_after = 4096;
// A step longer than this is reported rather than run (or remembered) forever.
constexpr int max_statements_per_step = 1'000'000;
// Configurations of local work kept for the cycle check. Past it a cycle
// whose configurations were never kept ends at the statement limit instead.
// The choices (open_branch) have no such bound: forgetting one makes a loop
// that chooses run once per path, exponentially often; their memory is held
// by the tools' --memory-limit.
constexpr std::size_t max_remembered_configurations = 100'000;
}  // namespace

Interpreter::Interpreter(const Program& p, Labels& labels, bool renumber)
    : p_(p), spec_(p.spec), weak_(p.weak()), labels_(labels), canon_(p, renumber) {
  for (const MethodInfo& m : p.methods) {
    std::vector<std::vector<std::int32_t>> tuples{{}};
    for (const TypeP& t : m.params) {
      std::vector<std::vector<std::int32_t>> next;
      for (const auto& prefix : tuples)
        for (long v = t->lo; v <= t->hi; ++v) {
          next.push_back(prefix);
          next.back().push_back(static_cast<std::int32_t>(v));
        }
      tuples = std::move(next);
    }
    arg_tuples_.push_back(std::move(tuples));
  }
}

void Interpreter::error(Loc loc, const std::string& message) const { fail(p_.file, loc, message); }

void Interpreter::successors(const std::int32_t* state, int t, Successors& out) {
  meter_.mark();
  const std::size_t before = out.labels.size();
  tracking_ = out.record_independent;
  if (tracking_) access_.clear();
  buffering_ = false;
  buffer_origin_ = nullptr;
  if (weak_) flushes(state, t, out);
  buffer_origin_ = state;
  thread_steps(state, t, out);
  buffer_origin_ = nullptr;
  tracking_ = false;
  if (out.record_independent) mark_independent(state, t, before, out);
}

// Marks the steps of thread t just appended (from `before`): the one step
// may be taken alone when it is internal, the only step of t, did not wait
// in any run, and is independent of the other threads (independence.hpp).
// Calls and returns are visible and never taken alone.
void Interpreter::mark_independent(const std::int32_t* state, int t, std::size_t before, Successors& out) {
  out.independent.resize(out.labels.size(), 0);
  // Store buffers: the footprints do not see them, so no step goes alone
  // (docs/memory-models.md).
  if (weak_) return;
  if (out.labels.size() != before + 1 || out.labels[before] != labels_.internal(t) || blocked_) return;
  // With step(T) labels only a step that runs forward may go alone: a thread
  // that never moves again in a run then gains at most one such step per
  // statement, which keeps obstruction-freedom (docs/reduction.md).
  if (labels_.thread_steps() && backward_) return;
  const int tb = p_.thread_at(t);
  if (state[tb + Program::pc_slot] == 0 || state[tb + Program::returning_slot]) return;
  if (!independence_) independence_ = std::make_unique<Independence>(p_);
  const std::int32_t* next = out.states.data() + before * p_.state_size;
  out.independent[before] = independence_->independent(state, t, access_, next) ? 1 : 0;
}

void Interpreter::thread_steps(const std::int32_t* state, int t, Successors& out) {
  const int tb = p_.thread_at(t);
  if (state[tb + Program::pc_slot] == 0) return calls(state, t, out);
  if (state[tb + Program::returning_slot]) return pending_return(state, t, out);
  t_ = t;
  tb_ = tb;
  origin_ = state;
  step_ = labels_.internal(t);
  blocked_ = false;
  backward_ = false;
  start_step();
  work_.s.assign(state, state + p_.state_size);
  work_.depth = spec_ ? 1 : 0;
  work_.steps = 0;
  work_.dirty = false;
  const std::size_t before = out.labels.size();
  run_all(out);
  // Waiting is a step: a thread that is scheduled but cannot proceed (every
  // run of its step stops at a false await, a lock held by another thread,
  // or an atomic block that cannot finish) takes an internal step that
  // changes nothing, so divergence-sensitive checks see it wait (Yang et al.,
  // Sec. 4; Liang et al., CONCUR 2013). The self-loop is inert for
  // (non-divergent) branching bisimulation.
  if (blocked_ && out.labels.size() == before) {
    std::vector<std::int32_t> same(origin_, origin_ + p_.state_size);
    emit(same, step_, out, false);
  }
}

void Interpreter::start_step() {
  seen_.clear();
  branches_.clear();
  stack_.clear();  // what a fault left
  paths_.assign(1, 1);
  work_.path = 0;
}

// The runs of a step, depth first: work_, then each alternative a branch
// point stacked, as a run of its own.
void Interpreter::run_all(Successors& out) {
  run_path(work_, out);
  while (!stack_.empty()) {
    Config next = std::move(stack_.back());
    stack_.pop_back();
    if (next.closes) {
      *next.closes = 1;
      paths_[next.closes_path] = 0;
      continue;
    }
    next.path = static_cast<std::uint32_t>(paths_.size());
    paths_.push_back(1);
    run_path(next, out);
  }
}

// A run that ends without reaching a branch point is over; one that reached
// one stays on the path until the branch point's marker closes it.
void Interpreter::run_path(Config& c, Successors& out) {
  branched_ = false;
  run(c, out);
  if (!branched_) paths_[c.path] = 0;
}

void Interpreter::initialize(std::vector<std::int32_t>& state) {
  tracking_ = false;
  if (p_.init_method < 0) return;
  const MethodInfo& init = p_.methods[p_.init_method];
  t_ = 0;
  tb_ = p_.thread_at(0);
  origin_ = state.data();
  meter_.mark();
  start_step();
  work_.s = state;
  work_.s[tb_ + Program::pc_slot] = init.entry + 1;
  work_.depth = 1;
  work_.steps = 0;
  Successors out;
  run_all(out);
  // Outcomes are compared with the heap renumbered and locals reset: equal
  // ones are one. Without renumbering (replay) a `new` of a manual pool
  // still has one outcome per free slot; those are one up to renumbering,
  // and the first is kept.
  const auto size = static_cast<std::size_t>(p_.state_size);
  Canonicalizer renumbered(p_);
  std::set<std::vector<std::int32_t>> outcomes;
  for (std::size_t i = 0; i < out.labels.size(); ++i) {
    std::vector<std::int32_t> s(out.states.begin() + i * size, out.states.begin() + (i + 1) * size);
    if (outcomes.empty()) state = s;
    renumbered.run(s.data());
    outcomes.insert(std::move(s));
  }
  if (outcomes.empty()) error(init.loc, "the init block never ends (it blocks or loops forever)");
  if (outcomes.size() > 1)
    error(init.loc, fmt::format("the init block must end in exactly one way, but it has {} different outcomes "
                                "(a 'choose' or another nondeterministic choice?)",
                                outcomes.size()));
}

// The body has run (under --spec, or up to a return that read shared
// memory); the visible return reports the stored result.
void Interpreter::pending_return(const std::int32_t* state, int t, Successors& out) {
  const int tb = p_.thread_at(t);
  charge(p_.state_size);
  const std::size_t at = out.states.size();
  out.states.insert(out.states.end(), state, state + p_.state_size);
  std::int32_t* s = out.states.data() + at;
  const int pc = s[tb + Program::pc_slot] - 1;
  out.labels.push_back(labels_.ret(t, pc, s + tb + Program::result_slot));
  if (out.record_code) out.code.push_back(pc);
  s[tb + Program::pc_slot] = 0;
  s[tb + Program::returning_slot] = 0;
  std::copy(p_.initial.begin() + tb + Program::result_slot,
            p_.initial.begin() + tb + Program::result_slot + p_.result_size, s + tb + Program::result_slot);
}

void Interpreter::calls(const std::int32_t* state, int t, Successors& out) {
  const int tb = p_.thread_at(t);
  if (p_.ops >= 0 && state[tb + Program::ops_slot] >= p_.ops) return;
  for (std::size_t m = 0; m < p_.methods.size(); ++m) {
    if (static_cast<int>(m) == p_.init_method) continue;
    const MethodInfo& mi = p_.methods[m];
    for (const auto& args : arg_tuples_[m]) {
      charge(p_.state_size);
      const std::size_t at = out.states.size();
      out.states.insert(out.states.end(), state, state + p_.state_size);
      std::int32_t* s = out.states.data() + at;
      s[tb + Program::pc_slot] = mi.entry + 1;
      if (p_.ops >= 0) ++s[tb + Program::ops_slot];
      for (std::size_t i = 0; i < args.size(); ++i) s[tb + p_.locals + mi.param_offsets[i]] = args[i];
      if (!client_allows(mi, s, t)) {
        out.states.resize(at);
        continue;
      }
      reset_dead_locals(s, t);  // parameters the method never reads; no reference among them
      out.labels.push_back(labels_.call(t, static_cast<int>(m), args.data()));
      if (out.record_code) out.code.push_back(-1);
    }
  }
}

// The client protocol: whether the client may make this call (its `when`),
// and its `on call` updates, on the state `s` just after the call.
bool Interpreter::client_allows(const MethodInfo& mi, std::int32_t* s, int t) {
  if (!mi.guard && mi.on_call.empty()) return true;
  t_ = t;
  tb_ = p_.thread_at(t);
  s_ = s;
  work_.dirty = false;
  cur_ = &work_;
  if (mi.guard && !val(*mi.guard)) return false;
  for (const auto& [var, value] : mi.on_call) {
    std::vector<std::int32_t>& v = fields_;
    v.resize(value->type->size);
    eval(*value, v.data());
    store(addr(*var), *var, v.data());
  }
  return true;
}

bool Interpreter::reset_dead_locals(std::int32_t* s, int t) const {
  const std::int32_t pc = s[p_.thread_at(t) + Program::pc_slot];
  if (p_.dead_locals.empty() || pc == 0) return false;
  const DeadLocals& dead = p_.dead_locals[pc - 1];
  const int base = p_.thread_at(t) + p_.locals;
  bool ref_changed = false;
  for (int off : dead.refs) {
    ref_changed = ref_changed || s[base + off] != p_.initial[base + off];
    s[base + off] = p_.initial[base + off];
  }
  for (int off : dead.values) s[base + off] = p_.initial[base + off];
  return ref_changed;
}

void Interpreter::emit(std::vector<std::int32_t>& s, lts::LabelId label, Successors& out, bool canonicalise) {
  charge(s.size());
  // Under store buffers with thread steps, a step of the call that buffers
  // stores says so (step(T,store)), so that refines can tell which states
  // have a non-empty buffer (docs/memory-models.md, "Progress properties").
  if (weak_ && labels_.thread_steps() && buffer_origin_ != nullptr) {
    const int added = buffered(s.data(), t_) - buffered(buffer_origin_, t_);
    if (added > 0) {
      if (label != step_) error(p_.code[instr_ < 0 ? 0 : instr_].loc, "internal: a call or return buffers a store");
      label = labels_.store(t_, added);
    }
  }
  if (out.record_written) out.written.insert(out.written.end(), s.begin(), s.end());
  if (reset_dead_locals(s.data(), t_)) canonicalise = true;
  if (canonicalise) canon_.run(s.data());
  if (p_.memory == Memory::pso) normalise_buffers(s.data());
  out.states.insert(out.states.end(), s.begin(), s.end());
  out.labels.push_back(label);
  if (out.record_code) out.code.push_back(instr_);
}

// Whether the local work of this step has run in a cycle: local work (or an
// atomic block) that can run forever. Outside atomic blocks that is
// divergence, a tau loop; an atomic block (or a --spec body) that cannot
// finish never takes its step.
bool Interpreter::cycled(Config& c, Successors& out) {
  if (c.steps >= max_statements_per_step)
    error(p_.code[s_[tb_ + Program::pc_slot] - 1].loc,
          "one step runs more than 1,000,000 statements here (a long loop without a shared access, or in "
          "an atomic block?)");
  charge(1);
  if (++c.steps <= cycle_check_after) return false;
  charge(c.s.size());
  auto key = std::make_pair(c.s, c.depth);
  const auto it = seen_.find(key);
  if (it == seen_.end()) {
    if (seen_.size() < max_remembered_configurations) seen_.emplace(std::move(key), c.path);
    return false;
  }
  // Met before on the current path: a cycle. Met on a run that has ended:
  // the two runs joined, and what follows is out already.
  if (paths_[it->second]) cycle(c, out);
  return true;
}

void Interpreter::cycle(const Config& c, Successors& out) {
  if (c.depth == 0) {
    std::vector<std::int32_t> same(origin_, origin_ + p_.state_size);
    emit(same, step_, out, false);
  } else {
    blocked_ = true;
  }
}

// A nondeterministic statement is a branch point. Its alternatives are
// explored once per configuration, depth first, with a marker below them on
// stack_ that closes the branch point when they are all done. Meeting an
// open branch point again is a cycle (as in cycled()); meeting a closed one
// adds nothing, since its outcomes are out already. Without this, a loop
// that chooses in an atomic block (a --spec body) is run once per path
// through its choices: exponentially often. False: skip the statement.
bool Interpreter::open_branch(const Config& c, Successors& out) {
  charge(c.s.size());
  const auto [it, fresh] = branches_.try_emplace({c.s, c.depth}, 0);
  if (!fresh) {
    if (it->second == 0) cycle(c, out);
    return false;
  }
  Config marker;
  marker.closes = &it->second;
  marker.closes_path = c.path;
  stack_.push_back(std::move(marker));
  branched_ = true;
  return true;
}

void Interpreter::assign(const Instr& in) {
  std::int32_t buf[256];
  if (in.lhs->op == RExpr::TupleLit) {
    eval(*in.rhs, buf);
    int off = 0;
    for (const auto& k : in.lhs->k) {
      store(addr(*k), *k, buf + off);
      off += k->type->size;
    }
  } else if (in.rhs->type->size == 1) {
    buf[0] = val(*in.rhs);
    store(addr(*in.lhs), *in.lhs, buf);
  } else {
    eval(*in.rhs, buf);
    store(addr(*in.lhs), *in.lhs, buf);
  }
}

// The field values of a `new`, each checked against its range: the state
// store packs a field in that many bits.
void Interpreter::new_fields(const Instr& in, const NodeType& nt) {
  fields_.resize(nt.stride - 1);
  std::copy(p_.initial.begin() + nt.base + 1, p_.initial.begin() + nt.base + nt.stride, fields_.begin());
  for (std::size_t i = 0; i < in.args.size(); ++i) {
    eval(*in.args[i], fields_.data() + in.fields[i]);
    for (int k = 0; k < in.args[i]->type->size; ++k) {
      const int slot = nt.base + 1 + in.fields[i] + k;
      const std::int32_t v = fields_[in.fields[i] + k];
      if (v < p_.slot_lo[slot] || v > p_.slot_hi[slot])
        error(in.args[i]->loc,
              fmt::format("value {} is outside the range {}..{} of the field", v, p_.slot_lo[slot], p_.slot_hi[slot]));
    }
  }
}

// Takes free node r of `nt` with the fields of new_fields, and stores its reference.
void Interpreter::place_node(const Instr& in, const NodeType& nt, std::int32_t r) {
  std::int32_t* node = s_ + nt.base + (r - 1) * nt.stride;
  node[0] = 1;
  std::copy(fields_.begin(), fields_.end(), node + 1);
  if (p_.uses_ll) invalidate_links(nt.base + (r - 1) * nt.stride, nt.stride);
  store(addr(*in.lhs), *in.lhs, &r);
}

// `new`: true when the step went on in place (one candidate node), false
// when the alternatives (one per free node of a manual pool) were emitted
// or stacked and this configuration ends.
bool Interpreter::allocate(Config& c, const Instr& in, Successors& out) {
  const NodeType& nt = p_.nodes[in.node];
  new_fields(in, nt);
  candidates_.clear();
  for (int r = 1; r <= nt.pool; ++r)
    if (s_[nt.base + (r - 1) * nt.stride] == 0) {
      candidates_.push_back(r);
      if (!nt.manual) break;  // garbage-collected: all free nodes are alike
    }
  if (candidates_.empty())
    error(in.loc, fmt::format("out of heap: all {} nodes of '{}' are in use; raise 'pool {} SIZE' or give gen --pool",
                              nt.pool, nt.name, nt.name));
  if (tracking_) {
    if (nt.manual) access_.opaque = true;
    access_.allocated.push_back(in.node);
  }
  ++s_[tb_ + Program::pc_slot];
  c.dirty = true;
  if (candidates_.size() == 1) {  // in place: the common case
    place_node(in, nt, candidates_[0]);
    return true;
  }
  if (c.depth > 0 && !open_branch(c, out)) return false;
  const std::vector<std::int32_t> before = c.s;
  for (std::size_t i = candidates_.size(); i-- > 0;) {
    Config alt{before, c.depth, c.steps, true};
    s_ = alt.s.data();
    cur_ = &alt;
    place_node(in, nt, candidates_[i]);
    if (c.depth == 0) {
      emit(alt.s, step_, out);
    } else {
      stack_.push_back(std::move(alt));
    }
  }
  return false;
}

// `choose`: one alternative per value, stacked.
void Interpreter::choose(Config& c, const Instr& in, Successors& out) {
  if (!open_branch(c, out)) return;
  ++s_[tb_ + Program::pc_slot];
  const std::vector<std::int32_t> before = c.s;
  for (long v = in.hi; v >= in.lo; --v) {
    Config alt{before, c.depth, c.steps, c.dirty};
    s_ = alt.s.data();
    cur_ = &alt;
    const std::int32_t x = static_cast<std::int32_t>(v);
    store(addr(*in.lhs), *in.lhs, &x);
    stack_.push_back(std::move(alt));
  }
}

// `return`: ends the step, with the visible return or, first, the internal
// step that computes the result.
void Interpreter::finish_method(Config& c, const Instr& in, Successors& out) {
  std::int32_t buf[256];
  const std::int32_t* value = nullptr;
  if (in.rhs) {
    eval(*in.rhs, buf);
    value = buf;
    for (std::size_t i = 0; i < in.result_ranges.size(); ++i)
      if (buf[i] < in.result_ranges[i].first || buf[i] > in.result_ranges[i].second)
        error(in.loc, fmt::format("returned value {} is outside the method's result type {}", buf[i], in.message));
  }
  auto reset_locals = [&] {
    std::copy(p_.initial.begin() + tb_ + p_.locals, p_.initial.begin() + tb_ + p_.thread_stride, s_ + tb_ + p_.locals);
    s_[tb_ + Program::link_slot] = s_[tb_ + Program::link_slot + 1] = s_[tb_ + Program::link_slot + 2] = 0;
  };
  // The linearization point under --spec, and in an object whenever the
  // return reads shared memory or ends an atomic block: that work is an
  // internal step of its own and the visible return follows. Merging it
  // into the return would hide the runs where other threads act between
  // the last read and the return.
  if ((spec_ || c.depth > 0 || in.shared) && in.node != p_.init_method) {
    const int n = in.rhs ? in.rhs->type->size : 0;
    for (int i = 0; i < n; ++i) {
      const int slot = tb_ + Program::result_slot + i;
      if (buf[i] < p_.slot_lo[slot] || buf[i] > p_.slot_hi[slot])
        error(in.loc, fmt::format("returned value {} is outside the method's result type", buf[i]));
      s_[slot] = buf[i];
    }
    s_[tb_ + Program::returning_slot] = 1;
    reset_locals();
    emit(c.s, step_, out);
    return;
  }
  std::int32_t& pc = s_[tb_ + Program::pc_slot];
  const lts::LabelId label = in.node == p_.init_method ? lts::tau : labels_.ret(t_, pc - 1, value);
  reset_locals();
  pc = 0;
  emit(c.s, label, out);
}

// `lock`: false when another thread holds it (the thread waits).
bool Interpreter::lock(const Instr& in) {
  const std::int32_t a = addr(*in.rhs);
  if (s_[a] == t_ + 1) error(in.loc, "this thread already holds the lock (locks are not reentrant)");
  if (s_[a] != 0) return false;
  if (tracking_) access_.written.push_back(a);
  s_[a] = t_ + 1;
  if (p_.uses_ll) invalidate_links(a, 1);
  return true;
}

void Interpreter::unlock(const Instr& in) {
  const std::int32_t a = addr(*in.rhs);
  if (s_[a] != t_ + 1) error(in.loc, "unlock of a lock that this thread does not hold");
  if (tracking_) access_.written.push_back(a);
  s_[a] = 0;
  if (p_.uses_ll) invalidate_links(a, 1);
}

void Interpreter::jump(int target) {
  std::int32_t& pc = s_[tb_ + Program::pc_slot];
  if (target < pc) backward_ = true;  // pc is the current instruction's index + 1
  pc = target + 1;
}

void Interpreter::free_node(Config& c, const Instr& in) {
  const std::int32_t r = val(*in.rhs);
  if (r == 0) error(in.loc, "free(null)");
  const NodeType& nt = p_.nodes[in.rhs->type->id];
  std::int32_t& flag = s_[nt.base + (r - 1) * nt.stride];
  if (flag == 0) error(in.loc, "double free: the node is already free");
  if (tracking_) access_.opaque = true;
  flag = 0;
  c.dirty = true;
}

// Runs thread t_ from configuration c up to the end of its step: the next
// statement that touches shared memory, the end of an atomic block, a return,
// a wait, or a branching point whose alternatives go on the stack.
void Interpreter::run(Config& c, Successors& out) {
  cur_ = &c;
  for (;;) {
    s_ = c.s.data();
    if (cycled(c, out)) return;
    std::int32_t& pc = s_[tb_ + Program::pc_slot];
    const Instr& in = p_.code[pc - 1];
    instr_ = pc - 1;
    if (weak_) {
      // A draining statement waits for an empty buffer: this run is not
      // taken now; the flushes are steps of their own.
      if (in.drains && c.depth == 0 && !buffer_empty()) return;
      buffering_ = c.depth == 0 && !in.drains;
    }
    switch (in.op) {
      case Instr::Assign:
        assign(in);
        ++pc;
        break;
      case Instr::New:
        if (!allocate(c, in, out)) return;
        break;
      case Instr::Choose: choose(c, in, out); return;
      case Instr::Branch:
        if (!val(*in.rhs)) jump(in.target);
        else ++pc;
        break;
      case Instr::Jump: jump(in.target); break;
      case Instr::Return: finish_method(c, in, out); return;
      case Instr::Await:
        if (!val(*in.rhs)) {
          blocked_ = true;
          return;
        }
        ++pc;
        break;
      case Instr::AtomicBegin:
        ++c.depth;
        ++pc;
        continue;
      case Instr::AtomicEnd:
        --c.depth;
        ++pc;
        if (c.depth == 0) return emit(c.s, step_, out, c.dirty);
        continue;
      case Instr::Lock:
        if (!lock(in)) {
          blocked_ = true;
          return;
        }
        ++pc;
        break;
      case Instr::Unlock:
        unlock(in);
        ++pc;
        break;
      case Instr::Free:
        free_node(c, in);
        ++pc;
        break;
      case Instr::Assert:
        if (!val(*in.rhs)) error(in.loc, "assertion failed");
        ++pc;
        break;
      case Instr::Eval:
        val(*in.rhs);
        ++pc;
        break;
      case Instr::Fail: error(in.loc, in.message);
      case Instr::Fence: ++pc; break;  // the buffer is empty (above)
    }
    if (in.shared && c.depth == 0) return emit(c.s, step_, out, c.dirty);
  }
}

}  // namespace frontend
