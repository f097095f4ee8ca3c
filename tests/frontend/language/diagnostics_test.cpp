// The bad-model corpus: each tests/frontend/bad/NAME.conc fails with exactly
// the message in NAME.err (compile-time or run-time, 2 threads, 2 operations).
#include <filesystem>

#include <gtest/gtest.h>

#include "frontend/compile.hpp"
#include "tests/frontend/support.hpp"

namespace frontend::test {
namespace {

std::string diagnose(const std::string& path) {
  CompileOptions o;
  o.threads = 2;
  o.ops = 2;
  try {
    const Program p = load_model_text(std::filesystem::path(path).filename().string(), slurp(path), o);
    explore(p, {});
  } catch (const formats::ParseError& e) {
    return std::string(e.what()) + "\n";
  }
  return "no error\n";
}

TEST(BadModels, EachFailsWithItsExpectedDiagnostic) {
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(here("bad"))) {
    if (entry.path().extension() != ".conc") continue;
    const std::string err = entry.path().parent_path() / (entry.path().stem().string() + ".err");
    EXPECT_EQ(diagnose(entry.path().string()), slurp(err)) << entry.path();
    ++checked;
  }
  EXPECT_GE(checked, 20);
}

TEST(BadModels, UnknownObjectNamesTheAlternatives) {
  CompileOptions o;
  o.object = "Nope";
  try {
    load_model(model("treiber_stack.conc"), o);
    FAIL();
  } catch (const formats::FileError& e) {
    EXPECT_NE(std::string(e.what()).find("TreiberStack"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace frontend::test
