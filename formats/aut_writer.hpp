#pragma once
// Writing Aldebaran `.aut` that both CADP and mCRL2 read unchanged: tau as
// the unquoted name `i` (CADP) or `tau` (mCRL2), every other label quoted.
// Output is deterministic: transitions in the order the Lts holds them.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "lts/lts.hpp"

namespace formats {

struct AutWriteOptions {
  std::string tau_name = "i";
};

void write_aut(const lts::Lts& lts, std::FILE* out, const AutWriteOptions& options = {});
std::string write_aut_string(const lts::Lts& lts, const AutWriteOptions& options = {});

// The pieces of that text, for a writer that makes parts of the file
// elsewhere (distributed/aut_part_writer.hpp) and must make the same bytes.
// The first line, "des (initial,transitions,states)\n".
std::string aut_header(lts::StateId initial, std::uint64_t transitions, lts::StateId states);
// How label `id`, named `name`, appears in a transition line.
std::string aut_label_token(lts::LabelId id, const std::string& name, const AutWriteOptions& options);
// The bytes a transition line takes beyond its label token, at most.
inline constexpr std::size_t aut_line_room = 2 * 10 + 4;
// Writes the line "(from,token,to)\n" at `out`, which has room for
// token.size() + aut_line_room bytes; returns the end of the line.
char* put_aut_line(char* out, lts::StateId from, std::string_view token, lts::StateId to);

}  // namespace formats
