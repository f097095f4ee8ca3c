// Fault runs print repeated steps and blocks once (frontend/explore/error_trace.hpp):
// fixed cases, and on random runs the printed form expands back to the run.
#include <random>

#include <gtest/gtest.h>

#include "frontend/explore/error_trace.hpp"

namespace frontend::test {
namespace {

// The reference reader: "STEP", "STEP x K" and "[ITEMS] x K" back into
// steps (steps hold no blanks or brackets, and none is named "x").
class Expander {
 public:
  explicit Expander(const std::string& s) {
    std::string word;
    auto flush = [&] {
      if (!word.empty()) tokens_.push_back(word);
      word.clear();
    };
    for (char c : s) {
      if (c == ' ' || c == '[' || c == ']') {
        flush();
        if (c != ' ') tokens_.push_back(std::string(1, c));
      } else {
        word += c;
      }
    }
    flush();
  }
  std::vector<std::string> run() {
    std::vector<std::string> out = items();
    EXPECT_EQ(at_, tokens_.size()) << "unread tokens";
    return out;
  }

 private:
  std::vector<std::string> items() {
    std::vector<std::string> out;
    while (at_ < tokens_.size() && tokens_[at_] != "]") {
      std::vector<std::string> item;
      if (tokens_[at_] == "[") {
        ++at_;
        item = items();
        EXPECT_LT(at_, tokens_.size());
        ++at_;  // ']'
      } else {
        item.push_back(tokens_[at_++]);
      }
      std::size_t times = 1;
      if (at_ + 1 < tokens_.size() && tokens_[at_] == "x") {
        times = std::stoul(tokens_[at_ + 1]);
        at_ += 2;
      }
      for (std::size_t r = 0; r < times; ++r) out.insert(out.end(), item.begin(), item.end());
    }
    return out;
  }
  std::vector<std::string> tokens_;
  std::size_t at_ = 0;
};

std::vector<std::string> expand_all(const std::string& s) { return Expander(s).run(); }

TEST(CompressRun, FixedCases) {
  EXPECT_EQ(compress_run({"a", "b"}), "a b");
  EXPECT_EQ(compress_run({"t1:i", "t1:i", "t1:i"}), "t1:i t1:i t1:i");
  EXPECT_EQ(compress_run({"c", "t1:i", "t1:i", "t1:i", "t1:i"}), "c t1:i x 4");
  std::vector<std::string> run{"start"};
  for (int k = 0; k < 199999; ++k)
    for (const char* s : {"call(1,inc)", "t1:i", "t1:i", "t1:i", "t1:i", "t1:i", "ret(1,inc)"}) run.push_back(s);
  run.push_back("call(1,inc)");
  EXPECT_EQ(compress_run(run), "start [call(1,inc) t1:i x 5 ret(1,inc)] x 199999 call(1,inc)");
}

// Random runs: repeated random blocks, themselves with repeated steps, over
// a small alphabet (so that accidental repetitions abound).
TEST(CompressRun, ExpandsBackToTheRunOnRandomRuns) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<std::string> run;
    const int pieces = std::uniform_int_distribution<int>(0, 8)(rng);
    for (int p = 0; p < pieces; ++p) {
      std::vector<std::string> block;
      const int len = std::uniform_int_distribution<int>(1, 4)(rng);
      for (int i = 0; i < len; ++i) {
        const std::string step{'s', static_cast<char>('0' + std::uniform_int_distribution<int>(0, 2)(rng))};
        const int n = std::uniform_int_distribution<int>(1, 5)(rng);
        for (int r = 0; r < n; ++r) block.push_back(step);
      }
      const int times = std::uniform_int_distribution<int>(1, 6)(rng);
      for (int r = 0; r < times; ++r) run.insert(run.end(), block.begin(), block.end());
    }
    const std::string printed = compress_run(run);
    EXPECT_EQ(expand_all(printed), run) << printed;
    EXPECT_LE(printed.size(), 3 * run.size()) << printed;
  }
}

}  // namespace
}  // namespace frontend::test
