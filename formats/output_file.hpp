#pragma once
// Where a tool's result goes: standard output for "-", otherwise a file that
// is written under a temporary name and renamed only once complete, so a
// failed run never leaves a half-written result behind.
//
// A name that is a symbolic link is followed: the file it points to is
// replaced, the link stays. A name that is a FIFO, a terminal or another
// device (/dev/null) is written directly, as it cannot be replaced. A
// name of one of the process's open descriptors (/dev/stdout, /dev/fd/N,
// /proc/self/fd/N) is written to that descriptor where it stands, as "-"
// is: replacing the file behind it would undo the caller's `>> log`.
#include <cstdio>
#include <string>
#include <vector>

namespace formats {

// Throws FileError now, before any work, when `path` cannot take a result:
// an empty name, a directory, or a folder that does not exist. Tools call
// it on every output name before a run that may be long.
void check_output_path(const std::string& path);

// Whether an output name is standard output: "-", /dev/stdout, /dev/fd/1,
// or the regular file standard output is redirected to (`> out`).
bool names_standard_output(const std::string& path);

// Throws FileError when two output names (not "-") would reach the same
// file, or both are standard output: one would overwrite the other.
void check_distinct_outputs(const std::string& first, const std::string& second);

// Throws FileError when an output would replace one of the inputs: the
// same regular file by any name or link (device and inode), "-" standing
// for standard input or output when it is a regular file (`>> IN`). Tools
// call it before any work; an input read whole first would still be lost.
void check_outputs_spare_inputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs);

// Flushes `stream` and throws FileError naming `path` ("-": <stdout>) when
// anything written to it was lost, with the reason of the failed write.
void flush_checked(std::FILE* stream, const std::string& path);

// For a run stopped from another thread just before the process ends with
// _exit (the tools' memory budget, tools/common/memory_watch.hpp): removes
// the temporary file of every OutputFile not yet committed and returns true;
// from then on no OutputFile is created, committed or discarded (they wait
// for the end), so no result appears. Returns false, and changes nothing,
// once a result has been committed: the run's work is done, and stopping it
// then would leave some of its results in place and not others.
bool discard_uncommitted_outputs_before_exit();

// For a run ended by a signal (tools/common/end_on_signal.hpp), from
// another thread: removes the temporary file of every OutputFile not yet
// committed, committed results or not, and holds every OutputFile still
// to be created, committed or discarded until the process ends.
void discard_outputs_on_signal();

// For a run ended by a signal delivered to the thread that raised it
// (SIGPIPE: a write to a pipe whose reader is gone), from that signal's
// handler: removes the temporary file of every OutputFile not yet committed,
// with async-signal-safe calls only.
void discard_outputs_in_signal_handler();

// Whether an OutputFile for `path` writes a temporary file in the output's
// folder and renames it into place on commit(): a regular file or a name
// not existing yet (links followed), not "-", one of the process's open
// descriptors or a FIFO, terminal or device. Only such a file can also be
// written at offsets by other processes (distributed/aut_part_writer.hpp).
bool output_renamed_into_place(const std::string& path);

class OutputFile {
 public:
  explicit OutputFile(std::string path);
  ~OutputFile();  // discards the temporary file unless commit() succeeded
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::FILE* stream() { return stream_; }
  // The temporary file that commit() renames into place, empty when the
  // output is written directly (output_renamed_into_place). Others may
  // write it by its name after finish(); it is discarded as the stream's
  // would be.
  const std::string& temporary_path() const { return temporary_; }
  // Flushes and closes, and checks for write errors; the result is not in
  // place yet. Lets a tool with two results check both before either moves.
  void finish();
  // finish(), then moves the file into place.
  void commit();

 private:
  std::string path_;       // as given, for messages
  std::string target_;     // the file replaced: path_, with links followed
  std::string temporary_;  // empty when written directly
  std::FILE* stream_ = nullptr;
  bool committed_ = false;
};

}  // namespace formats
