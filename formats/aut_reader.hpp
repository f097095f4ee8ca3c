#pragma once
// Reading Aldebaran `.aut` files (the contract: docs/architecture.md):
//
//   des (INITIAL, TRANSITIONS, STATES)
//   (FROM, LABEL, TO)            one per line
//
// Labels are quoted ("a(1,2)") or unquoted. An unquoted label runs to the
// last comma of its line, so `(0,call(1,push,2),1)` reads as the label
// `call(1,push,2)`, and keeps its inner blanks.
// Validation is strict; every error is a ParseError naming file, line and
// column. Header counts never drive an allocation the data has not
// confirmed.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lts/lts.hpp"

namespace formats {

struct AutReadOptions {
  // Labels read as tau besides `i` (CADP) and `tau` (mCRL2). A name hides
  // the label equal to it and every label `name(...)`, as mCRL2's --tau does.
  std::vector<std::string> hidden;
  // Regular files of at least this many bytes are parsed on several cores.
  std::uint64_t parallel_from_bytes = std::uint64_t{8} << 20;
  // Threads for that; 0 means one per core.
  unsigned threads = 0;
};

// What a read found besides the LTS: per name of AutReadOptions::hidden,
// whether it hid some label of the input (a name that hides nothing is
// most often a slip: --tau=stpe).
struct AutReadReport {
  std::vector<bool> hidden_matched;
};

// The names of options.hidden that hid no label in any of the reads
// `reports` describe.
std::vector<std::string> unused_hidden_names(const AutReadOptions& options, const std::vector<AutReadReport>& reports);

// Reads the file at `path`, or standard input when path is "-".
lts::Lts read_aut_file(const std::string& path, const AutReadOptions& options = {}, AutReadReport* report = nullptr);

// Reads `.aut` text held in memory; `name` is used in diagnostics.
lts::Lts read_aut_text(std::string_view text, const std::string& name, const AutReadOptions& options = {},
                       AutReadReport* report = nullptr);

// True when `label` is internal under `options`.
bool is_internal_label(std::string_view label, const AutReadOptions& options);

// True when the --tau name `name` hides `label`: the label itself, or NAME(...).
bool hides(std::string_view name, std::string_view label);

}  // namespace formats
