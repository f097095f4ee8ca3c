// Every odd or malformed input of tests/data/aut_corpus gives exactly the
// diagnostic (or the sizes) its .expect file states.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "formats/aut_reader.hpp"
#include "formats/diagnostic.hpp"
#include "tests/support/test_data.hpp"

namespace fs = std::filesystem;

namespace {
std::string first_line(const fs::path& p) {
  std::ifstream in(p);
  std::string line;
  std::getline(in, line);
  return line;
}
}  // namespace

namespace {
// The sequential reader, and the parallel one forced onto small files with
// two and three threads: all must give the same outcome.
std::vector<formats::AutReadOptions> reader_variants() {
  formats::AutReadOptions sequential, two, three;
  sequential.threads = 1;
  two.parallel_from_bytes = three.parallel_from_bytes = 0;
  two.threads = 2;
  three.threads = 3;
  return {sequential, two, three};
}
}  // namespace

TEST(AutCorpus, EveryCaseGivesItsExpectedOutcome) {
  for (const formats::AutReadOptions& options : reader_variants()) {
    SCOPED_TRACE(options.threads);
    const fs::path dir = testing_support::test_data("aut_corpus");
    int cases = 0, errors = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() != ".aut") continue;
      ++cases;
      const std::string path = entry.path().string();
      fs::path expect_path = entry.path();
      expect_path.replace_extension(".expect");
      ASSERT_TRUE(fs::exists(expect_path)) << "no .expect for " << path;
      const std::string expected = first_line(expect_path);
      SCOPED_TRACE(path);
      std::string got;
      try {
        const lts::Lts l = formats::read_aut_file(path, options);
        got = "ok " + std::to_string(l.num_states) + " " + std::to_string(l.transitions.size());
      } catch (const formats::ParseError& e) {
        ++errors;
        const auto& d = e.diagnostic();
        EXPECT_EQ(d.file, path);
        EXPECT_EQ(std::string(e.what()).rfind(path + ":", 0), 0u);
        got = "error " + std::to_string(d.line) + ":" + std::to_string(d.column) + ": error: " + d.message;
      }
      EXPECT_EQ(got, expected);
    }
    EXPECT_GE(cases, 25);
    EXPECT_GE(errors, 25);
  }
}
