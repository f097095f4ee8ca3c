#include "formats/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/diagnostic.hpp"

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

TEST(OutputFile, UnwritableDirectoryIsAFileError) { EXPECT_ANY_THROW(formats::OutputFile("/nonexistent-dir/out.aut")); }

TEST(OutputFile, UnusableNamesAreRefusedBeforeAnyWork) {
  const fs::path dir = fresh_dir();
  EXPECT_NO_THROW(formats::check_output_path("-"));
  EXPECT_NO_THROW(formats::check_output_path((dir / "new.aut").string()));
  EXPECT_THROW(formats::check_output_path(""), formats::FileError);
  EXPECT_THROW(formats::check_output_path(dir.string()), formats::FileError);
  EXPECT_THROW(formats::check_output_path((dir / "missing" / "x.aut").string()), formats::FileError);
  EXPECT_NO_THROW(formats::check_output_path("/dev/stdout"));
  EXPECT_THROW(formats::check_output_path("/dev/fd/987"), formats::FileError);  // not open
  EXPECT_TRUE(fs::is_empty(dir)) << "checking must not create anything";
  fs::remove_all(dir);
}

TEST(OutputFile, TwoResultsNeverShareAFile) {
  const fs::path dir = fresh_dir();
  const std::string a = (dir / "a").string();
  EXPECT_NO_THROW(formats::check_distinct_outputs(a, (dir / "b").string()));
  EXPECT_NO_THROW(formats::check_distinct_outputs("-", a));
  EXPECT_THROW(formats::check_distinct_outputs("-", "-"), formats::FileError);
  EXPECT_THROW(formats::check_distinct_outputs("-", "/dev/stdout"), formats::FileError);
  EXPECT_THROW(formats::check_distinct_outputs("/dev/fd/1", "-"), formats::FileError);
  EXPECT_THROW(formats::check_distinct_outputs(a, (dir / "." / "a").string()), formats::FileError);
  fs::create_symlink("a", dir / "link");
  EXPECT_THROW(formats::check_distinct_outputs(a, (dir / "link").string()), formats::FileError);
  fs::remove_all(dir);
}

TEST(OutputFile, FinishedFilesMoveOnlyOnCommit) {
  const fs::path dir = fresh_dir();
  const fs::path target = dir / "out.aut";
  {
    formats::OutputFile out(target.string());
    std::fputs("done", out.stream());
    out.finish();
    EXPECT_FALSE(fs::exists(target));
  }  // finished but not committed: discarded
  EXPECT_TRUE(fs::is_empty(dir));
  fs::remove_all(dir);
}

TEST(OutputFile, ALinkIsFollowedAndKept) {
  const fs::path dir = fresh_dir();
  fs::create_symlink("real.aut", dir / "link.aut");
  {
    formats::OutputFile out((dir / "link.aut").string());
    std::fputs("through", out.stream());
    out.commit();
  }
  EXPECT_TRUE(fs::is_symlink(dir / "link.aut"));
  std::ifstream in(dir / "real.aut");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "through");
  fs::remove_all(dir);
}

// A FIFO stands for every file that is not a regular one (/dev/null, a
// terminal): testing on /dev/null itself would, were this broken,
// replace the machine's /dev/null.
TEST(OutputFile, AFifoIsWrittenInPlace) {
  const fs::path dir = fresh_dir();
  const fs::path fifo = dir / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Our end opened first and without blocking, so the writer's open does
  // not wait, and a broken OutputFile (never opening the FIFO) fails the
  // test instead of hanging it.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  {
    formats::OutputFile out(fifo.string());
    std::fputs("streamed", out.stream());
    out.commit();
  }
  char buffer[64] = {};
  const ssize_t got = ::read(reader, buffer, sizeof buffer - 1);
  ::close(reader);
  const std::string received(buffer, got > 0 ? static_cast<std::size_t>(got) : 0);
  EXPECT_EQ(received, "streamed");
  EXPECT_TRUE(fs::is_fifo(fifo));
  fs::remove_all(dir);
}

TEST(OutputFile, StandardOutputHasSeveralNames) {
  for (const char* name : {"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"})
    EXPECT_TRUE(formats::names_standard_output(name)) << name;
  for (const char* name : {"/dev/stderr", "/dev/fd/2", "/dev/null", "out.aut", "1"})
    EXPECT_FALSE(formats::names_standard_output(name)) << name;
}

// A name of an open descriptor (the shell's `>> log` behind /dev/stdout) is
// that stream: written where it stands, after what the file held, never
// replaced by a new file (which would lose the lines before, and whatever
// the tool itself writes to the stream).
TEST(OutputFile, AnOpenDescriptorIsWrittenWhereItStands) {
  const fs::path dir = fresh_dir();
  const fs::path log = dir / "log";
  std::ofstream(log) << "before\n";
  struct stat was;
  ASSERT_EQ(::stat(log.c_str(), &was), 0);
  const int fd = ::open(log.c_str(), O_WRONLY | O_APPEND);
  ASSERT_GE(fd, 0);
  for (const std::string prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    formats::OutputFile out(prefix + std::to_string(fd));
    std::fputs(("through " + prefix + "\n").c_str(), out.stream());
    out.commit();
  }
  ::close(fd);
  struct stat now;
  ASSERT_EQ(::stat(log.c_str(), &now), 0);
  EXPECT_EQ(now.st_ino, was.st_ino);
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "before\nthrough /dev/fd/\nthrough /proc/self/fd/\n");
  fs::remove_all(dir);
}

TEST(OutputFile, NoOutputReplacesAnInput) {
  const fs::path dir = fresh_dir();
  const std::string in = (dir / "in.aut").string(), other = (dir / "other.aut").string();
  std::ofstream(in) << "des (0,0,1)\n";
  std::ofstream(other) << "des (0,0,1)\n";
  fs::create_symlink("in.aut", dir / "link.aut");
  fs::create_hard_link(in, dir / "hard.aut");
  const std::string link = (dir / "link.aut").string(), hard = (dir / "hard.aut").string();
  const std::string fresh = (dir / "new.aut").string();
  EXPECT_THROW(formats::check_outputs_spare_inputs({in}, {in}), formats::FileError);
  EXPECT_THROW(formats::check_outputs_spare_inputs({link}, {in}), formats::FileError);
  EXPECT_THROW(formats::check_outputs_spare_inputs({hard}, {other, in}), formats::FileError);
  EXPECT_THROW(formats::check_outputs_spare_inputs({fresh, in}, {link}), formats::FileError);
  EXPECT_NO_THROW(formats::check_outputs_spare_inputs({other, fresh}, {in, link}));
  EXPECT_NO_THROW(formats::check_outputs_spare_inputs({}, {in}));
  try {
    formats::check_outputs_spare_inputs({link}, {in});
  } catch (const formats::FileError& e) {
    EXPECT_EQ(std::string(e.what()),
              link + ": error: is the input " + in + " (the same file); write the result to another file");
  }
  // "-" is standard input or output: a regular file there is compared too.
  const int saved = ::dup(STDIN_FILENO);
  const int fd = ::open(in.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  ::dup2(fd, STDIN_FILENO);
  EXPECT_THROW(formats::check_outputs_spare_inputs({hard}, {"-"}), formats::FileError);
  EXPECT_NO_THROW(formats::check_outputs_spare_inputs({other}, {"-"}));
  ::dup2(saved, STDIN_FILENO);
  ::close(fd);
  ::close(saved);
  fs::remove_all(dir);
}

TEST(OutputFile, AFailedWriteIsReportedWithItsReason) {
  if (::access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no /dev/full";
  std::FILE* full = std::fopen("/dev/full", "w");
  ASSERT_NE(full, nullptr);
  std::fputs("verdict\n", full);
  try {
    formats::flush_checked(full, "-");
    ADD_FAILURE() << "a write to /dev/full succeeded";
  } catch (const formats::FileError& e) {
    EXPECT_EQ(std::string(e.what()), "<stdout>: error: cannot write: No space left on device");
  }
  std::fclose(full);
}

// A stop from another thread (the tools' memory budget) removes the
// temporary file of every result under way; the process then ends.
TEST(OutputFileDeathTest, DiscardedBeforeExitLeavesNothing) {
  const fs::path dir = fresh_dir();
  EXPECT_EXIT(
      {
        formats::OutputFile first((dir / "a.aut").string());
        formats::OutputFile second((dir / "b.aut").string());
        std::fputs("partial", first.stream());
        std::fputs("partial", second.stream());
        second.finish();  // written whole, not yet moved into place
        if (formats::discard_uncommitted_outputs_before_exit()) ::_exit(2);
        ::_exit(0);
      },
      ::testing::ExitedWithCode(2), "");
  EXPECT_TRUE(fs::is_empty(dir)) << "a temporary file was left";
  fs::remove_all(dir);
}

// Once a result is in place the run's work is done: a stop is refused, and
// nothing is removed.
TEST(OutputFileDeathTest, NoDiscardOnceAResultIsCommitted) {
  const fs::path dir = fresh_dir();
  EXPECT_EXIT(
      {
        formats::OutputFile out((dir / "a.aut").string());
        std::fputs("whole", out.stream());
        out.commit();
        ::_exit(formats::discard_uncommitted_outputs_before_exit() ? 2 : 0);
      },
      ::testing::ExitedWithCode(0), "");
  EXPECT_TRUE(fs::exists(dir / "a.aut"));
  fs::remove_all(dir);
}
