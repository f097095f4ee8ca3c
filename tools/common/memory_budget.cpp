#include "tools/common/memory_budget.hpp"

#include <sys/resource.h>

#include <cctype>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/format.h>

#include "tools/common/tool.hpp"

namespace tools {

namespace {

// A field of /proc/meminfo in bytes, e.g. "MemTotal:".
std::optional<std::uint64_t> meminfo(const std::string& field) {
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  std::uint64_t value = 0;
  while (in >> key >> value >> unit)
    if (key == field) return value * 1024;  // given in kB
  return std::nullopt;
}

std::optional<std::uint64_t> cgroup_limit() {
  for (const char* path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    std::ifstream in(path);
    std::uint64_t value = 0;
    if (in >> value) return value;  // "max" (no limit) reads as nothing
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> physical_memory_bytes() {
  const std::optional<std::uint64_t> total = meminfo("MemTotal:");
  const std::optional<std::uint64_t> cgroup = cgroup_limit();
  if (total && cgroup) return std::min(*total, *cgroup);
  return total ? total : cgroup;
}

std::optional<std::uint64_t> default_memory_budget() {
  const std::optional<std::uint64_t> physical = physical_memory_bytes();
  if (!physical) return std::nullopt;
  return std::max(*physical / 2, min_memory_budget);
}

std::uint64_t parse_memory_size(const std::string& text) {
  const auto refuse = [&](const std::string& why) -> std::uint64_t {
    throw UsageError(fmt::format("--memory-limit {}: {}", text, why));
  };
  std::size_t i = 0;
  std::uint64_t value = 0;
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    const unsigned digit = static_cast<unsigned>(text[i] - '0');
    if (value > (max - digit) / 10) return refuse("too large");
    value = value * 10 + digit;
    ++i;
  }
  if (i == 0) return refuse("expected a size such as 512M or 4G");
  std::string suffix;
  for (; i < text.size(); ++i) suffix += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
  int shift = 0;
  if (!suffix.empty() && suffix != "B") {
    const std::string units = "KMGT";
    const std::size_t unit = units.find(suffix[0]);
    const std::string rest = suffix.substr(1);
    if (unit == std::string::npos || !(rest.empty() || rest == "B" || rest == "IB"))
      return refuse("expected a size such as 512M or 4G (suffixes K, M, G, T)");
    shift = 10 * static_cast<int>(unit + 1);
  }
  if (value == 0) return refuse("the limit must be positive");
  if (value > (max >> shift)) return refuse("too large");
  value <<= shift;
  if (value < min_memory_budget)
    return refuse(fmt::format("too small: the tools need at least {}", format_memory_size(min_memory_budget)));
  return value;
}

std::string format_memory_size(std::uint64_t bytes) {
  if (bytes >= (std::uint64_t{1} << 30)) return fmt::format("{:.1f} GiB", static_cast<double>(bytes) / (1 << 30));
  return fmt::format("{} MiB", bytes >> 20);
}

std::uint64_t address_space_backstop(std::uint64_t budget) {
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t times_four = budget > max / 4 ? max : budget * 4;
  const std::uint64_t physical = physical_memory_bytes().value_or(0);
  const std::uint64_t swap = meminfo("SwapTotal:").value_or(0);
  return std::max(times_four, physical > max - swap ? max : physical + swap);
}

std::optional<std::uint64_t> apply_address_space_limit(std::uint64_t bytes) {
  if constexpr (address_sanitizer_build) return std::nullopt;
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) != 0) return std::nullopt;
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur <= bytes) return limit.rlim_cur;
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < bytes) bytes = limit.rlim_max;
  limit.rlim_cur = bytes;
  if (::setrlimit(RLIMIT_AS, &limit) != 0) return std::nullopt;
  return bytes;
}

}  // namespace tools
