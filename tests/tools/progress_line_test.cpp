// gen's progress output: rewritten in place on a terminal, whole lines at a
// fixed interval in a log (tools/common/gen_options.hpp).
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "tools/common/gen_options.hpp"

namespace {

std::string contents(std::FILE* f) {
  std::rewind(f);
  std::string text;
  for (int c; (c = std::fgetc(f)) != EOF;) text += static_cast<char>(c);
  return text;
}

frontend::ExploreProgress at(double seconds, std::uint64_t states) { return {states, 2 * states, seconds, 1 << 20}; }

TEST(ProgressLine, ALogGetsAWholeLineOncePerInterval) {
  std::FILE* log = std::tmpfile();
  ASSERT_NE(log, nullptr);
  tools::ProgressLine line(false, log, 10);
  line.show(at(1, 100));   // before the first interval: nothing
  line.show(at(10, 200));  // a line
  line.show(at(15, 300));  // within the next interval: nothing
  line.show(at(21, 400));  // a line
  line.end(nullptr);       // a log has no half line to end
  EXPECT_EQ(contents(log),
            "gen: 200 states, 400 transitions, 20 states/s, 1.0 MiB (exploring)\n"
            "gen: 400 states, 800 transitions, 19 states/s, 1.0 MiB (exploring)\n");
  std::fclose(log);
}

TEST(ProgressLine, ATerminalLineIsRewrittenAndEndedOnce) {
  std::FILE* tty = std::tmpfile();
  ASSERT_NE(tty, nullptr);
  tools::ProgressLine line(true, tty, 10);
  line.show(at(1, 100));
  line.show(at(2, 200));
  line.end(nullptr);
  line.end(nullptr);  // nothing shown since: no second newline
  EXPECT_EQ(contents(tty),
            "\rgen: 100 states, 200 transitions, 100 states/s, 1.0 MiB (exploring)   "
            "\rgen: 200 states, 400 transitions, 100 states/s, 1.0 MiB (exploring)   \n");
  std::fclose(tty);
}

// After a run-time fault gen searches the full LTS for a run to it, which
// can take long: the line says so.
TEST(ProgressLine, TheLineNamesWhatRuns) {
  std::FILE* log = std::tmpfile();
  ASSERT_NE(log, nullptr);
  tools::ProgressLine line(false, log, 10);
  frontend::ExploreProgress p = at(10, 200);
  p.phase = "searching the full LTS for a shortest run to the fault";
  line.show(p);
  EXPECT_EQ(contents(log),
            "gen: 200 states, 400 transitions, 20 states/s, 1.0 MiB (searching the full LTS for a shortest run to the "
            "fault)\n");
  std::fclose(log);
}

// A step that runs long holds the counts still: the line says that one
// step runs, and how much work it has done.
TEST(ProgressLine, TheLineNamesALongStep) {
  std::FILE* log = std::tmpfile();
  ASSERT_NE(log, nullptr);
  tools::ProgressLine line(false, log, 10);
  frontend::ExploreProgress p = at(10, 200);
  p.step_work = 12'345'678;
  line.show(p);
  EXPECT_EQ(contents(log),
            "gen: 200 states, 400 transitions, 20 states/s, 1.0 MiB (exploring; one step still runs: 12.3 million "
            "statements run and state slots copied so far)\n");
  std::fclose(log);
}

}  // namespace
