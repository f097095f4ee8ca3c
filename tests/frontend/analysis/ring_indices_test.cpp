// gen --symmetry on a model that names a thread only as an index relative
// to it (frontend/analysis/ring_indices.hpp): the forms accepted, each refusal with
// its place, and the arrays whose elements rotate with the threads.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "frontend/compile.hpp"
#include "tests/frontend/support.hpp"

namespace frontend::test {
namespace {

// A model whose method body is `body`, with H: 0..1[threads] (the thread
// array), G: 0..1[4], N: 0..1[2][threads] and locals k: 0..3, n: -1..1.
std::string ring_model(const std::string& body) {
  return "object O {\n"
         "  shared x: 0..3;\n"
         "  shared H: 0..1[threads] = 0;\n"
         "  shared G: 0..1[4] = 0;\n"
         "  shared N: 0..1[2][threads] = 0;\n"
         "  method m(): 0..1 {\n"
         "    var k: 0..3 := 1;\n"
         "    var n: -1..1 := 0;\n"
         "    var r: 0..1 := 0;\n    " +
         body +
         "\n    return r;\n"
         "  }\n"
         "}\n";
}

Program compile_symmetric(const std::string& text, int threads = 3) {
  CompileOptions o;
  o.threads = threads;
  o.symmetry = true;
  return load_model_text("m.conc", text, o);
}

// The message of the refusal, or "accepted".
std::string refusal(const std::string& body) {
  try {
    compile_symmetric(ring_model(body));
  } catch (const std::exception& e) {
    return e.what();
  }
  return "accepted";
}

int slot_of(const Program& p, const std::string& name) {
  for (const NamedSlot& s : p.shared_names)
    if (s.name == name) return s.offset;
  return -1;
}

TEST(RingIndices, IndicesRelativeToTheThreadAreAccepted) {
  for (const char* body : {
           "H[tid - 1] := 1;",
           "r := H[tid % threads];",
           "r := H[(tid - 1 + k) % threads];",
           "r := H[(k + tid) % threads];",
           "r := H[(tid + k - 1 + 2) % threads];",
           "atomic { r := H[(tid - 1 + x) % threads]; }",  // a shared value is the same for every thread
           "atomic { r := H[(tid - 1 + H[tid - 1]) % threads]; }",
           "N[tid - 1][1] := 1;",
       }) {
    const Program p = compile_symmetric(ring_model(body));
    EXPECT_TRUE(p.rotations()) << body;
    const std::string array = std::string(body).starts_with("N") ? "N" : "H";
    const std::vector<ThreadArray> want{{slot_of(p, array), array == "N" ? 2 : 1}};
    EXPECT_EQ(p.thread_arrays, want) << body;
  }
  const Program plain = compile_symmetric(ring_model("r := H[k % 3];"));
  EXPECT_FALSE(plain.rotations());  // no tid: every permutation, no array moves
  EXPECT_TRUE(plain.thread_arrays.empty());
}

TEST(RingIndices, EveryOtherUseOfTheThreadIsRefusedWhereItIs) {
  const std::string not_relative = "is not relative to the thread";
  const std::vector<std::pair<std::string, std::string>> cases{
      {"if tid == 1 { r := 1; }", "10:8: error: --symmetry needs a model"},
      {"if tid == 1 { r := 1; }", "'tid' here is not such an index"},
      {"x := tid;", "'tid' here is not such an index"},
      {"H[tid - 1] := 1; H[k % 3] := 0;", "10:23: error"},
      {"H[tid - 1] := 1; H[k % 3] := 0;", not_relative},
      {"r := H[threads - tid];", not_relative},  // a reflection, not a rotation
      {"r := H[tid];", not_relative},            // out of range for the last thread
      {"r := H[(tid - 2 + k) % threads];", not_relative},
      {"r := H[(tid - 1 - k) % threads];", not_relative},
      {"r := H[(tid - 1 + n) % threads];", not_relative},  // n may be negative
      {"r := H[(tid - 1 + k) % 2];", not_relative},
      {"H[tid - 1] := 1; w := H;", "is used whole here"},
      {"r := G[tid - 1];", "this array has 4 elements, not one per thread"},
      {"r := N[0][tid - 1];", "'tid' here is not such an index"},
      {"r := ll(H[tid - 1]);", "an ll/sc/vl link here names an element"},
  };
  for (const auto& [body, want] : cases) {
    const std::string got = refusal(body);
    EXPECT_NE(got.find(want), std::string::npos) << body << "\n" << got;
    EXPECT_NE(got.find("generate without --symmetry"), std::string::npos) << body << "\n" << got;
  }
}

// Without --symmetry every one of them is an ordinary model.
TEST(RingIndices, TheCheckIsOnlyForSymmetry) {
  CompileOptions o;
  o.threads = 3;
  EXPECT_NO_THROW(load_model_text("m.conc", ring_model("if tid == 1 { r := H[threads - tid]; }"), o));
}

}  // namespace
}  // namespace frontend::test
