#include "formats/aut_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace formats {

namespace {

// The text of each label as it appears in a transition line.
std::vector<std::string> label_tokens(const lts::Lts& lts, const AutWriteOptions& options) {
  std::vector<std::string> tokens(lts.labels.size());
  for (lts::LabelId id = 0; id < lts.labels.size(); ++id) tokens[id] = aut_label_token(id, lts.labels.name(id), options);
  return tokens;
}

// Hands the text to emit(data, size) in chunks of about 1 MiB, until emit
// returns false (a failed write: the caller reports it).
template <typename Emit>
void write_into(const lts::Lts& lts, const AutWriteOptions& options, Emit emit) {
  const std::vector<std::string> tokens = label_tokens(lts, options);
  const std::string header = aut_header(lts.initial, lts.transitions.size(), lts.num_states);
  if (!emit(header.data(), header.size())) return;
  std::size_t longest = 0;
  for (const std::string& token : tokens) longest = std::max(longest, token.size());
  const std::size_t line_max = longest + aut_line_room;
  constexpr std::size_t chunk = 1u << 20;
  std::vector<char> text(chunk + line_max);
  char* const limit = text.data() + chunk;
  char* out = text.data();
  for (const lts::Transition& t : lts.transitions) {
    out = put_aut_line(out, t.from, tokens[t.label], t.to);
    if (out >= limit) {
      if (!emit(text.data(), static_cast<std::size_t>(out - text.data()))) return;
      out = text.data();
    }
  }
  emit(text.data(), static_cast<std::size_t>(out - text.data()));
}

}  // namespace

std::string aut_header(lts::StateId initial, std::uint64_t transitions, lts::StateId states) {
  return fmt::format("des ({},{},{})\n", initial, transitions, states);
}

std::string aut_label_token(lts::LabelId id, const std::string& name, const AutWriteOptions& options) {
  if (id == lts::tau) return options.tau_name;
  // A name holding '"' came from an unquoted label and must stay unquoted.
  return name.find('"') == std::string::npos ? fmt::format("\"{}\"", name) : name;
}

// Written straight into a raw chunk with std::to_chars, not through a
// format string, which is three times slower.
char* put_aut_line(char* out, lts::StateId from, std::string_view token, lts::StateId to) {
  *out++ = '(';
  out = std::to_chars(out, out + 10, from).ptr;
  *out++ = ',';
  out = std::copy(token.begin(), token.end(), out);
  *out++ = ',';
  out = std::to_chars(out, out + 10, to).ptr;
  *out++ = ')';
  *out++ = '\n';
  return out;
}

void write_aut(const lts::Lts& lts, std::FILE* out, const AutWriteOptions& options) {
  // A failed write stops the output; the stream's error flag tells the
  // caller (formats/output_file.hpp), who names the file.
  write_into(lts, options, [&](const char* data, std::size_t size) { return std::fwrite(data, 1, size, out) == size; });
}

std::string write_aut_string(const lts::Lts& lts, const AutWriteOptions& options) {
  std::string result;
  write_into(lts, options, [&](const char* data, std::size_t size) {
    result.append(data, size);
    return true;
  });
  return result;
}

}  // namespace formats
