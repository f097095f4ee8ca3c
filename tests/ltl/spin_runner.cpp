#include "tests/ltl/spin_runner.hpp"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <utility>

namespace ltl_test {

bool spin_available() {
  return std::system(
             "command -v spin >/dev/null 2>&1 && command -v cc >/dev/null 2>&1 && "
             "command -v timeout >/dev/null 2>&1") == 0;
}

SpinRunner::SpinRunner(std::string pan_options) : pan_options_(std::move(pan_options)) {
  std::string pattern = (std::filesystem::temp_directory_path() / "bb_spin_XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("spin: no temporary directory");
  dir_ = pattern;
}

SpinRunner::~SpinRunner() {
  if (std::getenv("BB_SPIN_KEEP")) {
    std::fprintf(stderr, "spin: kept %s\n", dir_.c_str());
    return;
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::string SpinRunner::run(const std::string& command, int& status) const {
  FILE* p = popen(("cd '" + dir_ + "' && " + command + " 2>&1").c_str(), "r");
  if (!p) throw std::runtime_error("spin: cannot run " + command);
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int raw = pclose(p);
  status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return out;
}

std::optional<std::string> SpinRunner::negated_claim(const std::string& formula, int seconds) {
  if (formula.find('\'') != std::string::npos) throw std::invalid_argument("spin: a quote in " + formula);
  int status = 0;
  const std::string out = run("timeout " + std::to_string(seconds) + " spin -f '!(" + formula + ")'", status);
  if (status == 124) return std::nullopt;
  if (status != 0 || out.rfind("never", 0) != 0 || out.find("tl_spin") != std::string::npos)
    throw std::runtime_error("spin -f '!(" + formula + ")' failed:\n" + out);
  return out;
}

std::vector<bool> SpinRunner::verify(const std::string& model, const std::vector<std::string>& names,
                                     const std::vector<std::pair<std::string, std::string>>& files,
                                     bool weak_fairness) {
  std::ofstream(dir_ + "/model.pml") << model;
  for (const auto& [name, text] : files) std::ofstream(dir_ + "/" + name) << text;
  int status = 0;
  std::string out = run("rm -f pan pan.c && spin -a model.pml", status);
  if (status != 0 || out.find("rror") != std::string::npos) throw std::runtime_error("spin -a failed:\n" + out);
  // -O0: pan explores a few hundred states, its compile time is what
  // counts, and clang takes half of gcc's on pan.c; -DNOREDUCE: no partial
  // order reduction (there is one process, or weak fairness, which SPIN
  // keeps apart from it), -DNOFAIR: no pan -f.
  out = run(std::string("$(command -v clang || echo cc) -O0 -w -DNOREDUCE") + (weak_fairness ? "" : " -DNOFAIR") +
                " -o pan pan.c",
            status);
  if (status != 0) throw std::runtime_error("compiling pan.c failed:\n" + out);
  std::vector<bool> holds;
  for (const std::string& name : names) {
    out = run(std::string("./pan -a ") + (weak_fairness ? "-f " : "") + "-n " + pan_options_ + " -N " + name, status);
    const std::size_t at = out.find("errors: ");
    if (status != 0 || at == std::string::npos || out.find("+ (" + name + ")") == std::string::npos ||
        out.find("search depth too small") != std::string::npos ||
        out.find(weak_fairness ? "(fairness enabled)" : "(fairness disabled)") == std::string::npos)
      throw std::runtime_error("pan -a -N " + name + " failed:\n" + out);
    holds.push_back(std::strtoul(out.c_str() + at + 8, nullptr, 10) == 0);
  }
  return holds;
}

}  // namespace ltl_test
