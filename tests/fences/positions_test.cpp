// The candidate positions of fence inference (fences/positions.hpp): only
// plain stores to shared memory outside atomic blocks, and not those whose
// next statement drains the buffer anyway.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fences/insert.hpp"
#include "fences/positions.hpp"
#include "frontend/compile.hpp"
#include "frontend/language/parser.hpp"

namespace fences {
namespace {

// One statement per line; the comment says whether it is a position.
const std::string model =
    "object P {\n"                                  // 1
    "  node N { v: 0..3; }\n"                       // 2
    "  pool 2;\n"                                   // 3
    "  shared x: 0..3 = 0;\n"                       // 4
    "  shared y: 0..3 = 0;\n"                       // 5
    "  shared n: N = null;\n"                       // 6
    "  procedure bump() {\n"                        // 7
    "    y := 2;\n"                                 // 8  yes: in a procedure, next is the return
    "  }\n"                                         // 9
    "  method m(): 0..3 {\n"                        // 10
    "    var r: 0..3 := x;\n"                       // 11 no: a local
    "    x := 1;\n"                                 // 12 yes
    "    r := y;\n"                                 // 13 no: a load into a local
    "    y := 1;\n"                                 // 14 no: a cas follows
    "    if cas(x, 1, 2) { r := 0; }\n"             // 15 no: drains
    "    atomic { x := 3; }\n"                      // 16 no: inside atomic
    "    x := 2;\n"                                 // 17 no: a fence follows
    "    fence;\n"                                  // 18
    "    if r == 0 { x := 0; } else { y := 0; }\n"  // 19 both yes: the store after the if
    "    p := new N(1);\n"                          // 20 no: a local
    "    p.v := 2;\n"                               // 21 yes: a node's field; then the call
    "    bump();\n"                                 // 22
    "    x := 1;\n"                                 // 23 no: the next statement locks (atomic)
    "    atomic { r := y; }\n"                      // 24
    "    return r;\n"                               // 25
    "  }\n"
    "}\n";

std::vector<std::string> lines_of(const std::vector<Position>& ps) {
  std::vector<std::string> out;
  for (const Position& p : ps)
    out.push_back(std::to_string(p.loc.line) + ":" + std::to_string(p.loc.column) + " " + p.method + " " + p.statement);
  return out;
}

std::vector<Position> positions(const std::string& text, frontend::Memory m) {
  const frontend::ast::File file = frontend::parse("p.conc", text);
  frontend::CompileOptions o;
  o.memory = m;
  return fence_positions(file, "", frontend::compile(file, o), text);
}

TEST(FencePositions, OnlyBufferedStoresNotFollowedByADrain) {
  const std::vector<std::string> want{"8:5 bump y := 2;", "12:5 m x := 1;", "19:17 m x := 0;", "19:34 m y := 0;",
                                      "21:5 m p.v := 2;"};
  EXPECT_EQ(lines_of(positions(model, frontend::Memory::tso)), want);
  EXPECT_EQ(lines_of(positions(model, frontend::Memory::pso)), want);
}

// A fence inserted at a position makes it no longer one (its next
// statement is now a fence), and leaves the others.
TEST(FencePositions, AnInsertedFenceDrainsItsStore) {
  frontend::ast::File file = frontend::parse("p.conc", model);
  insert_fences(file.objects[0], {{12, 5}, {19, 34}});
  frontend::CompileOptions o;
  o.memory = frontend::Memory::tso;
  const std::vector<std::string> want{"8:5 bump y := 2;", "19:17 m x := 0;", "21:5 m p.v := 2;"};
  EXPECT_EQ(lines_of(fence_positions(file, "", frontend::compile(file, o), model)), want);
  EXPECT_THROW(insert_fences(file.objects[0], {{13, 1}}), std::logic_error);
}

}  // namespace
}  // namespace fences
