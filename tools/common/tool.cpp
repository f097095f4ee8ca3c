#include "tools/common/tool.hpp"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"
#include "formats/output_file.hpp"
#include "tools/common/memory_budget.hpp"

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

void describe_tool(CLI::App& app, const std::string& footer) {
  app.set_version_flag("--version", fmt::format("{} (bbtools) {}", app.get_name(), BBTOOLS_VERSION));
  app.footer(footer);
  app.get_formatter()->column_width(28);
}

void flush_standard_output() { formats::flush_checked(stdout, "-"); }

namespace {

// The message for std::bad_alloc: which limit was met and how to raise it.
std::string out_of_memory_message(const std::string& name, std::uint64_t limit, const char* source) {
  if (limit == 0) return fmt::format("{}: error: out of memory", name);
  return fmt::format(
      "{}: error: out of memory: the run needs more than its memory limit of {} ({}); "
      "raise it with --memory-limit SIZE, e.g. --memory-limit {}G",
      name, format_memory_size(limit), source, std::max<std::uint64_t>(2, (limit >> 30) * 2));
}

// Runs the body and reports its errors; the exit status. `limit`: the
// address-space limit in force, 0 for none.
int run_body(const std::string& name, const std::function<int()>& body, std::uint64_t limit, const char* source) {
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
    std::fprintf(stderr, "%s\n", out_of_memory_message(name, limit, source).c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", name.c_str(), e.what());
  }
  return exit_error;
}

}  // namespace

int run_tool(CLI::App& app, int argc, char** argv, const std::function<int()>& body) {
  const std::string name = app.get_name();
  std::signal(SIGPIPE, SIG_DFL);
  std::string memory_limit;
  CLI::Option* memory_option =
      app.add_option("--memory-limit", memory_limit,
                     "Stop with an error when the run needs more memory (address space) than SIZE,\n"
                     "e.g. 512M or 8G; default: half of physical memory")
          ->type_name("SIZE");
  // CLI11 reads `--tau= IN` as `--tau IN`: the option would take the next
  // argument. An option written with '=' and nothing after it is a slip.
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg.size() > 3 && arg.starts_with("--") && arg.ends_with("=")) {
      std::fprintf(stderr, "%s: error: %.*s has no value after '='\nRun '%s --help' for the options.\n", name.c_str(),
                   static_cast<int>(arg.size()), arg.data(), name.c_str());
      return exit_error;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      return run_body(
          name, [&] { return app.exit(e); }, 0, "");
    }
    std::fprintf(stderr, "%s: error: %s\nRun '%s --help' for the options.\n", name.c_str(), e.what(), name.c_str());
    return exit_error;
  }
  std::uint64_t budget = 0;  // 0: physical memory unknown, no limit
  try {
    budget = memory_option->count() == 0 ? default_memory_budget().value_or(0) : parse_memory_size(memory_limit);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "%s: error: %s\nRun '%s --help' for the options.\n", name.c_str(), e.what(), name.c_str());
    return exit_error;
  }
  const std::uint64_t limit = budget ? apply_memory_budget(budget).value_or(0) : 0;
  const char* source = limit < budget                ? "set by 'ulimit -v'"
                       : memory_option->count() == 0 ? "by default half of physical memory"
                                                     : "--memory-limit";
  return run_body(name, body, limit, source);
}

}  // namespace tools
