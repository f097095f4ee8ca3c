// Fence inference (fences/inference.hpp) beside a brute force on small
// models: every subset of the positions is checked by its own route (the
// fences written into the source text, `gen | quotient | refines` as library
// calls), and the sets reported must be exactly the sufficient subsets none
// of whose proper subsets is sufficient.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "bisim/quotient.hpp"
#include "fences/inference.hpp"
#include "formats/input_file.hpp"
#include "frontend/compile.hpp"
#include "refine/inclusion/trace_inclusion.hpp"

namespace fences {
namespace {

// The source with ` fence;` written after the ';' ending each chosen statement.
std::string with_fences(const std::string& text, const std::vector<Position>& ps, unsigned mask) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  for (std::size_t i = 0; i < ps.size(); ++i) {
    if (!(mask >> i & 1u)) continue;
    std::string& line = lines[ps[i].loc.line - 1];
    const std::size_t semi = line.find(';', ps[i].loc.column - 1);
    line.insert(semi + 1, " fence;");
  }
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

bool linearizable(const FenceQuery& q, const std::string& text, const lts::Lts& spec) {
  lts::Lts impl = frontend::explore(frontend::load_model_text(q.name, text, q.options), q.explore);
  const lts::Lts quotient = bisim::minimise(std::move(impl), bisim::Equivalence::branching, {}, false).quotient;
  return refine::check_trace_inclusion(quotient, spec).holds;
}

std::set<unsigned> brute_minimal(const FenceQuery& q, const std::vector<Position>& ps) {
  frontend::CompileOptions so = q.options;
  so.memory = frontend::Memory::sc;
  so.spec = q.spec_object.empty();
  if (!q.spec_object.empty()) so.object = q.spec_object;
  const lts::Lts spec = frontend::explore(frontend::load_model_text(q.name, q.text, so), q.explore);
  const unsigned all = 1u << ps.size();
  std::vector<bool> sufficient(all);
  for (unsigned m = 0; m < all; ++m) sufficient[m] = linearizable(q, with_fences(q.text, ps, m), spec);
  std::set<unsigned> out;
  for (unsigned m = 0; m < all; ++m) {
    bool minimal = sufficient[m];
    for (unsigned sub = 0; sub < all && minimal; ++sub)
      if (sub != m && (sub & m) == sub && sufficient[sub]) minimal = false;
    if (minimal) out.insert(m);
  }
  return out;
}

void expect_minimal_as_brute_force(const std::string& model, const std::string& object, frontend::Memory memory,
                                   int buffer, long ops) {
  FenceQuery q;
  q.name = model;
  q.text = formats::file_text(std::string(BB_MODELS) + "/" + model, "model file");
  q.options.object = object;
  q.options.memory = memory;
  q.options.buffer = buffer;
  q.options.ops = ops;
  q.explore.reduce = true;
  q.max_fences = 16;  // every subset
  const FenceReport r = infer_fences(q);
  ASSERT_LE(r.positions.size(), 6u);
  std::set<unsigned> found;
  for (const FenceSet& s : r.minimal) {
    unsigned m = 0;
    for (int i : s) m |= 1u << i;
    found.insert(m);
  }
  EXPECT_EQ(found, brute_minimal(q, r.positions)) << model << " " << object;
}

TEST(FenceMinimality, PetersonUnderTso) {
  expect_minimal_as_brute_force("peterson_counter.conc", "", frontend::Memory::tso, 4, 1);
}
TEST(FenceMinimality, PetersonUnderPso) {
  expect_minimal_as_brute_force("peterson_counter.conc", "", frontend::Memory::pso, 4, 1);
}
TEST(FenceMinimality, MessagePassingUnderPso) {
  expect_minimal_as_brute_force("message_passing.conc", "MessagePassing", frontend::Memory::pso, 2, 2);
}

}  // namespace
}  // namespace fences
