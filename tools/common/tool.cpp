#include "tools/common/tool.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>
#include <string_view>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "formats/diagnostic.hpp"
#include "formats/output_file.hpp"
#include "tools/common/end_on_signal.hpp"
#include "tools/common/memory_budget.hpp"
#include "tools/common/memory_watch.hpp"

namespace tools {

const CLI::Validator file_name(
    [](const std::string& value) { return value.empty() ? std::string("an empty file name") : std::string(); }, "FILE");

void add_tau_option(CLI::App& app, formats::AutReadOptions& options) {
  app.add_option("--tau", options.hidden,
                 "Comma-separated labels to read as internal (hiding), besides 'i' and 'tau'.\n"
                 "A name also hides every label NAME(...), e.g. --tau=call,ret")
      ->delimiter(',')
      ->allow_extra_args(false)  // so `--tau=a IN` leaves IN a file name
      ->type_name("L1,L2,...");
}

void warn_unused_tau(std::string_view tool, const std::vector<std::string>& names) {
  for (const std::string& name : names)
    fmt::print(stderr, "{}: warning: --tau {} hides no label of the input (neither the label {} nor {}(...))\n", tool,
               name, name, name);
}

void add_output_options(CLI::App& app, OutputOptions& options) {
  app.add_option("-o,--output", options.path,
                 "Write the result to FILE (written whole, then renamed into place); default stdout")
      ->check(file_name)
      ->type_name("FILE");
  app.add_option("--tau-name", options.aut.tau_name,
                 "Name written for the internal action: 'i' (CADP, default) or 'tau' (mCRL2)")
      ->check(CLI::IsMember({"i", "tau"}));
}

std::string resolve_input(const std::string& given) {
  if (!given.empty()) return given;
  if (::isatty(STDIN_FILENO))
    throw UsageError(
        "no input file given and standard input is a terminal; give a file name, pipe an LTS in, "
        "or pass '-' to read the terminal on purpose");
  return "-";
}

void check_beside_standard_output(const std::string& option, const std::string& path, const std::string& result) {
  if (formats::names_standard_output(path))
    throw UsageError(fmt::format("{} {}: standard output goes there and carries {}; give {} another file", option, path,
                                 result, option));
}

void describe_tool(CLI::App& app, const std::string& footer) {
  app.set_version_flag("--version", fmt::format("{} (bbtools) {}", app.get_name(), BBTOOLS_VERSION));
  app.footer(footer);
  app.get_formatter()->column_width(28);
}

void flush_standard_output() { formats::flush_checked(stdout, "-"); }

namespace {

// Who set the limit a run met, for the message.
enum class LimitSource { unknown, by_default, option, ulimit };

// The message for a run out of memory: which limit it met and how to raise
// it.
std::string out_of_memory_message(const std::string& name, std::uint64_t limit, LimitSource source) {
  if (source == LimitSource::unknown) return fmt::format("{}: error: out of memory", name);
  const std::string prefix = fmt::format("{}: error: out of memory: the run needs more than its memory limit of {}",
                                         name, format_memory_size(limit));
  if (source == LimitSource::ulimit)
    return prefix + " (set by 'ulimit -v'); raise it with 'ulimit -v' (the shell's limit on address space)";
  return fmt::format("{} ({}); raise it with --memory-limit SIZE, e.g. --memory-limit {}G", prefix,
                     source == LimitSource::option ? "--memory-limit" : "by default half of physical memory",
                     std::max<std::uint64_t>(2, (limit >> 30) * 2));
}

// Runs the body and reports its errors; the exit status. `oom`: the
// message for std::bad_alloc.
int run_body(const std::string& name, const std::function<int()>& body, const std::string& oom) {
  try {
    const int status = body();
    flush_standard_output();
    return status;
  } catch (const formats::ParseError& e) {
    std::fprintf(stderr, "%s\n", e.what());
  } catch (const formats::FileError& e) {
    std::fprintf(stderr, "%s\n", e.what());
  } catch (const UsageError& e) {
    std::fprintf(stderr, "%s: error: %s\n", name.c_str(), e.what());
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "%s\n", oom.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", name.c_str(), e.what());
  }
  return exit_error;
}

// Ends the run from the watch's thread once it uses more than its budget,
// as std::bad_alloc ends it: `message` on stderr (after the progress line
// a terminal shows), no result (formats::OutputFile's temporary files
// removed), exit status 2. The main thread is still running, so _exit: no
// destructor may run under it. A run that has committed a result is done
// with its work and left to end by itself.
void stop_over_budget(const std::string& message) {
  if (!formats::discard_uncommitted_outputs_before_exit()) return;
  const std::string text = (::isatty(STDERR_FILENO) ? "\n" : "") + message + "\n";
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t wrote = ::write(STDERR_FILENO, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) break;
    done += static_cast<std::size_t>(wrote);
  }
  ::_exit(exit_error);
}

// A parse error in our words where CLI11's would puzzle: an option given
// twice is "At Most 1 required but received 2" there.
std::string parse_error_message(const CLI::ParseError& e) {
  const std::string text = e.what();
  const std::string_view at_most = ": At Most 1 required but received ";
  const std::size_t at = text.find(at_most);
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) == nullptr || at == std::string::npos) return text;
  return fmt::format("{} is given {} times: give it once", text.substr(0, at), text.substr(at + at_most.size()));
}

// An option given an empty value ("$FILE" with FILE unset, say) must not
// read as an option not given: `gen --replay ''` would write the LTS.
std::optional<std::string> empty_value(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_type_size_max() == 0) continue;  // a flag
    const std::vector<std::string>& values = option->results();
    if (std::find(values.begin(), values.end(), std::string()) == values.end()) continue;
    if (option->get_positional()) return "an input is an empty file name";
    return fmt::format("{} is given an empty value", option->get_name());
  }
  return std::nullopt;
}

}  // namespace

int run_tool(CLI::App& app, int argc, char** argv, const std::function<int()>& body) {
  const std::string name = app.get_name();
  const auto usage_error = [&name](const std::string& message) {
    fmt::print(stderr, "{}: error: {}\nRun '{} --help' for the options.\n", name, message, name);
    return exit_error;
  };
  end_on_broken_pipe_without_temporaries();
  end_on_signal_without_temporaries();
  std::string memory_limit;
  CLI::Option* memory_option =
      app.add_option("--memory-limit", memory_limit,
                     "Stop with an error when the run uses more memory (resident, not reserved) than\n"
                     "SIZE, e.g. 512M or 8G; default: half of physical memory")
          ->type_name("SIZE");
  // CLI11 reads `--tau= IN` as `--tau IN`: the option would take the next
  // argument. An option written with '=' and nothing after it is a slip, and
  // so is a value of commas only (`--tau ,`), which splits into nothing.
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg.size() > 3 && arg.starts_with("--") && arg.ends_with("="))
      return usage_error(fmt::format("{} has no value after '='", arg));
    const std::size_t equals = arg.find('=');
    const std::string_view value = !arg.starts_with("--")             ? arg
                                   : equals == std::string_view::npos ? std::string_view()
                                                                      : arg.substr(equals + 1);
    if (!value.empty() && value.find_first_not_of(',') == std::string_view::npos)
      return usage_error(fmt::format("'{}' is a list of empty names", arg));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      return run_body(
          name, [&] { return app.exit(e); }, out_of_memory_message(name, 0, LimitSource::unknown));
    }
    return usage_error(parse_error_message(e));
  }
  if (const std::optional<std::string> message = empty_value(app)) return usage_error(*message);
  std::uint64_t budget = 0;  // 0: physical memory unknown, no limit
  try {
    budget = memory_option->count() == 0 ? default_memory_budget().value_or(0) : parse_memory_size(memory_limit);
  } catch (const UsageError& e) {
    return usage_error(e.what());
  }
  if (address_sanitizer_build) budget = 0;
  if (budget == 0) return run_body(name, body, out_of_memory_message(name, 0, LimitSource::unknown));
  // The budget holds the memory the run touches (MemoryWatch); the address
  // space is held only to a backstop several times larger, as gen's store
  // reserves more than it touches (memory_budget.hpp).
  const std::uint64_t backstop = address_space_backstop(budget);
  const std::uint64_t address_limit = apply_address_space_limit(backstop).value_or(0);
  const std::string over_budget =
      out_of_memory_message(name, budget, memory_option->count() == 0 ? LimitSource::by_default : LimitSource::option);
  // std::bad_alloc: the address space ran out. A lower `ulimit -v` is the
  // limit met; else the backstop, which follows the budget.
  const bool from_ulimit = address_limit != 0 && address_limit < backstop;
  const std::string oom = from_ulimit ? out_of_memory_message(name, address_limit, LimitSource::ulimit) : over_budget;
  const MemoryWatch watch(budget, [&over_budget](std::uint64_t) { stop_over_budget(over_budget); });
  return run_body(name, body, oom);
}

}  // namespace tools
