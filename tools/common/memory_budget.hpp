#pragma once
// How much memory a tool may use, so that a model or LTS too large for the
// machine ends in a clean error instead of the kernel's out-of-memory
// killer. The budget bounds the memory the run uses (its resident anonymous
// pages and swap, watched by tools/common/memory_watch.hpp); the address
// space it may reserve is bounded only by a generous backstop
// (address_space_backstop), so that a runaway reservation still fails
// cleanly with std::bad_alloc (caught by tools::run_tool).
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

// Bytes in MiB (2^20), the unit of every memory figure the tools print.
inline double mebibytes(std::uint64_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

// AddressSanitizer reserves terabytes of address space for its shadow
// memory and keeps freed memory in quarantine: its builds enforce no budget.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool address_sanitizer_build = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool address_sanitizer_build = true;
#else
inline constexpr bool address_sanitizer_build = false;
#endif
#else
inline constexpr bool address_sanitizer_build = false;
#endif

// The address space a run under `budget` may reserve: four times the
// budget, and never less than physical memory plus swap. Reserving costs
// nothing until pages are touched, and touched pages count against the
// budget itself; the store of gen reserves up to 2.3 times what it touches
// (doubling segments and indexes: 11.8 GiB reserved at 5.2 GB resident,
// MS queue, 130 million states), so four times leaves it room. The floor
// lets a small budget reserve freely: no run can touch more than the
// machine has. What the backstop catches is a size computed wrong.
std::uint64_t address_space_backstop(std::uint64_t budget);

// Lowers the address-space limit (RLIMIT_AS) to `bytes`, never raising it
// above a lower limit already set (e.g. by `ulimit -v`), and returns the
// limit in force; nullopt in AddressSanitizer builds (no limit) or when the
// limit cannot be read or set.
std::optional<std::uint64_t> apply_address_space_limit(std::uint64_t bytes);

}  // namespace tools
