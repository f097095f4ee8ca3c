#pragma once
// How much memory a tool may use: a budget enforced as a limit on the
// process's address space (setrlimit RLIMIT_AS), so that a model or LTS
// too large for the machine ends in a clean error (std::bad_alloc, caught
// by tools::run_tool) instead of the kernel's out-of-memory killer.
#include <cstdint>
#include <optional>
#include <string>

namespace tools {

// Physical memory: MemTotal of /proc/meminfo, or the cgroup's memory.max
// when that is lower (a container). nullopt when neither can be read.
std::optional<std::uint64_t> physical_memory_bytes();

// Half of physical memory: two tools of a pipeline at their peak together
// still fit. nullopt when physical memory is unknown (then no limit).
std::optional<std::uint64_t> default_memory_budget();

// The smallest budget accepted: below it the program cannot even start.
inline constexpr std::uint64_t min_memory_budget = std::uint64_t{32} << 20;

// "SIZE": a whole number of bytes, or with a suffix K, M, G or T (powers
// of 1024, case ignored, an optional trailing B or iB). Throws UsageError
// on 0, a negative number, an overflow, a size below min_memory_budget, or
// anything else.
std::uint64_t parse_memory_size(const std::string& text);

// "1.5 GiB", "512 MiB": a size for messages.
std::string format_memory_size(std::uint64_t bytes);

// Lowers the address-space limit to `bytes` (never raises it above a lower
// limit already set, e.g. by `ulimit -v`) and returns the limit in force.
// AddressSanitizer reserves terabytes of address space for its shadow
// memory: its builds set no limit (nullopt).
std::optional<std::uint64_t> apply_memory_budget(std::uint64_t bytes);

}  // namespace tools
