#include "formats/output_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {
fs::path fresh_dir() {
  fs::path d = fs::temp_directory_path() / ("bb_output_test_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}
}  // namespace

TEST(OutputFile, AppearsOnlyWhenCommitted) {
  const fs::path dir = fresh_dir();
  const fs::path target = dir / "out.aut";
  {
    formats::OutputFile out(target.string());
    std::fputs("partial", out.stream());
    EXPECT_FALSE(fs::exists(target));
  }  // not committed: discarded
  EXPECT_FALSE(fs::exists(target));
  EXPECT_TRUE(fs::is_empty(dir)) << "the temporary file must be removed";
  {
    formats::OutputFile out(target.string());
    std::fputs("whole", out.stream());
    out.commit();
  }
  std::ifstream in(target);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "whole");
  fs::remove_all(dir);
}

TEST(OutputFile, UnwritableDirectoryIsAFileError) {
  EXPECT_ANY_THROW(formats::OutputFile("/nonexistent-dir/out.aut"));
}
