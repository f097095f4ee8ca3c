// memory_probe: a tool that only uses memory, for the tests of
// --memory-limit (memory_budget.sh) and of a run ended by a signal
// (end_on_signal.sh). Under tools::run_tool, as gen,
// quotient and refines are, it opens its -o result, reserves address space
// in mappings of 1 GiB (as a store reserves room it has not filled yet),
// touches part of it, holds it for a while and only then writes its result.
#include <sys/mman.h>

#include <chrono>
#include <cstring>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "formats/output_file.hpp"
#include "tools/common/tool.hpp"

namespace {

// "SIZE": bytes, or with a suffix M or G.
std::size_t bytes(const std::string& text) {
  std::size_t end = 0;
  const std::size_t value = std::stoull(text, &end);
  const std::string unit = text.substr(end);
  if (unit.empty()) return value;
  if (unit == "M") return value << 20;
  if (unit == "G") return value << 30;
  throw tools::UsageError("a size is a number with M or G: " + text);
}

// Reserves `size` bytes of address space in mappings of at most 1 GiB.
std::vector<char*> reserve(std::size_t size) {
  constexpr std::size_t chunk = std::size_t{1} << 30;
  std::vector<char*> areas;
  for (std::size_t left = size; left > 0; left -= std::min(left, chunk)) {
    void* p = ::mmap(nullptr, std::min(left, chunk), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    areas.push_back(static_cast<char*>(p));
  }
  return areas;
}

// Writes to the first `size` bytes of `areas`.
void touch(const std::vector<char*>& areas, std::size_t size) {
  constexpr std::size_t chunk = std::size_t{1} << 30;
  for (std::size_t i = 0; size > 0; ++i) {
    const std::size_t part = std::min(size, chunk);
    std::memset(areas.at(i), 1, part);
    size -= part;
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Reserves and touches memory, then writes a result: a probe of --memory-limit.", "memory_probe");
  std::string reserved = "0", touched = "0", touched_after = "0";
  double hold = 0;
  tools::OutputOptions output;
  app.add_option("--reserve", reserved, "Address space to reserve (at least what is touched)");
  app.add_option("--touch", touched, "Memory to touch before the result is written");
  app.add_option("--touch-after", touched_after, "Memory to touch once the result is in place");
  app.add_option("--hold", hold, "Seconds to hold the memory before the result is written");
  tools::add_output_options(app, output);
  return tools::run_tool(app, argc, argv, [&] {
    formats::OutputFile out(output.path);
    std::fputs("begun\n", out.stream());  // a result under way: its temporary file exists
    const std::size_t before = bytes(touched), after = bytes(touched_after);
    const std::vector<char*> areas = reserve(std::max({bytes(reserved), before, after}));
    touch(areas, before);
    std::this_thread::sleep_for(std::chrono::duration<double>(hold));
    std::fputs("done\n", out.stream());
    out.commit();
    touch(areas, after);
    std::this_thread::sleep_for(std::chrono::duration<double>(hold));
    return 0;
  });
}
