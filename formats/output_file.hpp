#pragma once
// Where a tool's result goes: standard output for "-", otherwise a file that
// is written under a temporary name and renamed only once complete, so a
// failed run never leaves a half-written result behind (DESIGN.md).
#include <cstdio>
#include <string>

namespace formats {

class OutputFile {
 public:
  explicit OutputFile(std::string path);
  ~OutputFile();  // discards the temporary file unless commit() succeeded
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::FILE* stream() { return stream_; }
  // Flushes, checks for write errors, and moves the file into place.
  void commit();

 private:
  std::string path_;
  std::string temporary_;
  std::FILE* stream_ = nullptr;
  bool committed_ = false;
};

}  // namespace formats
