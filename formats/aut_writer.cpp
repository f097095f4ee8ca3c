#include "formats/aut_writer.hpp"

#include <fmt/format.h>

namespace formats {

namespace {

// The text of each label as it appears in a transition line.
std::vector<std::string> label_tokens(const lts::Lts& lts, const AutWriteOptions& options) {
  std::vector<std::string> tokens(lts.labels.size());
  tokens[lts::tau] = options.tau_name;
  for (lts::LabelId id = 1; id < lts.labels.size(); ++id) {
    const std::string& name = lts.labels.name(id);
    // A name holding '"' came from an unquoted label and must stay unquoted.
    tokens[id] = name.find('"') == std::string::npos ? fmt::format("\"{}\"", name) : name;
  }
  return tokens;
}

template <typename Flush>
void write_into(const lts::Lts& lts, const AutWriteOptions& options, fmt::memory_buffer& buf, Flush flush) {
  const std::vector<std::string> tokens = label_tokens(lts, options);
  fmt::format_to(std::back_inserter(buf), "des ({},{},{})\n", lts.initial, lts.transitions.size(),
                 lts.num_states);
  for (const lts::Transition& t : lts.transitions) {
    fmt::format_to(std::back_inserter(buf), "({},{},{})\n", t.from, tokens[t.label], t.to);
    if (buf.size() > (1u << 20)) flush();
  }
  flush();
}

}  // namespace

void write_aut(const lts::Lts& lts, std::FILE* out, const AutWriteOptions& options) {
  fmt::memory_buffer buf;
  write_into(lts, options, buf, [&] {
    std::fwrite(buf.data(), 1, buf.size(), out);
    buf.clear();
  });
}

std::string write_aut_string(const lts::Lts& lts, const AutWriteOptions& options) {
  fmt::memory_buffer buf;
  std::string result;
  write_into(lts, options, buf, [&] {
    result.append(buf.data(), buf.size());
    buf.clear();
  });
  return result;
}

}  // namespace formats
