// What gen refuses (docs/language.md, "What gen refuses") and the inputs it
// must accept: empty or oversized domains and options under which no call
// can happen are errors, never an LTS without calls (a vacuous "holds");
// an allocating init block has one outcome whatever node it takes; the bytes
// of a model file are reported whole.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "frontend/compile.hpp"
#include "frontend/language/limits.hpp"
#include "tests/frontend/support.hpp"

namespace frontend::test {
namespace {

const char* const register_model = R"(object R {
  values 1..2;
  shared x: value;
  method write(v: value) { x := v; }
  method read(): value { return x; }
})";

// The error of compiling and exploring `text`; `explore_it` = false only compiles.
std::string compile_error(const std::string& text, bool explore_it = true) {
  try {
    const Program p = load_model_text("m.conc", text, {});
    if (explore_it) explore(p, {});
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

bool has_call(const lts::Lts& l) {
  for (const auto& t : l.transitions)
    if (t.label != lts::tau && l.labels.name(t.label).starts_with("call(")) return true;
  return false;
}

TEST(Refusals, EmptyOrOversizedValueDomainsAreLocatedErrors) {
  for (const char* range : {"1..-1", "5..2", "2..1", "999999999..2"}) {
    std::string text = register_model;
    text.replace(text.find("1..2"), 4, range);
    EXPECT_EQ(compile_error(text), fmt::format("m.conc:2:3: error: the domain of 'value': {} is empty: no method "
                                               "could be called with a value",
                                               range));
  }
  std::string text = register_model;
  text.replace(text.find("1..2"), 4, "0..4096");
  EXPECT_EQ(compile_error(text),
            "m.conc:2:3: error: the domain of 'value': 0..4096 has 4097 values, more than the "
            "4096 that 'value' may range over");
  text.replace(text.find("0..4096"), 7, "1..4096");
  EXPECT_EQ(compile_error(text, false), "no error");  // 4096 values are allowed (exploring them is long)
}

TEST(Refusals, OptionsUnderWhichNoCallHappensAreErrors) {
  CompileOptions o;
  o.ops = 0;
  EXPECT_THROW(load_model_text("m.conc", register_model, o), OptionError);
  o.ops = 1;
  for (auto values : {std::pair<long, long>{2, 1}, {1, 5000}, {1, 1'000'000'000}}) {
    o.values = values;
    EXPECT_THROW(load_model_text("m.conc", register_model, o), OptionError) << values.first << ".." << values.second;
  }
  o.values.reset();
  o.pool = limits::max_pool + 1;
  EXPECT_THROW(load_model_text("m.conc", register_model, o), OptionError);
  o.pool.reset();
  o.ops = limits::max_ops + 1;
  EXPECT_THROW(load_model_text("m.conc", register_model, o), OptionError);
}

// The safety net behind the checks: a program in which no call can happen
// (here forced by editing the compiled program) is refused by explore().
TEST(Refusals, ExploreRefusesAnLtsWithoutCalls) {
  Program p = load_model_text("m.conc", register_model, {});
  EXPECT_TRUE(has_call(explore(p, {})));
  p.ops = 0;
  try {
    explore(p, {});
    FAIL() << "explored an object system without calls";
  } catch (const formats::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("m.conc: error: no thread of object 'R' can ever call a method"),
              std::string::npos)
        << e.what();
  }
}

// An init block that allocates nodes of a type that is freed: `new` may take
// any free node, but the outcomes are one canonical state, so the LTS does
// not depend on how many free nodes the pool has.
TEST(Init, AllocatingInitWithFreeHasOneOutcome) {
  const std::string text = R"(object S {
  node Node { val: 1..2; next: Node; }
  pool POOL;
  shared Top: Node = null;
  init { a := new Node(1, null); b := new Node(2, a); Top := b; }
  method pop(): 1..2 {
    t := Top;
    if t == null { return empty; }
    nx := t.next;
    if cas(Top, t, nx) { v := t.val; free(t); return v; }
    return empty;
  }
})";
  auto with_pool = [&](int pool, int threads) {
    std::string t = text;
    t.replace(t.find("POOL"), 4, std::to_string(pool));
    CompileOptions o;
    o.threads = threads;
    return explore(load_model_text("s.conc", t, o), {});
  };
  const lts::Lts two = with_pool(2, 2), five = with_pool(5, 2);
  EXPECT_EQ(two.num_states, five.num_states);
  EXPECT_EQ(two.transitions, five.transitions);
  const lts::Lts one = with_pool(3, 1);  // one pop: it sees the top node, 2
  lts::LabelId id;
  EXPECT_TRUE(one.labels.find("ret(1,pop,2)", id));
  EXPECT_FALSE(one.labels.find("ret(1,pop,1)", id));
}

TEST(Lexer, ByteOrderMarkIsSkippedAndBytesAreReportedWhole) {
  const lts::Lts plain = explore(load_model_text("m.conc", register_model, {}), {});
  const lts::Lts bom = explore(load_model_text("m.conc", std::string("\xEF\xBB\xBF") + register_model, {}), {});
  EXPECT_EQ(plain.transitions, bom.transitions);
  EXPECT_EQ(compile_error("object O {\n  \xE2\x88\x80 x\n}"), "m.conc:2:3: error: unexpected character '\xE2\x88\x80'");
  EXPECT_EQ(compile_error(std::string("object O {\n  x\0\n}", 16)),
            "m.conc:2:4: error: unexpected NUL byte (is this a text file?)");
  EXPECT_EQ(compile_error("object O {\n \x01"), "m.conc:2:2: error: unexpected control character \\x01");
  EXPECT_EQ(compile_error("object O {\xC3"), "m.conc:1:11: error: unexpected byte \\xC3 (the file is not UTF-8)");
  // A BOM elsewhere than at the start is a character like any other.
  EXPECT_EQ(compile_error("\n\xEF\xBB\xBF"), "m.conc:2:1: error: unexpected character '\xEF\xBB\xBF'");
}

}  // namespace
}  // namespace frontend::test
