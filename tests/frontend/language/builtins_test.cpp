// The table of built-ins (frontend/language/builtins.hpp): consistent, documented in
// docs/language.md, and the one place the checker learns each built-in's
// arity, argument and result types from.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "frontend/compile.hpp"
#include "frontend/language/builtins.hpp"
#include "tests/frontend/support.hpp"

namespace frontend::test {
namespace {

std::string checker_error(const std::string& text) {
  try {
    load_model_text("m.conc", text, {});
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

// An object with an integer x, a sequence s and a set u, and `body` as a method.
std::string object_with(const std::string& body) {
  return "object O {\n  shared x: 0..2;\n  shared s: seq<0..2>[2];\n  shared u: set<0..2>;\n  method m() {\n" + body +
         "\n  }\n}";
}

TEST(Builtins, TableIsConsistent) {
  std::set<std::string_view> names;
  for (const Primitive& p : primitives()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_GE(p.locations, 1) << p.name;
    EXPECT_LE(p.locations, p.arity) << p.name;
    EXPECT_EQ(find_primitive(p.name), &p);
    EXPECT_EQ(find_primitive(p.op), &p);
    EXPECT_TRUE(p.doc.starts_with(fmt::format("{}(", p.name))) << p.doc;
    if (p.writes) {
      EXPECT_TRUE(p.may_stand_alone) << p.name;
    }
  }
  EXPECT_EQ(find_primitive("choose"), nullptr);
  for (const ContainerOp& c : container_ops()) {
    EXPECT_EQ(find_container_op(c.container, c.name, c.takes_element), &c);
    EXPECT_TRUE(c.doc.starts_with(fmt::format("s.{}", c.name))) << c.doc;
  }
}

TEST(Builtins, EveryBuiltinIsDocumented) {
  const std::string doc = slurp(here("../../docs/language.md"));
  ASSERT_FALSE(doc.empty());
  for (const Primitive& p : primitives()) EXPECT_NE(doc.find(fmt::format("`{}(", p.name)), std::string::npos) << p.name;
  for (const ContainerOp& c : container_ops())
    EXPECT_NE(doc.find(fmt::format("`s.{}", c.name)), std::string::npos) << c.name;
}

TEST(Builtins, CheckerTakesArityAndOperandTypesFromTheTable) {
  for (const Primitive& p : primitives()) {
    std::string args = "x";
    for (int i = 1; i <= p.arity; ++i) args += ", x";  // one too many
    EXPECT_EQ(checker_error(object_with(fmt::format("    {}({});", p.name, args))),
              fmt::format("m.conc:6:5: error: '{}' takes {} arguments", p.name, p.arity));
    if (p.arity == p.locations) continue;
    args = "x";
    for (int i = 1; i < p.arity; ++i) args += i < p.locations ? ", x" : ", true";  // a bool where x's type is due
    const std::size_t first_operand = 5 + p.name.size() + 1 + 3 * p.locations;
    EXPECT_EQ(checker_error(object_with(fmt::format("    {}({});", p.name, args))),
              fmt::format("m.conc:6:{}: error: {} operand: expected 0..2, found bool", first_operand, p.name));
  }
}

TEST(Builtins, ContainerOperationsExistOnlyOnTheirContainer) {
  for (const ContainerOp& c : container_ops()) {
    const bool seq = c.container == Type::Seq;
    const std::string call = c.takes_element ? fmt::format("{}(1)", c.name) : std::string(c.name);
    for (const bool on_seq : {true, false}) {
      const std::string error =
          checker_error(object_with(fmt::format("    atomic {{ {}.{}; }}", on_seq ? "s" : "u", call)));
      if (on_seq == seq || find_container_op(on_seq ? Type::Seq : Type::Set, c.name, c.takes_element))
        EXPECT_EQ(error, "m.conc:6:15: error: this expression's value is not used") << call;
      else
        EXPECT_EQ(error, fmt::format("m.conc:6:15: error: {} has no operation '{}'",
                                     on_seq ? "seq<0..2>[2]" : "set<0..2>", c.name))
            << call;
    }
  }
}

}  // namespace
}  // namespace frontend::test
