#include "fences/inference.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "bisim/quotient.hpp"
#include "fences/insert.hpp"
#include "formats/diagnostic.hpp"
#include "frontend/compile.hpp"
#include "frontend/language/parser.hpp"
#include "refine/inclusion/trace_inclusion.hpp"
#include "refine/reports.hpp"

namespace fences {

namespace {

// The model's object with fences after the statements at `after`, compiled.
frontend::Program compile_with(const FenceQuery& q, const std::vector<frontend::Loc>& after) {
  frontend::ast::File file = frontend::parse(q.name, q.text);
  frontend::ast::Object* object = find_object(file, q.options.object);
  if (object) insert_fences(*object, after);  // no object: compile names the choices
  return frontend::compile(file, q.options);
}

std::string set_text(const FenceQuery& q, const std::vector<Position>& positions, const FenceSet& set) {
  if (set.empty()) return "no fence";
  std::vector<std::string> parts;
  for (int i : set) parts.push_back(fmt::format("{}:{}:{}", q.name, positions[i].loc.line, positions[i].loc.column));
  return "fences after " + fmt::format("{}", fmt::join(parts, ", "));
}

// Runs `body`; a located error gets the fence set it arose with appended,
// so that a full buffer under one set is not mistaken for the model's error.
template <class F>
auto with_context(const std::string& context, F&& body) {
  try {
    return body();
  } catch (const formats::ParseError& e) {
    formats::Diagnostic d = e.diagnostic();
    const std::size_t line_end = std::min(d.message.find('\n'), d.message.size());
    d.message.insert(line_end, fmt::format(" (exploring the object with {})", context));
    throw formats::ParseError(d);
  }
}

lts::Lts specification(const FenceQuery& q) {
  frontend::CompileOptions o = q.options;
  o.memory = frontend::Memory::sc;
  o.spec = q.spec_object.empty();
  if (!q.spec_object.empty()) o.object = q.spec_object;
  const frontend::ast::File file = frontend::parse(q.name, q.text);
  return frontend::explore(frontend::compile(file, o), q.explore);
}

}  // namespace

std::string describe(const std::string& file, const Position& p) {
  return fmt::format("{}:{}:{}: after `{}` in {}", file, p.loc.line, p.loc.column, p.statement, p.method);
}

FenceReport infer_fences(const FenceQuery& q, const std::function<void(const InferenceProgress&)>& on_progress) {
  if (q.options.memory == frontend::Memory::sc)
    throw std::invalid_argument("fence inference needs --memory tso or pso: under sc a fence changes nothing");
  if (q.options.spec) throw std::invalid_argument("fence inference checks the object, not its specification");
  FenceReport report;
  {
    const frontend::ast::File file = frontend::parse(q.name, q.text);
    const frontend::Program plain = frontend::compile(file, q.options);
    report.object = plain.object;
    report.positions = fence_positions(file, q.options.object, plain, q.text);
  }
  const lts::Lts spec = specification(q);
  const Oracle sufficient = [&](const FenceSet& set) {
    std::vector<frontend::Loc> after;
    for (int i : set) after.push_back(report.positions[i].loc);
    const std::string context = set_text(q, report.positions, set);
    lts::Lts object = with_context(context, [&] { return frontend::explore(compile_with(q, after), q.explore); });
    const lts::Lts quotient = bisim::minimise(std::move(object), bisim::Equivalence::branching, {}, false).quotient;
    const refine::InclusionResult r = refine::check_trace_inclusion(quotient, spec);
    if (!r.holds) {
      const refine::Report text =
          refine::inclusion_report(quotient, r, "the object with " + context, "the specification", {true, false});
      report.insufficient.push_back({set, text.text});
    }
    return r.holds;
  };
  const SearchResult found = minimal_sufficient_sets(static_cast<int>(report.positions.size()), q.max_fences,
                                                     sufficient, [&](const SearchProgress& p) {
                                                       if (on_progress) on_progress({p.index, p.bound, p.set});
                                                     });
  report.minimal = found.minimal;
  report.tried = found.tried;
  report.largest_size = std::min<int>(q.max_fences, static_cast<int>(report.positions.size()));
  return report;
}

}  // namespace fences
