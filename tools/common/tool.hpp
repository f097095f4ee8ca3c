#pragma once
// What the three tools share: option groups defined once and composed into
// each tool (after Spot's bin/common_*.cc), and the one exception
// handler around every main, so that every error prints as
// `FILE:LINE:COL: error: ...` and exits with status 2.
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tools/common/cli_fwd.hpp"

#include "formats/aut_reader.hpp"
#include "formats/aut_writer.hpp"

namespace tools {

inline constexpr int exit_error = 2;

// An error in how the tool was called; printed as `TOOL: error: ...`.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Checks a FILE option's value: not empty (`-o ''` is a slip, not stdout).
extern const CLI::Validator file_name;

// --tau=L1,L2: labels read as internal, in every input.
void add_tau_option(CLI::App& app, formats::AutReadOptions& options);
// A warning on standard error for each --tau name that hid no label of
// any input (formats::unused_hidden_names): most often a slip, --tau=stpe
// leaves the labels it meant visible.
void warn_unused_tau(std::string_view tool, const std::vector<std::string>& names);
// -o FILE and --tau-name=NAME.
struct OutputOptions {
  std::string path = "-";
  formats::AutWriteOptions aut;
};
void add_output_options(CLI::App& app, OutputOptions& options);

// An input argument: a file, or "-" for standard input. When nothing is
// given and standard input is a terminal, we refuse to wait on it.
std::string resolve_input(const std::string& given);

// Checks the FILE of `option`, written beside a result that goes to
// standard output (refines' verdict, gen's replayed run): '-' (or
// /dev/stdout) would mix the two there, and the file standard output is
// redirected to would be replaced by the second, so each is refused.
void check_beside_standard_output(const std::string& option, const std::string& path, const std::string& result);

// The version line and the examples/exit-status footer every tool's --help shows.
void describe_tool(CLI::App& app, const std::string& footer);

// Flushes standard output and throws formats::FileError naming <stdout>
// when anything written there was lost (a full disk, a closed terminal). A
// tool calls it before a second result depends on the first being out;
// run_tool calls it after every run.
void flush_standard_output();

// Adds --memory-limit SIZE to `app` (every tool has it), parses the command
// line and runs `body` under the memory budget (tools/common/
// memory_budget.hpp: the memory it uses is watched, its address space held
// to a backstop), turning every error into a message on stderr and exit
// status 2: a run over its budget, stopped by the watch or by
// std::bad_alloc, gets a message naming the limit and how to raise it, and
// leaves no output file; a result that could not be written to standard
// output is an error too. --help and --version exit 0. SIGPIPE
// keeps its default action whatever the caller set: when the reader of a
// pipe goes away, the tool ends silently like any filter.
int run_tool(CLI::App& app, int argc, char** argv, const std::function<int()>& body);

}  // namespace tools
