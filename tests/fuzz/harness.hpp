#pragma once
// What every fuzz harness shares. A harness defines libFuzzer's entry point,
// LLVMFuzzerTestOneInput; the clang fuzz build links it with libFuzzer, the
// normal build with regression_main.cpp, which feeds it every file of its
// regression folder (tests/fuzz/README.md).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A broken property: abort, which both libFuzzer and CTest report as a crash.
[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz: property broken: %s\n", what);
  std::abort();
}

inline void require(bool ok, const char* what) {
  if (!ok) fail(what);
}

}  // namespace fuzz
