#include "tools/common/refines_job.hpp"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

#include "bisim/equivalence.hpp"
#include "bisim/quotient.hpp"
#include "formats/diagnostic.hpp"
#include "formats/output_file.hpp"
#include "ltl/check.hpp"
#include "ltl/parser.hpp"
#include "lts/sparse_states.hpp"
#include "refine/equivalence/bisimilarity.hpp"
#include "refine/inclusion/trace_inclusion.hpp"
#include "refine/progress/lock_freedom.hpp"
#include "refine/progress/progress.hpp"
#include "refine/progress/progress_quotients.hpp"
#include "refine/progress/thread_steps.hpp"
#include "refine/progress_report.hpp"
#include "refine/reports.hpp"
#include "refine/visible_actions.hpp"
#include "tools/common/tool.hpp"
#include "tools/common/verdict_output.hpp"

namespace tools {

namespace {

// Prints the verdict, writes --cex when it does not hold, and gives the exit status.
int finish(const RefinesSettings& s, const refine::Report& report) { return emit_verdict(report, s.cex_path); }

std::string shown(const std::string& path) { return formats::display_name(path); }

// The input, minimised modulo branching bisimulation with --reduce (weak
// traces are preserved: seed paper, proof of Theorem 3.4).
// Sparse numbering is made dense (lts/sparse_states.hpp), so that memory
// follows the transitions; traces are printed with the file's state ids.
lts::DenseLts read_input(const RefinesSettings& s, const std::string& path, formats::AutReadReport& read) {
  lts::DenseLts in = lts::make_dense(formats::read_aut_file(path, s.read, &read));
  if (s.reduce) in = {bisim::minimise(in.lts, bisim::Equivalence::branching).quotient, {}};
  return in;
}

// The first `count` inputs; then a warning for each --tau name that hid no
// label of any of them (--tau=step with a SPEC without steps is no slip).
std::vector<lts::DenseLts> read_inputs(const RefinesSettings& s, std::size_t count) {
  std::vector<formats::AutReadReport> reads(count);
  std::vector<lts::DenseLts> in;
  for (std::size_t i = 0; i < count; ++i) in.push_back(read_input(s, s.inputs[i], reads[i]));
  warn_unused_tau("refines", formats::unused_hidden_names(s.read, reads));
  return in;
}

// A check that says nothing is refused: its "holds" would be no verdict
// (docs/refines.md, "What refines refuses"). `why`: what the check would
// then decide.
void require_visible_action(const std::vector<std::string>& visible, const std::string& path, const char* why) {
  if (visible.empty())
    throw formats::FileError(
        fmt::format("{}: error: no visible action is reachable from the initial state, so {}; check the labels "
                    "and --tau",
                    shown(path), why));
}

// Two LTSs without a visible label in common compare different alphabets
// (a renamed method, threads or arguments written differently): worth a word.
void warn_if_disjoint(const std::vector<std::string>& a, const std::vector<std::string>& b, const RefinesSettings& s) {
  if (a.empty() || b.empty() || !refine::shared_labels(a, b).empty()) return;
  fmt::print(stderr, "refines: warning: {} and {} share no visible label ({} has e.g. \"{}\", {} has e.g. \"{}\")\n",
             shown(s.inputs[0]), shown(s.inputs[1]), shown(s.inputs[0]), a.front(), shown(s.inputs[1]), b.front());
}

// step(T) labels (gen --thread-steps) are actions like any other to trace
// inclusion, so IMPL's steps must match SPEC's: never what a linearizability
// check means, and its counterexample would be a step: worth a word.
void warn_if_thread_steps(const std::vector<std::string>& visible, const std::string& path) {
  for (const std::string& label : visible) {
    std::uint32_t thread = 0;
    if (refine::classify_label(label, thread).kind != refine::LabelKind::step) continue;
    fmt::print(stderr,
               "refines: warning: {} has step(T) labels (gen --thread-steps), e.g. \"{}\", which trace inclusion "
               "compares as visible actions; --tau=step hides them for a linearizability check\n",
               shown(path), label);
    return;
  }
}

// The search's progress on a terminal, overwritten in place.
void show_progress(const refine::InclusionStats& st) {
  std::fprintf(stderr, "\rrefines: %llu product states, depth %u ...",
               static_cast<unsigned long long>(st.product_states), st.depth);
}

void print_statistics(const refine::InclusionStats& st) {
  std::fprintf(stderr, "refines: %llu product states, %llu SPEC subsets, antichain %llu, depth %u\n",
               static_cast<unsigned long long>(st.product_states), static_cast<unsigned long long>(st.subsets),
               static_cast<unsigned long long>(st.antichain), st.depth);
}

int run_inclusion(const RefinesSettings& s) {
  const std::vector<lts::DenseLts> in = read_inputs(s, 2);
  const lts::DenseLts& impl_in = in[0];
  const lts::Lts& impl = impl_in.lts;
  const lts::Lts& spec = in[1].lts;
  const std::vector<std::string> impl_visible = refine::reachable_visible_labels(impl);
  require_visible_action(impl_visible, s.inputs[0],
                         "its only trace is the empty one and trace inclusion would hold whatever SPEC is");
  warn_if_disjoint(impl_visible, refine::reachable_visible_labels(spec), s);
  warn_if_thread_steps(impl_visible, s.inputs[0]);
  refine::InclusionOptions options;
  options.antichains = !s.no_antichains;
  if (::isatty(STDERR_FILENO)) options.progress = show_progress;
  refine::InclusionResult r = refine::check_trace_inclusion(impl, spec, options);
  lts::restore_states(r.path, impl_in.original);
  if (options.progress && r.stats.product_states >= (1u << 18)) std::fprintf(stderr, "\r\033[K");
  if (s.verbose) print_statistics(r.stats);
  return finish(s, refine::inclusion_report(impl, r, shown(s.inputs[0]), shown(s.inputs[1]), s.style));
}

int run_lockfree(const RefinesSettings& s, const lts::DenseLts& in) {
  require_visible_action(refine::reachable_visible_labels(in.lts), s.inputs[0],
                         "it makes no call: it is not the behaviour of clients of an object, and lock-freedom "
                         "says nothing about it");
  refine::Lasso lasso = refine::find_tau_lasso(in.lts);
  lts::restore_states(lasso.stem, in.original);
  lts::restore_states(lasso.cycle, in.original);
  return finish(s, refine::lasso_report(in.lts, lasso, shown(s.inputs[0]), s.style));
}

// ---- Progress properties (--progress, docs/progress.md) ----------------

// A plain LTS (internal steps as `i`, no step(T)) keeps the lock-freedom
// check of seed paper Section 4: a reachable tau-cycle. Everything else
// needs thread-attributed steps.
int decide_progress(const RefinesSettings& s, const std::vector<refine::Progress>& properties) {
  lts::DenseLts in = std::move(read_inputs(s, 1).front());
  if (properties == std::vector{refine::Progress::lock_free} && !refine::has_thread_steps(in.lts)) {
    refine::refuse_malformed_steps(in.lts, in.original);
    if (s.verbose)
      std::fprintf(stderr, "refines: lock-free: tau-cycles of the input (%u states, %zu transitions)\n",
                   in.lts.num_states, in.lts.num_transitions());
    return run_lockfree(s, in);
  }
  refine::ProgressResult r = s.progress_on == "quotients"
                                 ? refine::check_progress_on_quotients(in.lts, properties, in.original).result
                                 : refine::check_progress(in.lts, properties, in.original);
  for (refine::ProgressVerdict& v : r.verdicts) {
    if (s.verbose) std::fprintf(stderr, "refines: %s\n", v.checked_on.c_str());
    lts::restore_states(v.lasso.stem, in.original);
    lts::restore_states(v.lasso.cycle, in.original);
  }
  return finish(s, refine::progress_report(in.lts, r, shown(s.inputs[0]), s.style));
}

// An input that is no thread-attributed object system: an error naming it.
int run_progress(const RefinesSettings& s) {
  const std::vector<refine::Progress> properties = refine::parse_progress_list(s.progress);
  try {
    return decide_progress(s, properties);
  } catch (const refine::ProgressInputError& e) {
    throw formats::FileError(fmt::format("{}: error: {}", shown(s.inputs[0]), e.what()));
  }
}

// ---- end of progress properties ------------------------------------------

// ---- LTL without next (--ltl, --ltl-file, docs/ltl.md) -------------------

struct Property {
  std::string name, where, text;  // where: "--ltl" or "FILE:LINE"
  std::size_t column0 = 0;        // column of the formula's first character, less one
};

std::vector<Property> read_properties(const RefinesSettings& s) {
  if (!s.ltl.empty()) return {{"formula", "--ltl", s.ltl, 0}};
  std::FILE* f = std::fopen(s.ltl_file.c_str(), "r");
  if (!f) throw formats::FileError(fmt::format("{}: error: cannot read the file", s.ltl_file));
  std::vector<Property> out;
  std::string line;
  int c, number = 0;
  auto take = [&] {
    ++number;
    std::size_t start = line.find_first_not_of(" \t\r");
    if (start != std::string::npos && line[start] != '#') {
      const std::size_t colon = line.find(':');
      if (colon == std::string::npos)
        throw formats::FileError(fmt::format("{}:{}:{}: error: expected `name: formula`", s.ltl_file, number, start + 1));
      std::string name = line.substr(start, colon - start);
      while (!name.empty() && name.back() == ' ') name.pop_back();
      out.push_back({name, fmt::format("{}:{}", s.ltl_file, number), line.substr(colon + 1), colon + 1});
    }
    line.clear();
  };
  while ((c = std::fgetc(f)) != EOF)
    if (c == '\n') take();
    else line += static_cast<char>(c);
  std::fclose(f);
  if (!line.empty()) take();
  if (out.empty()) throw formats::FileError(fmt::format("{}: error: no property in the file", s.ltl_file));
  return out;
}

// The lasso as `gen --replay` reads it (docs/replay.md): stem labels, `# cycle`, cycle labels.
std::string lasso_text(const lts::Lts& l, const ltl::LtlResult& r, const std::string& name) {
  std::string out = "# lasso " + name + "\n";
  auto put = [&](const std::vector<ltl::LassoStep>& steps) {
    for (const auto& st : steps) out += st.end ? "# end\n" : (st.label == lts::tau ? "i" : l.labels.name(st.label)) + "\n";
  };
  put(r.stem);
  out += "# cycle\n";
  put(r.cycle);
  return out;
}

// Fairness per thread needs the thread of every step (docs/ltl.md, "Fairness"):
// an internal step i, or another label than call/ret/step, is refused.
void check_threaded(const lts::DenseLts& in, const RefinesSettings& s) {
  if (const auto store = ltl::buffer_transition(in.lts)) {
    const lts::StateId from = in.original.empty() ? store->from : in.original[store->from];
    throw formats::FileError(fmt::format(
        "{}: error: --fairness {} is not available on an LTS with store-buffer labels (the step {} from state {}; gen "
        "--memory tso|pso --thread-steps): thread fairness would count a flush as a step of its thread, and memory "
        "fairness (every buffered store reaches memory) is not modelled by --ltl, so a verdict could be false. Use "
        "--fairness none, or refines --progress for the memory-fair progress properties",
        shown(s.inputs[0]), s.fairness, in.lts.labels.name(store->label), from));
  }
  const auto threads = ltl::thread_labels(in.lts);
  if (!threads)
    throw formats::FileError(fmt::format("{}: error: --fairness handles at most 64 threads", shown(s.inputs[0])));
  const auto bad = ltl::unthreaded_transition(in.lts, *threads);
  if (!bad) return;
  const lts::StateId from = in.original.empty() ? bad->from : in.original[bad->from];
  throw formats::FileError(fmt::format(
      "{}: error: --fairness {} needs the thread of every step, and the step {} from state {} names none (make the "
      "LTS with `gen --thread-steps --no-reduce`, and do not hide step(T) before)",
      shown(s.inputs[0]), s.fairness, bad->label == lts::tau ? std::string("i") : in.lts.labels.name(bad->label), from));
}

int run_ltl(const RefinesSettings& s) {
  const std::vector<Property> props = read_properties(s);
  std::vector<ltl::Formula> formulas;
  for (const Property& p : props) {
    try {
      formulas.push_back(ltl::parse_formula(p.text));
    } catch (const ltl::ParseError& e) {
      throw formats::FileError(fmt::format("{}:{}: error: {}", p.where, p.column0 + e.column, e.what()));
    }
  }
  const lts::DenseLts in = std::move(read_inputs(s, 1).front());
  for (std::size_t i = 0; i < props.size(); ++i)
    for (const std::string& pat : ltl::unmatched_patterns(in.lts, formulas[i]))
      throw formats::FileError(fmt::format("{}: error: the pattern '{}' matches no label of {}", props[i].where, pat,
                                           shown(s.inputs[0])));
  const ltl::Fairness fairness = *ltl::parse_fairness(s.fairness);
  if (fairness != ltl::Fairness::none) check_threaded(in, s);
  refine::Report report;
  for (std::size_t i = 0; i < props.size(); ++i) {
    const ltl::LtlResult r = ltl::check_ltl(in.lts, formulas[i], fairness);
    report.text += fmt::format("{}: {}\n", props[i].name, r.holds ? "holds" : "FAILS (a lasso violates it)");
    if (s.verbose)
      std::fprintf(stderr, "refines: %s: %zu automaton states, %zu product states\n", props[i].name.c_str(),
                   r.automaton_states, r.product_states);
    if (!r.holds) {
      report.holds = false;
      report.cex_text += lasso_text(in.lts, r, props[i].name);
    }
  }
  return finish(s, report);
}

int run_equivalence(const RefinesSettings& s) {
  const std::vector<lts::DenseLts> in = read_inputs(s, 2);
  const lts::DenseLts &x_in = in[0], &y_in = in[1];
  const lts::Lts& x = x_in.lts;
  const lts::Lts& y = y_in.lts;
  const std::vector<std::string> x_visible = refine::reachable_visible_labels(x);
  const std::vector<std::string> y_visible = refine::reachable_visible_labels(y);
  // Bisimilarity of two silent LTSs is still a question (a tau-cycle is no
  // deadlock under divbranching, and mCRL2's ltscompare answers it); only
  // the verdict says nothing about a client's call: worth a word.
  if (x_visible.empty() && y_visible.empty())
    fmt::print(stderr,
               "refines: note: neither {} nor {} has a visible action reachable from its initial state: no call is "
               "made, so the verdict compares internal steps only; check the labels and --tau\n",
               shown(s.inputs[0]), shown(s.inputs[1]));
  warn_if_disjoint(x_visible, y_visible, s);
  const bisim::Equivalence e = *bisim::parse_equivalence(s.equivalence);
  refine::BisimilarityResult r = refine::check_bisimilarity(x, y, e);
  refine::restore_witness_states(r, x_in.original, y_in.original);
  if (s.verbose) std::fprintf(stderr, "refines: %u classes in the disjoint union\n", r.blocks);
  return finish(s, refine::bisimilarity_report(r, e, shown(s.inputs[0]), shown(s.inputs[1]), s.style));
}

}  // namespace

int run_refines(const RefinesSettings& s) {
  if (!s.ltl.empty() || !s.ltl_file.empty()) return run_ltl(s);
  if (!s.progress.empty()) return run_progress(s);
  if (!s.equivalence.empty()) return run_equivalence(s);
  return run_inclusion(s);
}

}  // namespace tools
