#include "refine/text/thread_action.hpp"

#include <charconv>

namespace refine {

std::optional<ThreadAction> parse_thread_action(std::string_view label) {
  ThreadAction action{};
  if (label.starts_with("call(")) {
    action.kind = ThreadAction::Kind::call;
    label.remove_prefix(5);
  } else if (label.starts_with("ret(")) {
    action.kind = ThreadAction::Kind::ret;
    label.remove_prefix(4);
  } else {
    return std::nullopt;
  }
  if (!label.ends_with(")")) return std::nullopt;
  const char* end = label.data() + label.size();
  const auto [rest, error] = std::from_chars(label.data(), end, action.thread);
  if (error != std::errc{} || action.thread == 0 || rest == end || (*rest != ',' && *rest != ')')) return std::nullopt;
  return action;
}

}  // namespace refine
