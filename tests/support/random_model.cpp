#include "tests/support/random_model.hpp"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace testing_support {

namespace {

// True with probability p: the top 53 bits of one draw as a double in [0, 1).
bool draw(std::mt19937_64& g, double p) { return static_cast<double>(g() >> 11) * 0x1.0p-53 < p; }

// Where a statement is generated: what it may do there.
struct Place {
  int depth = 0;
  bool in_loop = false;    // break is allowed
  bool in_lock = false;    // no return, break, or lock of a held lock
  bool in_atomic = false;  // any number of shared accesses, no loops, locks or returns
  int counters = 0;        // loop counters in use (c0, c1)
};

// The model under construction. Every generated statement accesses shared
// memory at most once unless it stands in an atomic block (the checker's
// one-access rule, docs/language.md "Semantics"); every field access is
// guarded by a null test unless the model is allowed to fault.
class ModelWriter {
 public:
  ModelWriter(std::uint64_t seed, const RandomModelOptions& o)
      : rng_(seed), o_(o), seed_(seed), aux_(seed ^ 0xBB67AE8584CAA73Bull) {}

  std::string write() {
    declare_object();
    const int methods = 1 + pick(o_.max_methods);
    for (int m = 0; m < methods; ++m) method(m);
    close();
    return out_;
  }

 private:
  // -- randomness (std::mt19937_64 is the same on every platform) --
  int pick(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }
  bool chance(double p) { return draw(rng_, p); }
  template <class T>
  const T& one_of(const std::vector<T>& v) {
    return v[pick(static_cast<int>(v.size()))];
  }

  // -- output --
  void line(const std::string& s) { out_ += std::string(2 * indent_, ' ') + s + "\n"; }
  void open(const std::string& s) {
    line(s + " {");
    ++indent_;
  }
  void close(const std::string& tail = "") {
    --indent_;
    line("}" + tail);
  }

  // -- names --
  std::string shared_int() { return "x" + std::to_string(pick(ints_)); }
  std::string other_int(const std::string& x) {
    std::string y = x;
    while (y == x) y = shared_int();
    return y;
  }
  std::string local_int() { return "t" + std::to_string(pick(2)); }
  // A shared integer location with one shared access: a variable, or in a
  // structured model sometimes an array element (every index in range).
  std::string int_location() {
    if (!structured_ || !aux_chance(0.35)) return shared_int();
    switch (pick(4)) {
      case 0:
      case 1: return "ax[" + (has_param_ && aux_chance(0.5) ? std::string("a") : local_int()) + "]";
      case 2: return o_.symmetric ? "ay[0]" : "ay[tid - 1]";
      default: return chance(0.5) || o_.symmetric ? "ay[0]" : "ay[threads - tid]";
    }
  }
  std::string constant() { return std::to_string(pick(domain_)); }
  std::string dom() const { return std::to_string(domain_); }
  std::string range() const { return "0.." + std::to_string(domain_ - 1); }
  std::string ref_local() { return chance(0.5) ? "p" : "q"; }
  std::string shared_ref() { return "r" + std::to_string(pick(refs_)); }

  // An integer of the domain computed from locals, parameters and constants.
  std::string atom() {
    std::vector<std::string> atoms{local_int(), local_int(), constant()};
    if (has_param_) atoms.push_back("a");
    if (thread_var_) atoms.push_back("h");
    return one_of(atoms);
  }
  std::string local_expr() {
    switch (pick(5)) {
      case 0: return "(" + atom() + " + 1) % " + dom();
      case 1: return "(" + atom() + " + " + atom() + ") % " + dom();
      case 2: return std::to_string(domain_ - 1) + " - " + atom();
      default: return atom();
    }
  }
  std::string local_cond() {
    std::vector<std::string> c{
        atom() + " == " + local_expr(),   atom() + " != " + constant(), atom() + " < " + local_expr(), "b0", "!b0",
        o_.symmetric ? "!b0" : "tid == 1"};
    if (heap_) c.push_back(ref_local() + " == null");
    return one_of(c);
  }
  // A condition with exactly one shared access.
  std::string shared_cond() {
    if (own_slots_ && draw(slot_rng_, 0.35)) return "az[tid % threads] == " + local_expr();
    std::vector<std::string> c{int_location() + " == " + local_expr(), int_location() + " != " + constant(),
                               int_location() + " < " + local_expr()};
    if (flag_) c.push_back(chance(0.5) ? "f" : "!f");
    if (structured_) c.push_back(chance(0.5) ? "pr.1" : "pr.0 == " + local_expr());
    if (heap_) c.push_back(shared_ref() + (chance(0.5) ? " == null" : " != " + ref_local()));
    return one_of(c);
  }

  void declare_object();
  void method(int index);
  void block(Place at, int max_statements);
  void statement(const Place& at);
  bool compound(const Place& at);
  bool shared_access();
  bool heap_access(const Place& at);
  bool wait_or_fault(const Place& at);
  void atomic_statement(const Place& at);
  void guarded(const std::string& ref, const std::string& access);
  std::string client_clause(int index);
  void return_statement();
  void body_if(const std::string& cond, const Place& at);
  bool tuple_access();
  bool own_slot_access();
  void guarded_cas(const std::string& target, const std::string& expected_constant, const std::string& local,
                   const std::string& value);

  std::mt19937_64 rng_;
  RandomModelOptions o_;
  std::uint64_t seed_;
  std::string out_;
  int indent_ = 0;
  // The model.
  int domain_ = 2, ints_ = 1, refs_ = 0, locks_ = 0;
  bool flag_ = false, heap_ = false, frees_ = false, thread_var_ = false, client_ = false;
  bool risky_ = false, blocking_ = false, diverging_ = false;
  // Shared writes are mostly a cas expecting a constant, or a local that a
  // branch just fixed: what the reduction's guarded writes rely on
  // (frontend/analysis/guarded_writes.hpp). Drawn from a generator of its own, so the
  // other models stay as they were.
  bool guarded_ = false;
  // Arrays and a tuple (structured_): shared integer arrays indexed by a
  // local or by the thread ('ax', 'ay'), and a (value, mark) pair 'pr' read
  // whole or by member and written by cas. Whether a model has them, and
  // where they replace a plain variable, comes from a generator of its own,
  // so the models without them stay as they were.
  std::mt19937_64 aux_;
  bool structured_ = false;
  // Thread-indexed flags (own_slots_): each thread writes only its own
  // element az[tid - 1] and reads its neighbour's, az[tid % threads], as
  // hazard pointers and Dekker-style flags are used. Drawn from a generator
  // of its own, so the other models stay as they were.
  std::mt19937_64 slot_rng_;
  bool own_slots_ = false;
  bool aux_chance(double p) { return draw(aux_, p); }
  // The method being written.
  bool has_param_ = false;
  std::string result_;  // "", range or "bool"
  bool allocated_ = false;
};

void ModelWriter::declare_object() {
  std::mt19937_64 guard_rng(seed_ ^ 0x6A09E667F3BCC909ull);
  guarded_ = draw(guard_rng, o_.guarded_chance);
  risky_ = chance(o_.fault_chance);
  blocking_ = chance(o_.blocking_chance);
  diverging_ = chance(o_.divergence_chance);
  domain_ = chance(0.75) ? 2 : 3;
  ints_ = 1 + pick(domain_ == 2 ? o_.max_shared_ints : std::max(1, o_.max_shared_ints - 1));
  flag_ = chance(0.3);
  locks_ = chance(0.35) ? 1 + pick(2) : 0;
  heap_ = chance(0.4);
  refs_ = heap_ ? 1 + pick(2) : 0;
  frees_ = heap_ && chance(o_.free_chance);
  thread_var_ = chance(0.15);
  line("// random_model seed " + std::to_string(seed_));
  open("object R" + std::to_string(seed_));
  if (heap_) {
    line("node N { val: " + range() + "; next: N; }");
    line("pool N " + std::to_string(o_.pool) + ";");
  }
  for (int i = 0; i < ints_; ++i) line("shared x" + std::to_string(i) + ": " + range() + " = " + constant() + ";");
  if (flag_) line(std::string("shared f: bool = ") + (chance(0.5) ? "true" : "false") + ";");
  for (int i = 0; i < locks_; ++i) line("shared L" + std::to_string(i) + ": lock;");
  for (int i = 0; i < refs_; ++i) line("shared r" + std::to_string(i) + ": N = null;");
  if (thread_var_) line("thread h: " + range() + " = 0;");
  structured_ = aux_chance(o_.structured_chance);
  slot_rng_.seed(seed_ ^ 0xBB67AE8584CAA73Bull);
  own_slots_ = (!o_.symmetric || o_.rotations) && draw(slot_rng_, o_.own_slots_chance);
  if (own_slots_) line("shared az: " + range() + "[threads] = 0;");
  if (structured_) {
    line("shared ax: " + range() + "[" + dom() + "] = " + constant() + ";");
    line("shared ay: " + range() + "[threads] = " + constant() + ";");
    line("shared pr: (" + range() + ", bool) = (" + constant() + ", false);");
  }
  client_ = chance(o_.client_chance);
  if (client_) line("client k: 0..1 = 0;");
  if (heap_ && chance(0.5)) {
    open("init");
    line("d := new N(" + constant() + ", null);");
    line("r0 := d;");
    close();
  }
}

void ModelWriter::method(int index) {
  has_param_ = chance(0.4);
  const int r = pick(10);
  result_ = r < 3 ? "" : r < 8 ? range() : "bool";
  allocated_ = false;
  std::string head = "method m" + std::to_string(index) + "(" + (has_param_ ? "a: 0..1" : "") + ")";
  if (!result_.empty()) head += ": " + result_;
  head += client_clause(index);
  open(head);
  line("var t0: " + range() + " := 0;");
  line("var t1: " + range() + " := 0;");
  line("var c0: 0..2 := 0;");
  line("var c1: 0..2 := 0;");
  line("var b0: bool := false;");
  if (heap_) {
    line("var p: N := null;");
    line("var q: N := null;");
  }
  block(Place{}, o_.max_statements);
  return_statement();
  close();
}

// A restricted client (docs/language.md, "Clients"): the first method is
// always callable at the start, so every model has a call.
std::string ModelWriter::client_clause(int index) {
  if (!client_ || !chance(0.7)) return "";
  if (index == 0) return " when k == 0 on call { k := 1; }";
  switch (pick(3)) {
    case 0: return " when k == 1 on call { k := 0; }";
    case 1: return o_.symmetric ? " when k == 0" : " when tid != 1";
    default: return std::string(" when ") + (has_param_ ? "a == k" : "k == 1");
  }
}

void ModelWriter::return_statement() {
  if (result_.empty()) {
    line("return;");
  } else if (result_ == "bool") {
    std::vector<std::string> r{"b0", local_cond(), "cas(" + shared_int() + ", " + atom() + ", " + local_expr() + ")"};
    line("return " + one_of(r) + ";");
  } else {
    line("return " + (chance(0.3) ? shared_int() : local_expr()) + ";");
  }
}

// `target` set to `value` by a cas expecting a constant: written as is, or
// through a local that a branch compares with the constant first. In the
// third form the local is known to differ, not to equal: the cas expects
// an unknown value there, which the analysis must not take for a guard.
void ModelWriter::guarded_cas(const std::string& target, const std::string& expected_constant, const std::string& local,
                              const std::string& value) {
  const std::string cas = "b0 := cas(" + target + ", " + local + ", " + value + ");";
  switch (pick(4)) {
    case 0: line("b0 := cas(" + target + ", " + expected_constant + ", " + value + ");"); return;
    case 1:
      open("if " + local + " == " + expected_constant);
      line(cas);
      close();
      return;
    case 2:
      open("if " + local + " != " + expected_constant);
      line(cas);
      close();
      return;
    default:
      open("if " + local + " != " + expected_constant);
      line("skip;");
      close(" else {");
      ++indent_;
      line(cas);
      close();
  }
}

void ModelWriter::block(Place at, int max_statements) {
  const int n = 1 + pick(max_statements);
  for (int i = 0; i < n; ++i) at.in_atomic ? atomic_statement(at) : statement(at);
}

void ModelWriter::body_if(const std::string& cond, const Place& at) {
  Place inner = at;
  ++inner.depth;
  open("if " + cond);
  block(inner, at.depth == 0 ? 2 : 1);
  if (chance(0.4)) {
    close(" else {");
    ++indent_;
    block(inner, at.depth == 0 ? 2 : 1);
  }
  close();
}

void ModelWriter::statement(const Place& at) {
  for (;;) {
    switch (pick(12)) {
      case 0: line(local_int() + " := " + local_expr() + ";"); return;
      case 1:
        if (chance(0.3)) line(local_int() + " := choose(" + range() + ");");
        else if (thread_var_) line("h := " + local_expr() + ";");
        else line("b0 := " + local_cond() + ";");
        return;
      case 2:
      case 3:
        if (shared_access()) return;
        break;
      case 4:
      case 5:
        if (heap_ && heap_access(at)) return;
        break;
      case 6:
      case 7:
      case 8:
        if (compound(at)) return;
        break;
      case 9:
      case 10:
        if (wait_or_fault(at)) return;
        break;
      case 11:
        if (at.in_loop && !at.in_lock && chance(0.5)) {
          open("if " + local_cond());
          line("break;");
          close();
          return;
        }
        if (!at.in_lock && chance(0.3)) {
          open("if " + (chance(0.5) ? local_cond() : shared_cond()));
          return_statement();
          close();
          return;
        }
        break;
    }
  }
}

// One statement with exactly one shared access.
bool ModelWriter::shared_access() {
  if (own_slots_ && draw(slot_rng_, 0.35)) return own_slot_access();
  if (structured_ && aux_chance(0.2)) return tuple_access();
  const std::string x = int_location();
  switch (pick(8)) {
    case 0: line(local_int() + " := " + x + ";"); return true;
    case 1:
      if (guarded_) guarded_cas(x, constant(), local_int(), local_expr());
      else line(x + " := " + local_expr() + ";");
      return true;
    case 2:
      if (guarded_) guarded_cas(x, constant(), local_int(), local_expr());
      else line("b0 := cas(" + x + ", " + atom() + ", " + local_expr() + ");");
      return true;
    case 3:
      if (!flag_) return false;
      line(pick(2) ? "b0 := f;" : std::string("f := ") + (pick(2) ? "b0;" : "true;"));
      return true;
    case 4: line("b0 := vl(" + x + ");"); return true;
    case 5: line(local_int() + " := ll(" + x + ");"); return true;
    case 6:
      if (guarded_) return false;
      line("b0 := sc(" + x + ", " + local_expr() + ");");
      return true;
    default:
      if (ints_ < 2 || guarded_) return false;
      line("b0 := dcas(x0, x1, " + atom() + ", " + atom() + ", " + local_expr() + ", " + local_expr() + ");");
      return true;
  }
}

// One access to the thread-indexed flags: a write or cas of the thread's
// own element, or a read of its neighbour's.
bool ModelWriter::own_slot_access() {
  switch (pick(3)) {
    case 0: line("az[tid - 1] := " + local_expr() + ";"); return true;
    case 1: line("b0 := cas(az[tid - 1], " + atom() + ", " + local_expr() + ");"); return true;
    default: line(local_int() + " := az[tid % threads];"); return true;
  }
}

// One access to the pair: read whole or by member, or written by a cas
// expecting a constant mark (in a guarded model the only writes, so that a
// set mark settles the pair) or, otherwise, by any cas, an assignment or a
// member's assignment; or the array 'ay' read whole, which depends on a
// write of any of its elements.
bool ModelWriter::tuple_access() {
  if (aux_chance(0.15)) {
    line("w := ay;");
    line(local_int() + " := w[0];");
    return true;
  }
  switch (pick(5)) {
    case 0: line("(" + local_int() + ", b0) := pr;"); return true;
    case 1: line(chance(0.5) ? local_int() + " := pr.0;" : "b0 := pr.1;"); return true;
    case 2:
    case 3:
      line("b0 := cas(pr, (" + local_int() + ", false), (" + local_expr() + ", " + (chance(0.5) ? "true" : "false") +
           "));");
      return true;
    default:
      if (guarded_) return false;
      if (chance(0.5)) line("b0 := cas(pr, (" + local_int() + ", b0), (" + local_expr() + ", !b0));");
      else if (aux_chance(0.5)) line(chance(0.5) ? "pr.1 := b0;" : "pr.0 := " + local_expr() + ";");
      else line("pr := (" + local_expr() + ", b0);");
      return true;
  }
}

// `access` on a local reference, behind a null test unless faults are allowed.
void ModelWriter::guarded(const std::string& ref, const std::string& access) {
  if (risky_ && chance(0.5)) {
    line(access);
    return;
  }
  open("if " + ref + " != null");
  line(access);
  close();
}

bool ModelWriter::heap_access(const Place& at) {
  const std::string p = ref_local(), r = shared_ref();
  switch (pick(8)) {
    case 0:
      // At most one allocation per operation (outside loops), so the pool
      // never runs out unless faults are allowed.
      if ((allocated_ || at.in_loop) && !risky_) return false;
      allocated_ = true;
      line(p + " := new N(" + local_expr() + ", " + (chance(0.5) ? "null" : ref_local()) + ");");
      return true;
    case 1: line(p + " := " + r + ";"); return true;
    case 2:
      if (guarded_) guarded_cas(r, "null", ref_local(), p);
      else line(r + " := " + (chance(0.2) ? "null" : p) + ";");
      return true;
    case 3: guarded(p, local_int() + " := " + p + ".val;"); return true;
    case 4:
      guarded(p, guarded_ ? "b0 := cas(" + p + ".val, " + constant() + ", " + local_expr() + ");"
                          : p + ".val := " + local_expr() + ";");
      return true;
    case 5:
      if (chance(0.5))
        guarded(p, guarded_ ? "b0 := cas(" + p + ".next, null, " + ref_local() + ");"
                            : p + ".next := " + ref_local() + ";");
      else guarded(p, ref_local() + " := " + p + ".next;");
      return true;
    case 6:
      // Explicit memory management: freed nodes are reused, so ABA and a
      // double free (a fault) become reachable.
      if (!frees_) return false;
      guarded(p, "free(" + p + ");");
      return true;
    default: line("b0 := cas(" + r + ", " + (guarded_ ? "null" : p) + ", " + ref_local() + ");"); return true;
  }
}

// Blocking, divergence and faults, each only when the model allows it.
bool ModelWriter::wait_or_fault(const Place& at) {
  switch (pick(5)) {
    case 0:
      if (!blocking_) return false;
      line("await " + shared_cond() + ";");
      return true;
    case 1: {
      if (!blocking_ || at.in_atomic) return false;
      const std::string t = local_int();
      open("loop");  // a spin on a shared value
      line(t + " := " + shared_int() + ";");
      line("if " + t + " == " + constant() + " { break; }");
      close();
      return true;
    }
    case 2:
      if (!diverging_) return false;
      open("if " + local_cond());
      line("while true { skip; }");
      close();
      return true;
    case 3:
      if (!risky_) return false;
      line("assert " + (chance(0.5) ? local_cond() : shared_cond()) + ";");
      return true;
    default:
      if (!risky_) return false;
      if (heap_ && chance(0.4)) line(local_int() + " := " + ref_local() + ".val;");  // p may be null
      else if (locks_ && !at.in_lock && chance(0.5)) line("unlock(L0);");
      else if (!guarded_) line(shared_int() + " := " + atom() + " + 1;");  // may leave the range
      else return false;
      return true;
  }
}

bool ModelWriter::compound(const Place& at) {
  if (at.depth >= o_.max_depth) return false;
  Place inner = at;
  ++inner.depth;
  switch (pick(7)) {
    case 0: body_if(shared_cond(), at); return true;
    case 1: body_if(local_cond(), at); return true;
    case 2: {  // a cas or sc retry loop, as lock-free objects have
      if (guarded_) return false;
      const std::string x = shared_int(), t = local_int();
      const bool ll = chance(0.3);
      open("loop");
      line(t + " := " + (ll ? "ll(" + x + ")" : x) + ";");
      inner.in_loop = true;
      if (chance(0.5)) block(inner, 1);
      const std::string update = ll ? "sc(" + x + ", " : "cas(" + x + ", " + t + ", ";
      open("if " + update + "(" + t + " + " + atom() + ") % " + dom() + ")");
      line("break;");
      close();
      close();
      return true;
    }
    case 3: {  // a loop bounded by a counter
      if (at.counters >= 2) return false;
      const std::string c = "c" + std::to_string(at.counters);
      inner.in_loop = true;
      ++inner.counters;
      line(c + " := 0;");
      open("while " + c + " < " + std::to_string(1 + pick(2)));
      block(inner, at.depth == 0 ? 2 : 1);
      line(c + " := " + c + " + 1;");
      close();
      return true;
    }
    case 4: {
      if (locks_ == 0 || at.in_lock) return false;
      const std::string l = "L" + std::to_string(pick(locks_));
      inner.in_lock = true;
      line("lock(" + l + ");");
      block(inner, at.depth == 0 ? 2 : 1);
      if (!(blocking_ && chance(0.3))) line("unlock(" + l + ");");  // else held for ever
      return true;
    }
    default:
      inner.in_atomic = true;
      open("atomic");
      block(inner, 3);
      close();
      return true;
  }
}

// A statement of an atomic block: several shared accesses are allowed;
// no loops, locks, returns or breaks.
void ModelWriter::atomic_statement(const Place& at) {
  if (structured_ && aux_chance(0.15) && tuple_access()) return;
  const std::string x = int_location(), y = ints_ > 1 ? other_int(x) : shared_int();
  switch (pick(7)) {
    case 0:
      if (guarded_) guarded_cas(x, constant(), local_int(), "(" + y + " + " + atom() + ") % " + dom());
      else line(x + " := (" + y + " + " + atom() + ") % " + dom() + ";");
      return;
    case 1: line(local_int() + " := " + x + ";"); return;
    case 2:
      if (guarded_) guarded_cas(x, constant(), local_int(), local_expr());
      else line(x + " := " + local_expr() + ";");
      return;
    case 3:
      if (at.depth < o_.max_depth) {
        body_if(x + " == " + y, at);
        return;
      }
      line("b0 := " + x + " == " + y + ";");
      return;
    case 4:
      if (blocking_) {
        line("await " + x + " != " + constant() + ";");
        return;
      }
      line(local_int() + " := (" + x + " + " + y + ") % " + dom() + ";");
      return;
    case 5:
      if (heap_) {
        const std::string p = ref_local();
        line(p + " := " + shared_ref() + ";");
        guarded(p, local_int() + " := " + p + ".val;");
        return;
      }
      line(local_int() + " := " + local_expr() + ";");
      return;
    default:
      if (guarded_) guarded_cas(x, constant(), local_int(), local_expr());
      else line("b0 := cas(" + x + ", " + atom() + ", " + local_expr() + ");");
      return;
  }
}

}  // namespace

std::string random_model(std::uint64_t seed, const RandomModelOptions& options) {
  return ModelWriter(seed, options).write();
}

}  // namespace testing_support
