#include "tests/ltl/promela.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "ltl/pattern.hpp"
#include "tests/ltl/reference.hpp"
#include "tests/ltl/tau_closure.hpp"

namespace ltl_test {
namespace {

using ltl::Op;

std::string render(const ltl::Formula& f, int n, AtomNames& atoms) {
  const ltl::Node& x = f.nodes[n];
  auto sub = [&](int m) { return "(" + render(f, m, atoms) + ")"; };
  auto bin = [&](const char* op) { return sub(x.left) + " " + op + " " + sub(x.right); };
  switch (x.op) {
    case Op::tt: return "true";
    case Op::ff: return "false";
    case Op::atom: return atoms.name(x.pattern);
    case Op::natom: return "!" + atoms.name(x.pattern);
    case Op::not_: return "!" + sub(x.left);
    case Op::and_: return bin("&&");
    case Op::or_: return bin("||");
    case Op::implies: return bin("->");
    case Op::iff: return bin("<->");
    case Op::until: return bin("U");
    case Op::release: return bin("V");
    case Op::weak_until: return "(" + bin("U") + ") || [] " + sub(x.left);
    case Op::eventually: return "<> " + sub(x.left);
    case Op::always: return "[] " + sub(x.left);
  }
  throw std::logic_error("spin_formula: unknown operator");
}

// A macro `name` holding when `var` has one of `values`.
std::string macro(const std::string& name, const std::string& var, const std::set<std::uint32_t>& values) {
  std::string body;
  for (std::uint32_t v : values) body += (body.empty() ? "" : " || ") + var + " == " + std::to_string(v);
  return "#define " + name + " (" + (body.empty() ? "false" : body) + ")\n";
}

// `if` over a counter `var` that waits for cond(i) of the i-th thread in
// turn and sets `tick` for one step when it wraps (degeneralisation:
// Baier and Katoen, Principles of Model Checking, 2008, Section 4.3.4).
template <typename Cond>
std::string counter(std::size_t threads, const std::string& gate, const std::string& var, const std::string& tick,
                    Cond cond) {
  if (threads == 0) return "\t" + tick + " = " + (gate.empty() ? "1" : gate) + ";\n";
  std::string out = "\t" + tick + " = 0;\n\tif\n";
  for (std::size_t i = 0; i < threads; ++i) {
    const bool last = i + 1 == threads;
    out += "\t:: " + (gate.empty() ? "" : gate + " && ") + var + " == " + std::to_string(i) + " && " + cond(i) +
           " -> " + var + " = " + std::to_string(last ? 0 : i + 1) + (last ? "; " + tick + " = 1" : "") + "\n";
  }
  return out + "\t:: else -> skip\n\tfi;\n";
}

// The macros enT, tkT per thread and fair(), run after every step: two
// deterministic monitors whose tick holds infinitely often exactly on the
// fair runs (never_claim.hpp adds GF tick to SPIN's claim).
//   wtick (weak): wc waits in turn for each thread T to be taken or
//     disabled, tkT || !enT.
//   stick (strong): once the model has guessed (a stutter step, any time
//     after the first visible step) a set ss of threads never enabled from
//     there on, dead records a violation of the guess, and sc waits in turn
//     for each thread outside ss to be taken. A fair run guesses the
//     threads enabled finitely often, after the last time they are.
std::string fairness_monitor(const lts::Lts& l) {
  const std::vector<unsigned> threads = object_threads(l);
  std::string out;
  for (unsigned thread : threads) {
    std::set<std::uint32_t> enabled, taken;
    for (lts::LabelId id = 1; id < l.labels.size(); ++id)
      if (thread_of(l.labels.name(id)) == thread) taken.insert(id);
    for (const auto& t : l.transitions)
      if (taken.count(t.label)) enabled.insert(t.from);
    out += macro("en" + std::to_string(thread), "s", enabled);
    out += macro("tk" + std::to_string(thread), "lab", taken);
  }
  out += "byte wc = 0;\nbit wtick = 0;\nbit guessed = 0;\nbyte ss = 0;\nbit dead = 0;\nbyte sc = 0;\nbit stick = 0;\n";
  auto t = [&](const char* m, std::size_t i) { return m + std::to_string(threads[i]); };
  auto in_ss = [](std::size_t i) { return "(ss & " + std::to_string(1u << i) + ")"; };
  out += "inline fair() {\n";
  out += counter(threads.size(), "", "wc", "wtick",
                 [&](std::size_t i) { return "(" + t("tk", i) + " || !" + t("en", i) + ")"; });
  if (!threads.empty()) {
    std::string violated;
    for (std::size_t i = 0; i < threads.size(); ++i)
      violated += (i ? " || " : "") + std::string("(") + in_ss(i) + " && " + t("en", i) + ")";
    out += "\tif\n\t:: guessed && (" + violated + ") -> dead = 1\n\t:: else -> skip\n\tfi;\n";
  }
  out += counter(threads.size(), "guessed && !dead", "sc", "stick",
                 [&](std::size_t i) { return "(" + in_ss(i) + " || " + t("tk", i) + ")"; });
  return out + "}\n";
}

// The comment, the globals s and lab, and the macros of the atoms.
std::string model_header(const lts::Lts& l, const AtomNames& atoms) {
  const std::uint32_t end_state = l.num_states, end_label = static_cast<std::uint32_t>(l.labels.size());
  std::string out = "/* an LTS of " + std::to_string(l.num_states) + " states; lab " + std::to_string(end_label) +
                    ": end, state " + std::to_string(end_state) + ": after the end */\n";
  out += "int s = " + std::to_string(l.initial) + ";\nint lab = 0;\n";
  for (std::size_t i = 0; i < atoms.patterns().size(); ++i) {
    std::set<std::uint32_t> labels;
    for (lts::LabelId id = 1; id < l.labels.size(); ++id)
      if (ltl::matches(atoms.patterns()[i], l.labels.name(id))) labels.insert(id);
    if (ltl::matches(atoms.patterns()[i], ltl::end_letter())) labels.insert(end_label);
    out += macro(atoms.names()[i], "lab", labels);
  }
  return out;
}

}  // namespace

const std::string& AtomNames::name(const std::string& pattern) {
  const auto it = std::find(patterns_.begin(), patterns_.end(), pattern);
  if (it != patterns_.end()) return names_[it - patterns_.begin()];
  patterns_.push_back(pattern);
  names_.push_back("p" + std::to_string(names_.size()));
  return names_.back();
}

std::string spin_formula(const ltl::Formula& f, AtomNames& atoms) { return render(f, f.root, atoms); }

std::vector<unsigned> object_threads(const lts::Lts& l) {
  std::set<unsigned> threads;
  for (lts::LabelId id = 1; id < l.labels.size(); ++id)
    if (const unsigned t = thread_of(l.labels.name(id))) threads.insert(t);
  return {threads.begin(), threads.end()};
}

std::string fairness_tick(ltl::Fairness fairness) {
  return fairness == ltl::Fairness::weak ? "wtick" : fairness == ltl::Fairness::strong ? "stick" : "";
}

std::string promela_model(const lts::Lts& l, const AtomNames& atoms, bool fairness_macros) {
  const std::uint32_t end_state = l.num_states, end_label = static_cast<std::uint32_t>(l.labels.size());
  std::string out = model_header(l, atoms);
  if (fairness_macros) {
    for (const auto& t : l.transitions)
      if (t.label == lts::tau) throw std::invalid_argument("promela_model: fairness on an LTS with tau");
    out += fairness_monitor(l);
  }
  out += "active proctype lts() {\n\tdo\n";
  const std::vector<ClosedState> closed = close_tau(l);
  for (lts::StateId s = 0; s < l.num_states; ++s) {
    auto step = [&](std::uint32_t label, std::uint32_t to) {
      out += "\t:: d_step { s == " + std::to_string(s) + " -> s = " + std::to_string(to) +
             "; lab = " + std::to_string(label) + (fairness_macros ? "; fair() }\n" : " }\n");
    };
    for (const auto& [label, to] : closed[s].steps) step(label, to);
    if (closed[s].ends) step(end_label, end_state);
  }
  if (fairness_macros) {
    // After the end the monitors still step, lab and s unchanged: a
    // finite run is fair (no thread is enabled at its end).
    out += "\t:: d_step { s == " + std::to_string(end_state) + " -> fair() }\n";
    const std::size_t sets = std::size_t{1} << object_threads(l).size();
    for (std::size_t set = 0; set < sets; ++set)
      out += "\t:: d_step { !guessed && lab != 0 -> guessed = 1; ss = " + std::to_string(set) + " }\n";
  }
  return out + "\tod\n}\n";
}

std::string promela_process_model(const lts::Lts& l, const AtomNames& atoms) {
  std::set<lts::StateId> busy;  // states with a step
  for (const auto& t : l.transitions) {
    const std::string name = t.label == lts::tau ? "i" : l.labels.name(t.label);
    if (t.label == lts::tau || thread_of(name) == 0 || name.rfind("call(", 0) == 0)
      throw std::invalid_argument("promela_process_model: " + name + " is no object action");
    busy.insert(t.from);
  }
  std::string out = model_header(l, atoms);
  auto step = [](lts::StateId from, std::uint32_t label, lts::StateId to) {
    return "\t:: d_step { s == " + std::to_string(from) + " -> s = " + std::to_string(to) +
           "; lab = " + std::to_string(label) + " }\n";
  };
  for (unsigned thread : object_threads(l)) {
    std::string options;
    for (const auto& t : l.transitions)
      if (thread_of(l.labels.name(t.label)) == thread) options += step(t.from, t.label, t.to);
    if (!options.empty()) out += "active proctype t" + std::to_string(thread) + "() {\n\tdo\n" + options + "\tod\n}\n";
  }
  std::string ends;
  for (lts::StateId s = 0; s < l.num_states; ++s)
    if (!busy.count(s)) ends += step(s, static_cast<std::uint32_t>(l.labels.size()), l.num_states);
  if (!ends.empty()) out += "active proctype ends() {\n\tdo\n" + ends + "\tod\n}\n";
  return out;
}

TableModel promela_table_model(const lts::Lts& l, const AtomNames& atoms) {
  const std::uint32_t end_state = l.num_states, end_label = static_cast<std::uint32_t>(l.labels.size());
  const std::vector<ClosedState> closed = close_tau(l);
  std::vector<std::uint32_t> off{0}, to, lab;
  std::size_t degree = 0;
  for (lts::StateId s = 0; s < l.num_states; ++s) {
    for (const auto& [label, t] : closed[s].steps) lab.push_back(label), to.push_back(t);
    if (closed[s].ends) lab.push_back(end_label), to.push_back(end_state);
    off.push_back(static_cast<std::uint32_t>(to.size()));
    degree = std::max<std::size_t>(degree, off.back() - off[off.size() - 2]);
  }
  off.push_back(off.back());  // the state after the end has no step
  auto array = [](const char* name, const std::vector<std::uint32_t>& v) {
    std::string out = std::string("int ") + name + "[] = {";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i % 16 ? ", " : i ? ",\n    " : "") + std::to_string(v[i]);
    return out + (v.empty() ? "0" : "") + "};\n";
  };
  TableModel m;
  m.c_header = array("bb_off", off) + array("bb_to", to) + array("bb_lab", lab);
  std::string& out = m.promela;
  out = model_header(l, atoms) + "c_decl {\n\\#include \"bb_lts.h\"\n}\n";
  out += "active proctype lts() {\n\tdo\n";
  // One d_step: the claim must not read a state between the guard and the
  // update (before the first step it would read lab = 0 as a position).
  for (std::size_t k = 0; k < degree; ++k) {
    const std::string e = "bb_off[now.s] + " + std::to_string(k);
    out += "\t:: d_step { c_expr { " + e + " < bb_off[now.s + 1] } -> c_code { int e = " + e +
           "; now.lab = bb_lab[e]; now.s = bb_to[e]; } }\n";
  }
  out += "\tod\n}\n";
  return m;
}

}  // namespace ltl_test
