#pragma once
// The labels `gen` writes for most general clients (docs/architecture.md):
//   call(T,METHOD,ARG...)   ret(T,METHOD,VALUE...)
// with T the thread number from 1. Anything else is an opaque label.
#include <cstdint>
#include <optional>
#include <string_view>

namespace refine {

struct ThreadAction {
  enum class Kind { call, ret } kind;
  std::uint32_t thread;
};

std::optional<ThreadAction> parse_thread_action(std::string_view label);

}  // namespace refine
